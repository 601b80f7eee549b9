import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/payment-config`: the sandbox ("Test mode"), or Stripe with its publishable key. */
export const getPaymentConfig = (signal?: AbortSignal) => api.get('/payment-config', { signal });

export const getPaymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.payments.config,
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: Infinity,
  });

export const usePaymentConfig = () => useQuery(getPaymentConfigQueryOptions());
