import { zodResolver } from '@hookform/resolvers/zod';
import { formatPercent, listCountries, regionsOf, TaxRateInputSchema } from '@shop/shared';
import { type Ref, useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField, TextField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useServerForm } from '../../../lib/use-server-form';
import type { TaxRateRow } from '../api/get-tax-rates';
import { useSaveTaxRate } from '../api/save-tax-rate';

const serverFields = ['country', 'region', 'name', 'rate'] as const;

interface TaxRateFormProps {
  /** The rate to change (its country and region fill the form); a new one without it. */
  editing: TaxRateRow | null;
  onSaved: () => void;
  formRef?: Ref<HTMLFormElement>;
}

/**
 * Sets the tax rate of a country, or of one of its regions (states, provinces): saving a
 * country and region that has a rate replaces it.
 */
export function TaxRateForm({ editing, onSaved, formRef }: TaxRateFormProps) {
  const save = useSaveTaxRate();
  const form = useServerForm({
    resolver: zodResolver(TaxRateInputSchema),
    defaultValues: { country: '', region: '', name: '' },
    serverFields,
  });
  const {
    field,
    register,
    submitWith,
    failure,
    control,
    reset,
    setValue,
    formState: { isSubmitting, errors },
  } = form;
  useEffect(() => {
    if (editing) {
      reset({
        country: editing.country,
        region: editing.region,
        name: editing.name,
        rate: editing.rate,
      });
    }
  }, [editing, reset]);
  const country = useWatch({ control, name: 'country' });
  const regions = country ? regionsOf(country) : undefined;
  const onSubmit = submitWith(async (values) => {
    const saved = await save.mutateAsync(values);
    const where = saved.regionName
      ? `${saved.regionName}, ${saved.countryName}`
      : saved.countryName;
    toast.success(`${saved.name} in ${where} is ${formatPercent(saved.rate)}`);
    reset({ country: '', region: '', name: '' });
    onSaved();
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-label="Set a tax rate"
      className="rounded-box border-base-300 bg-base-200 flex flex-col gap-1 border p-4"
    >
      <h3 className="font-semibold">Set a tax rate</h3>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField label="Country" error={errors.country?.message}>
          {(props) => (
            <select
              className="select w-full"
              {...props}
              {...register('country', { onChange: () => setValue('region', '') })}
            >
              <option value="">Choose a country</option>
              {listCountries().map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {regions && (
          <FormField label={regions.label} error={errors.region?.message}>
            {(props) => (
              <select className="select w-full" {...props} {...register('region')}>
                <option value="">The whole country</option>
                {regions.regions.map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        <TextField label="Tax name" placeholder="VAT, GST, Sales tax" {...field('name')} />
        <TextField
          label="Rate (%)"
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.001}
          hint="0 to 100, up to 3 decimals"
          {...field('rate', { valueAsNumber: true })}
        />
      </div>
      <FormAlert message={failure} />
      <div>
        <SubmitButton busy={isSubmitting} className="mt-2">
          Save rate
        </SubmitButton>
      </div>
    </form>
  );
}
