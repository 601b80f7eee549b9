import type { PaymentConfig } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from '../utils/query-keys';

/** `GET /api/payment-config`: the sandbox ("Test mode"), or Stripe with its publishable key. */
export const getPaymentConfig = (signal?: AbortSignal) =>
  api.get<PaymentConfig>('/payment-config', { signal });

export const usePaymentConfig = () =>
  useQuery({
    queryKey: paymentKeys.config,
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: Infinity,
  });
