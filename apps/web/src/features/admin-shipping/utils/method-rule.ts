import { formatMoney, type ShippingMethod, type ShippingMethodInput } from '@shop/shared';

const grams = new Intl.NumberFormat('en-US');

/** A method's price rule in words: "$ 19.50", "$ 6.99, free from $ 99.00", "Up to 1,000 g: $ 14.99". */
export function describeRule(
  method: Pick<ShippingMethod, 'rateKind' | 'price' | 'freeOver' | 'weightBands'>,
) {
  switch (method.rateKind) {
    case 'flat':
      return method.price === 0 ? 'Free' : formatMoney(method.price);
    case 'free_over':
      return `${formatMoney(method.price)}, free from ${formatMoney(method.freeOver ?? 0)}`;
    case 'weight':
      return method.weightBands
        .map((band) => `up to ${grams.format(band.upToGrams)} g: ${formatMoney(band.price)}`)
        .join('; ')
        .replace(/^u/, 'U');
  }
}

export const rateKindLabels: Record<ShippingMethod['rateKind'], string> = {
  flat: 'Flat price',
  weight: 'By weight',
  free_over: 'Free over an amount',
};

/**
 * What a method's form sends of its rule: the price but for a rule by weight, the threshold only
 * when free over an amount, the bands only by weight (the other fields stay in the form, hidden,
 * in case the admin switches back).
 */
export function relevantRule<T extends Partial<ShippingMethodInput>>(values: T): T {
  const { price, freeOver, weightBands, ...rest } = values;
  return {
    ...rest,
    ...(values.rateKind === 'weight' ? { weightBands } : { price }),
    ...(values.rateKind === 'free_over' ? { freeOver } : {}),
  } as T;
}
