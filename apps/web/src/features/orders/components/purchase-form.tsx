import { zodResolver } from '@hookform/resolvers/zod';
import {
  messages,
  type Order,
  PurchaseSchema,
  shopToday,
  type Tool,
  formatMoney,
} from '@shop/shared';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField, TextAreaField, TextField } from '../../../components/ui/form-field';
import { NeededByFieldSchema } from '../../../lib/needed-by-schema';
import { useIdempotentAttempt } from '../../../lib/idempotency-key';
import { formatCount } from '../../../lib/format';
import { useServerForm } from '../../../lib/use-server-form';
import { useCreatePurchase } from '../api/create-purchase';
import { isQuantityInRange } from '../../../lib/quantity';
import { SubmitButton } from '../../../components/ui/submit-button';

/**
 * The shared purchase schema, as the form holds it: the tool comes from the page, and the
 * "needed by" day, when one is chosen, is not over yet on the shop's calendar, the same check
 * as the server's.
 */
const PurchaseFormSchema = PurchaseSchema.omit({ toolId: true }).extend({
  neededBy: NeededByFieldSchema,
});

// In the form's order, as the first refused one takes the focus. Not the quantity: a refused
// quantity (stock gone) is told in the form's alert only, as before.
const serverFields = ['address', 'phone', 'neededBy'] as const;

interface PurchaseFormProps {
  tool: Tool;
  buyer: { name: string; email: string };
  /** YYYY-MM-DD from Our Moto's calendar (already checked), or ''. */
  initialNeededBy: string;
  /** The server accepted the order. */
  onPurchased: (order: Order) => void;
}

/**
 * The purchase form: who buys and the tool's price and stock (read only), then the
 * address, phone, quantity and "needed by" date. A quantity outside min..available shows the
 * notice and disables Purchase. The page stays until the server has accepted the order; a
 * refusal (stock gone) is shown here in red.
 */
export function PurchaseForm({ tool, buyer, initialNeededBy, onPurchased }: PurchaseFormProps) {
  const purchase = useCreatePurchase();
  const [minDay] = useState(() => shopToday(new Date()));
  const attempt = useIdempotentAttempt();
  const {
    field,
    submitWith,
    failure,
    control,
    formState: { isSubmitting },
  } = useServerForm({
    resolver: zodResolver(PurchaseFormSchema),
    defaultValues: {
      address: '',
      phone: '',
      quantity: tool.minOrderQuantity,
      neededBy: initialNeededBy || undefined,
    },
    serverFields,
    // The refusal's words show in the form's alert even when a field took a message.
    alwaysShowFailure: true,
  });

  const quantity = useWatch({ control, name: 'quantity' });
  const min = tool.minOrderQuantity;
  const available = tool.availableQuantity;
  const quantityOk = isQuantityInRange(Number(quantity), min, available);
  const soldOut = available < min;

  const onSubmit = submitWith(async (values) => {
    const order = await attempt((idempotencyKey) =>
      purchase.mutateAsync({ purchase: { toolId: tool._id, ...values }, idempotencyKey }),
    );
    toast.success(messages.success.purchased);
    onPurchased(order);
  });

  const { error: quantityError, ...quantityInput } = field('quantity', { valueAsNumber: true });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Purchase" className="flex flex-col gap-1">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField label="Name">
          {(control) => <input {...control} className="input w-full" value={buyer.name} disabled />}
        </FormField>
        <FormField label="Email">
          {(control) => (
            <input {...control} className="input w-full" value={buyer.email} disabled />
          )}
        </FormField>
        <FormField label="Price per unit">
          {(control) => (
            <input {...control} className="input w-full" value={formatMoney(tool.price)} disabled />
          )}
        </FormField>
        <FormField label="Available quantity">
          {(control) => (
            <input {...control} className="input w-full" value={formatCount(available)} disabled />
          )}
        </FormField>
      </div>

      <TextAreaField
        label="Address"
        rows={3}
        autoComplete="street-address"
        required
        {...field('address')}
      />
      <TextField label="Phone number" type="tel" autoComplete="tel" required {...field('phone')} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField
          label="Quantity"
          error={quantityError}
          hint={
            <span className={quantityOk ? '' : 'font-semibold text-red-700'} role="status">
              {quantityOk
                ? `Between ${min} and ${available}`
                : messages.quantityNotice(min, available)}
            </span>
          }
        >
          {(control) => (
            <input
              {...control}
              aria-invalid={!quantityOk || quantityError ? true : undefined}
              type="number"
              inputMode="numeric"
              min={min}
              max={available}
              step={1}
              className={`input w-full ${quantityOk && !quantityError ? '' : 'input-error'}`}
              {...quantityInput}
            />
          )}
        </FormField>
        <TextField
          label="Needed by"
          hint="Optional. We deliver within 7 days of your order."
          type="date"
          min={minDay}
          // An empty date input means no date: the field is left out.
          {...field('neededBy', { setValueAs: (value: string) => value || undefined })}
        />
      </div>

      {soldOut && (
        <p className="text-sm font-semibold text-red-700">
          This tool is sold out in the minimum order quantity for now.
        </p>
      )}
      <FormAlert message={failure} className="mt-2" />
      <SubmitButton
        busy={isSubmitting}
        disabled={!quantityOk}
        className="mt-4 w-full sm:w-auto sm:self-start"
      >
        Purchase
      </SubmitButton>
    </form>
  );
}
