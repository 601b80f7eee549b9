import type { ReturnListFilter } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/returns` (admins): every order's returns in one status, those still to act on, or all of them. */
export const getReturns = (status: ReturnListFilter | undefined, signal?: AbortSignal) =>
  api.get('/returns', { query: { status }, signal });

export const getReturnsQueryOptions = (status: ReturnListFilter | undefined) =>
  queryOptions({
    queryKey: queryKeys.orders.returnQueue(status ?? 'all'),
    queryFn: ({ signal }) => getReturns(status, signal),
  });

export const useReturns = (status: ReturnListFilter | undefined) =>
  useQuery(getReturnsQueryOptions(status));
