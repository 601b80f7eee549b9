import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `POST /api/create-payment-intent` (owner): the client secret for the order's stored amount.
 * The server answers the same open intent for the same order and amount (Stripe: one
 * idempotency key per order and amount), so the page reads it like a query: once per visit.
 */
export const createPaymentIntent = (orderId: string) =>
  api.post('/create-payment-intent', { body: { orderId } });

export const getPaymentIntentQueryOptions = (orderId: string, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.payments.intent(orderId),
    queryFn: () => createPaymentIntent(orderId),
    enabled,
    staleTime: Infinity,
    // A client secret is not kept once the page is left.
    gcTime: 0,
  });

export const usePaymentIntent = (orderId: string, enabled: boolean) =>
  useQuery(getPaymentIntentQueryOptions(orderId, enabled));
