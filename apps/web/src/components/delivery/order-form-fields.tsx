import { type ShippingOption, shopToday } from '@shop/shared';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormField, TextField } from '../ui/form-field';
import { neededByHint } from './delivery-values';
import type { OrderFormValues } from './use-order-form';

/** Who buys, read only: the signed-in account's name and email. */
export function BuyerFields({ buyer }: { buyer: { name: string; email: string } }) {
  return (
    <>
      <FormField label="Name">
        {(control) => <input {...control} className="input w-full" value={buyer.name} disabled />}
      </FormField>
      <FormField label="Email">
        {(control) => <input {...control} className="input w-full" value={buyer.email} disabled />}
      </FormField>
    </>
  );
}

/**
 * The optional "Needed by" day of an order's form, not before the shop's today; its hint says
 * how long the chosen shipping method takes. Inside the form's FormProvider.
 */
export function NeededByField({ chosen }: { chosen: ShippingOption | undefined }) {
  const [minDay] = useState(() => shopToday(new Date()));
  const { register, getFieldState, formState } = useFormContext<OrderFormValues>();
  return (
    <TextField
      label="Needed by"
      hint={neededByHint(chosen)}
      type="date"
      min={minDay}
      // An empty date input means no date: the field is left out.
      {...register('neededBy', { setValueAs: (value: string) => value || undefined })}
      error={getFieldState('neededBy', formState).error?.message}
    />
  );
}
