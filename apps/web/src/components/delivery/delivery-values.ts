import {
  DELIVERY_PROMISE_DAYS,
  deliveryEstimate,
  formatPercent,
  type ShippingOption,
  type ShippingQuote,
} from '@shop/shared';

/**
 * The fields a delivery adds to a form (the purchase form, the checkout), as the shared
 * `deliveryFields` name them: the pieces in this folder read and write them through the form's
 * context, whatever else the form holds.
 */
export interface DeliveryValues {
  address: string;
  phone: string;
  recipient?: string | undefined;
  country: string;
  region?: string | undefined;
  city: string;
  postalCode?: string | undefined;
  shippingMethodId: string;
}

/** The fields of a delivery a refusal from the API may name, in the order the form shows them. */
export const deliveryServerFields = [
  'country',
  'address',
  'city',
  'region',
  'postalCode',
  'recipient',
  'phone',
  'shippingMethodId',
] as const;

/** What the delivery fields start with: nothing chosen, no method until a quote comes. */
export const emptyDelivery = {
  address: '',
  phone: '',
  country: '',
  city: '',
  shippingMethodId: '',
} satisfies Partial<DeliveryValues>;

/** "VAT (19%)", "Sales tax (0%)": the tax of a destination as the summary names it. */
export const taxLabel = (quote: Pick<ShippingQuote, 'taxName' | 'taxRate'>) =>
  `${quote.taxName} (${formatPercent(quote.taxRate)})`;

/** "3-5 days" with the spec's promise in mind: the Needed by field's hint. */
export function neededByHint(chosen: ShippingOption | undefined): string {
  if (!chosen) return 'Optional.';
  if (chosen.withinPromise) {
    return `Optional. We deliver within ${DELIVERY_PROMISE_DAYS} days of your order.`;
  }
  return `Optional. ${chosen.name} delivers in ${deliveryEstimate(chosen.minDays, chosen.maxDays)}.`;
}
