import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Cart,
  checkDestination,
  deliveryFields,
  messages,
  type Order,
  formatMoney,
} from '@shop/shared';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { DeliveryFields } from '../../../components/delivery/delivery-fields';
import { BuyerFields, NeededByField } from '../../../components/delivery/order-form-fields';
import { QuoteSummary } from '../../../components/delivery/quote-summary';
import { ShippingMethods } from '../../../components/delivery/shipping-methods';
import { useDeliveryQuote } from '../../../components/delivery/use-delivery-quote';
import { useOrderForm } from '../../../components/delivery/use-order-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { SubmitButton } from '../../../components/ui/submit-button';
import { formatCount } from '../../../lib/format';
import { NeededByFieldSchema } from '../../../lib/needed-by-schema';
import { usePlaceCheckout } from '../api/place-checkout';

/** The shared checkout schema with the form's "needed by" check (a refined schema cannot be extended). */
const CheckoutFormSchema = z
  .object({ ...deliveryFields, neededBy: NeededByFieldSchema })
  .strict()
  .superRefine(checkDestination);
const resolver = zodResolver(CheckoutFormSchema);

interface CheckoutFormProps {
  cart: Cart;
  buyer: { name: string; email: string };
  /** Our Moto's day (YYYY-MM-DD, not past), or ''. */
  initialNeededBy: string;
  onPlaced: (order: Order) => void;
}

/**
 * The checkout: what the cart orders (read only, priced by the server), who buys, then where
 * it goes (the delivery fields), "needed by", the shipping methods that can take every line
 * there and what it all costs. "Place order" makes one order of every line, or none: a refusal
 * names the lines that are short or cannot go there, and the form keeps what was typed
 * (`useOrderForm`, with its Idempotency-Key).
 */
export function CheckoutForm({ cart, buyer, initialNeededBy, onPlaced }: CheckoutFormProps) {
  const checkout = usePlaceCheckout();
  const form = useOrderForm({
    resolver,
    initialNeededBy,
    place: (values, idempotencyKey) => checkout.mutateAsync({ checkout: values, idempotencyKey }),
    placedMessage: messages.success.orderPlaced,
    onPlaced,
  });

  return (
    <FormProvider {...form}>
      <CheckoutLayout
        cart={cart}
        buyer={buyer}
        failure={form.failure}
        busy={form.formState.isSubmitting}
        onSubmit={form.onSubmit}
      />
    </FormProvider>
  );
}

interface CheckoutLayoutProps {
  cart: Cart;
  buyer: { name: string; email: string };
  failure: string | null;
  busy: boolean;
  onSubmit: () => void;
}

/** The form and its summary, inside the form's FormProvider, where the delivery's quote is read. */
function CheckoutLayout({ cart, buyer, failure, busy, onSubmit }: CheckoutLayoutProps) {
  const delivery = useDeliveryQuote(
    cart.lines.map((line) => ({ toolId: line.toolId, quantity: line.quantity, name: line.name })),
  );

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
      <form noValidate onSubmit={onSubmit} aria-label="Checkout" className="flex flex-col gap-1">
        <div className="grid gap-x-4 sm:grid-cols-2">
          <BuyerFields buyer={buyer} />
        </div>
        <DeliveryFields buyerName={buyer.name} buyerEmail={buyer.email} />
        <NeededByField chosen={delivery.chosen} />
        <ShippingMethods delivery={delivery} />
        <FormAlert message={failure} className="mt-2" />
        <SubmitButton
          busy={busy}
          disabled={delivery.blocked}
          className="mt-4 w-full sm:w-auto sm:self-start"
        >
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
                  {formatCount(line.quantity)} × {line.title}
                </span>
                <span className="tabular-nums whitespace-nowrap">{formatMoney(line.price)}</span>
              </li>
            ))}
          </ul>
          <div className="border-base-300 border-t pt-3">
            <QuoteSummary
              quote={delivery.shown}
              chosen={delivery.chosen}
              subtotal={cart.subtotal}
              working={delivery.working}
            />
          </div>
        </div>
      </section>
    </div>
  );
}
