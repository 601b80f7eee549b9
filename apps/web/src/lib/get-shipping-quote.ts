import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiBody } from './api-client';
import { queryKeys } from './query-keys';

export type ShippingQuoteRequest = ApiBody<'post', '/shipping/quote'>;

/**
 * `POST /api/shipping/quote` (public): what each method would charge to take these parts to a
 * country (and region), with the tax there, or why nothing can. Here, not in a feature: the
 * purchase form (orders) and the checkout (cart) both ask it, and features do not import each
 * other.
 */
export const getShippingQuote = (request: ShippingQuoteRequest, signal?: AbortSignal) =>
  api.post('/shipping/quote', { body: request, signal });

export const getShippingQuoteQueryOptions = (request: ShippingQuoteRequest) =>
  queryOptions({
    queryKey: queryKeys.shipping.quote(request),
    queryFn: ({ signal }) => getShippingQuote(request, signal),
    // Another quantity keeps the methods on screen while their new prices come; another
    // destination does not (its methods and tax are others).
    placeholderData: (previous, previousQuery) => {
      const asked = previousQuery?.queryKey[2] as Partial<ShippingQuoteRequest> | undefined;
      return asked?.country === request.country && asked.region === request.region
        ? previous
        : undefined;
    },
  });

/** Asked once the destination is known (`request` not null). */
export const useShippingQuote = (request: ShippingQuoteRequest | null) =>
  useQuery({
    ...getShippingQuoteQueryOptions(request ?? { country: '', lines: [] }),
    enabled: request !== null,
  });
