import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /api/purchase/{id}/documents` (buyer or admin): the order's invoice and credit notes,
 * oldest first.
 */
export const getDocuments = (orderId: string, signal?: AbortSignal) =>
  api.get('/purchase/{id}/documents', { path: { id: orderId }, signal });

export const getDocumentsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.orders.documents(orderId),
    queryFn: ({ signal }) => getDocuments(orderId, signal),
  });

/** Asked only when `enabled`: an order never paid has no documents to list. */
export const useDocuments = (orderId: string, enabled: boolean) =>
  useQuery({ ...getDocumentsQueryOptions(orderId), enabled });
