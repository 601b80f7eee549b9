import { isCountryCode, regionsOf } from '@shop/shared';
import { useEffect, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { type ShippingQuoteRequest, useShippingQuote } from '../../lib/get-shipping-quote';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { DeliveryValues } from './delivery-values';

/** A line to be quoted, with the name its refusal is told by. */
export interface QuoteLine {
  toolId: string;
  quantity: number;
  name: string;
}

/** A quantity or a destination settles this long before the quote is asked again. */
const QUOTE_DEBOUNCE_MS = 250;

/**
 * The shipping quote of a form's delivery: asked as soon as the country (and the region where
 * the country has them) is chosen and the lines are orderable (`lines` null while they are
 * not), asked again when they change. The first method is chosen whenever the chosen one is
 * not among those offered (the first quote, another country). `blocked` while nothing can be
 * shipped there or a new quote is on its way: the form then waits to be sent.
 */
export function useDeliveryQuote(lines: readonly QuoteLine[] | null) {
  const { control, getValues, setValue, formState } = useFormContext<DeliveryValues>();
  const country = useWatch({ control, name: 'country' });
  const region = useWatch({ control, name: 'region' });
  const methodId = useWatch({ control, name: 'shippingMethodId' });

  const regions = regionsOf(country);
  const known = isCountryCode(country) && (!regions || Boolean(region));
  const wanted: ShippingQuoteRequest | null =
    known && lines && lines.length > 0
      ? {
          country,
          ...(regions ? { region } : {}),
          lines: lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
        }
      : null;
  // One key for equal requests: a new array of the same lines asks nothing again.
  const wantedKey = useDebouncedValue(JSON.stringify(wanted), QUOTE_DEBOUNCE_MS);
  const request = useMemo(() => JSON.parse(wantedKey) as ShippingQuoteRequest | null, [wantedKey]);
  const quote = useShippingQuote(request);

  const shown = request ? quote.data : undefined;
  const options = useMemo(() => shown?.options ?? [], [shown]);
  const { isSubmitted } = formState;
  useEffect(() => {
    if (!shown) return;
    const current = getValues('shippingMethodId');
    if (options.some((option) => option.methodId === current)) return;
    setValue('shippingMethodId', options[0]?.methodId ?? '', { shouldValidate: isSubmitted });
  }, [shown, options, getValues, setValue, isSubmitted]);

  const names = new Map(lines?.map((line) => [line.toolId, line.name]));
  const settling = JSON.stringify(wanted) !== wantedKey;
  return {
    /** The destination is not known yet: nothing to ask. */
    waiting: wanted === null,
    quote,
    shown,
    /** The chosen method's figures. */
    chosen: options.find((option) => option.methodId === methodId),
    /** A part's name, for the refusal's lines. */
    nameOf: (toolId: string) => names.get(toolId) ?? 'A part',
    /** Working out the figures of what is on the form now. */
    working: settling || quote.isFetching,
    blocked: Boolean(shown?.refusal) || settling || quote.isFetching,
  };
}

export type DeliveryQuote = ReturnType<typeof useDeliveryQuote>;
