import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type TaxRateRow = ApiAnswer<'get', '/shipping/tax-rates'>[number];

/** `GET /api/shipping/tax-rates` (admins): by country, the whole country before its regions. */
export const getTaxRates = (signal?: AbortSignal) => api.get('/shipping/tax-rates', { signal });

export const getTaxRatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.shipping.taxRates,
    queryFn: ({ signal }) => getTaxRates(signal),
  });

export const useTaxRates = () => useQuery(getTaxRatesQueryOptions());
