import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `POST /api/purchase/{id}/refund-preview` (admins): what a refund of these lines, or of the
 * whole order without them, would give back, by the server's rules. It changes nothing.
 */
export const getRefundPreview = (
  orderId: string,
  lines: readonly string[] | null,
  signal?: AbortSignal,
) =>
  api.post('/purchase/{id}/refund-preview', {
    path: { id: orderId },
    body: lines ? { lines: [...lines] } : {},
    signal,
  });

/** While the refund dialog is open; the amount shown stays until the next one is known. */
export const useRefundPreview = (
  orderId: string,
  lines: readonly string[] | null,
  enabled: boolean,
) =>
  useQuery({
    queryKey: queryKeys.orders.refundPreview(orderId, lines),
    queryFn: ({ signal }) => getRefundPreview(orderId, lines, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
