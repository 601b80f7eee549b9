import { listCountries, postalCodeLabel, regionsOf, usesPostalCode } from '@shop/shared';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormField, TextAreaField, TextField } from '../ui/form-field';
import type { DeliveryValues } from './delivery-values';
import { SavedAddressPicker } from './saved-address-picker';

/** An empty choice or text is no value: the field is left out of what is sent. */
const emptyIsNone = (value: string) => value || undefined;

interface DeliveryFieldsProps {
  /** Whom the parcel is addressed to when Recipient is left empty. */
  buyerName: string;
  /** The buyer's email, to start from their saved addresses (an order's form); none: no book. */
  buyerEmail?: string;
  /** Recipient must be given (an address kept in the book), instead of falling back to the buyer. */
  recipientRequired?: boolean;
}

/**
 * Where an order goes, in the purchase form and the checkout alike: the country (every one,
 * by name), the spec's Address, the city, the region where the country's addresses name one
 * (State in the US, Province in Canada), the postal code where the country has them (ZIP code
 * in the US), an optional recipient and the spec's Phone number. Each field shows its own
 * message, the form's check's or the server's. Inside the form's FormProvider. With the buyer's
 * email, the fields start from their default saved address, and another can be picked.
 */
export function DeliveryFields({ buyerName, buyerEmail, recipientRequired }: DeliveryFieldsProps) {
  const { register, control, setValue, getFieldState, formState } =
    useFormContext<DeliveryValues>();
  const country = useWatch({ control, name: 'country' });
  const regions = regionsOf(country);
  const hasPostalCode = country !== '' && usesPostalCode(country);
  const errorOf = (name: keyof DeliveryValues) => getFieldState(name, formState).error?.message;
  const field = <Name extends keyof DeliveryValues>(
    name: Name,
    options?: Parameters<typeof register<Name>>[1],
  ) => ({ ...register(name, options), error: errorOf(name) });

  const countryField = register('country', {
    // Another country's regions and postal codes are others: what was chosen for the last one goes.
    onChange: (event: { target: { value: string } }) => {
      const next = event.target.value;
      setValue('region', undefined);
      if (!next || !usesPostalCode(next)) setValue('postalCode', undefined);
    },
  });
  const countryError = errorOf('country');
  const regionError = errorOf('region');

  return (
    <>
      {buyerEmail && <SavedAddressPicker email={buyerEmail} />}
      <FormField label="Country" error={countryError}>
        {(control) => (
          <select
            {...control}
            {...countryField}
            autoComplete="country"
            required
            className={`select w-full ${countryError ? 'select-error' : ''}`}
          >
            <option value="">Choose a country</option>
            {listCountries().map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TextAreaField
        label="Address"
        rows={3}
        autoComplete="street-address"
        required
        {...field('address')}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField label="City" autoComplete="address-level2" required {...field('city')} />
        {regions && (
          <FormField label={regions.label} error={regionError}>
            {(control) => (
              <select
                {...control}
                // The postal code's message names the region: another choice checks it again.
                {...register('region', { setValueAs: emptyIsNone, deps: 'postalCode' })}
                autoComplete="address-level1"
                required
                className={`select w-full ${regionError ? 'select-error' : ''}`}
              >
                <option value="">Choose a {regions.label.toLowerCase()}</option>
                {regions.regions.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        {hasPostalCode && (
          <TextField
            label={postalCodeLabel(country)}
            autoComplete="postal-code"
            required
            {...field('postalCode', { setValueAs: emptyIsNone })}
          />
        )}
        <TextField
          label="Recipient"
          hint={
            recipientRequired
              ? undefined
              : `Optional. Left empty, the parcel is addressed to ${buyerName}.`
          }
          autoComplete="shipping name"
          required={recipientRequired}
          {...field('recipient', { setValueAs: emptyIsNone })}
        />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          required
          {...field('phone')}
        />
      </div>
    </>
  );
}
