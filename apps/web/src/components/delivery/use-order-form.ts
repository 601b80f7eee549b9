import type { Order } from '@shop/shared';
import type { DefaultValues, Path, Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { useIdempotentAttempt } from '../../lib/idempotency-key';
import { useServerForm } from '../../lib/use-server-form';
import { type DeliveryValues, deliveryServerFields, emptyDelivery } from './delivery-values';

/** What every form that places an order holds: the delivery and the optional "needed by" day. */
export interface OrderFormValues extends DeliveryValues {
  neededBy?: string | undefined;
}

// In the form's order, as the first refused one takes the focus. Not a purchase's quantity: a
// refused quantity (stock gone) is told in the form's alert only.
const orderServerFields = [...deliveryServerFields, 'neededBy'] as const;

interface OrderFormOptions<TValues extends OrderFormValues, TContext, TPlaced> {
  /** The form's check: the shared schema of the order, with the form's "needed by" check. */
  resolver: Resolver<TValues, TContext, TPlaced>;
  /** What the form starts with besides an empty delivery (a purchase's minimum quantity). */
  defaults?: Omit<Partial<TValues>, keyof OrderFormValues>;
  /** Our Moto's day (YYYY-MM-DD, not past), or ''. */
  initialNeededBy: string;
  /** Sends the order with the attempt's Idempotency-Key; answers the order the server made. */
  place: (values: TPlaced, idempotencyKey: string) => Promise<Order>;
  /** The toast once the server accepted the order. */
  placedMessage: string;
  onPlaced: (order: Order) => void;
}

/**
 * The one way a form places an order (the purchase form, the checkout): a server form with the
 * delivery's fields and "needed by", whose refusal's words show in the form's alert even when a
 * field took a message, and whose `onSubmit` sends one attempt: a retry of an attempt whose
 * answer never came reuses its Idempotency-Key, so a double click or a lost answer orders once.
 * Accepted, it toasts and hands the order on; refused, the form keeps what was typed.
 */
export function useOrderForm<TValues extends OrderFormValues, TContext, TPlaced>({
  resolver,
  defaults,
  initialNeededBy,
  place,
  placedMessage,
  onPlaced,
}: OrderFormOptions<TValues, TContext, TPlaced>) {
  const attempt = useIdempotentAttempt();
  const form = useServerForm({
    resolver,
    // The values' type is the schema's, which holds at least these fields.
    defaultValues: {
      ...emptyDelivery,
      ...defaults,
      neededBy: initialNeededBy || undefined,
    } as DefaultValues<TValues>,
    serverFields: orderServerFields as readonly string[] as readonly Path<TValues>[],
    alwaysShowFailure: true,
  });

  const onSubmit = form.submitWith(async (values) => {
    const order = await attempt((idempotencyKey) => place(values, idempotencyKey));
    toast.success(placedMessage);
    onPlaced(order);
  });

  return { ...form, onSubmit };
}
