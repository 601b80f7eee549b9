import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Cart,
  CheckoutSchema,
  messages,
  type Order,
  shopToday,
  formatMoney,
} from '@shop/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField, TextAreaField, TextField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { formatCount } from '../../../lib/format';
import { useIdempotentAttempt } from '../../../lib/idempotency-key';
import { NeededByFieldSchema } from '../../../lib/needed-by-schema';
import { useServerForm } from '../../../lib/use-server-form';
import { usePlaceCheckout } from '../api/place-checkout';

const CheckoutFormSchema = CheckoutSchema.extend({ neededBy: NeededByFieldSchema });

// In the form's order, as the first refused one takes the focus.
const serverFields = ['address', 'phone', 'neededBy'] as const;

interface CheckoutFormProps {
  cart: Cart;
  buyer: { name: string; email: string };
  /** Our Moto's day (YYYY-MM-DD, not past), or ''. */
  initialNeededBy: string;
  onPlaced: (order: Order) => void;
}

/**
 * The checkout: what the cart orders (read only, priced by the server), who buys, then address,
 * phone and "needed by". "Place order" makes one order of every line, or none: a refusal names
 * the lines that are short and the form keeps what was typed. A retry of an attempt whose
 * answer never came reuses its Idempotency-Key, so a double click or a lost answer orders once.
 */
export function CheckoutForm({ cart, buyer, initialNeededBy, onPlaced }: CheckoutFormProps) {
  const checkout = usePlaceCheckout();
  const [minDay] = useState(() => shopToday(new Date()));
  const attempt = useIdempotentAttempt();
  const {
    field,
    submitWith,
    failure,
    formState: { isSubmitting },
  } = useServerForm({
    resolver: zodResolver(CheckoutFormSchema),
    defaultValues: { address: '', phone: '', neededBy: initialNeededBy || undefined },
    serverFields,
    alwaysShowFailure: true,
  });

  const onSubmit = submitWith(async (values) => {
    const order = await attempt((idempotencyKey) =>
      checkout.mutateAsync({ checkout: values, idempotencyKey }),
    );
    toast.success(messages.success.orderPlaced);
    onPlaced(order);
  });

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
      <form noValidate onSubmit={onSubmit} aria-label="Checkout" className="flex flex-col gap-1">
        <div className="grid gap-x-4 sm:grid-cols-2">
          <FormField label="Name">
            {(control) => (
              <input {...control} className="input w-full" value={buyer.name} disabled />
            )}
          </FormField>
          <FormField label="Email">
            {(control) => (
              <input {...control} className="input w-full" value={buyer.email} disabled />
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
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="tel"
            required
            {...field('phone')}
          />
          <TextField
            label="Needed by"
            hint="Optional. We deliver within 7 days of your order."
            type="date"
            min={minDay}
            {...field('neededBy', { setValueAs: (value: string) => value || undefined })}
          />
        </div>
        <FormAlert message={failure} className="mt-2" />
        <SubmitButton busy={isSubmitting} className="mt-4 w-full sm:w-auto sm:self-start">
          Place order
        </SubmitButton>
      </form>

      <section
        aria-labelledby="checkout-lines"
        className="card bg-base-200 lg:sticky lg:top-[calc(var(--spacing-navbar)+1rem)]"
      >
        <div className="card-body gap-3">
          <h2 id="checkout-lines" className="card-title">
            Your order
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            {cart.lines.map((line) => (
              <li key={line.toolId} className="flex items-start justify-between gap-3">
                <span className="break-words">
                  {formatCount(line.quantity)} × {line.name}
                </span>
                <span className="tabular-nums whitespace-nowrap">{formatMoney(line.price)}</span>
              </li>
            ))}
          </ul>
          <dl className="border-base-300 flex justify-between border-t pt-3 text-lg">
            <dt>Total</dt>
            <dd className="font-bold tabular-nums" data-testid="checkout-total">
              {formatMoney(cart.subtotal)}
            </dd>
          </dl>
        </div>
      </section>
    </div>
  );
}
