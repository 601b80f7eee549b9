import { LIST_PAGE_SIZE_DEFAULT } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/purchase?userEmail=` (bearer): a page of the caller's own orders, newest first. */
export const getMyOrders = (email: string, page: number, signal?: AbortSignal) =>
  api.page('/purchase', {
    query: { userEmail: email, page, limit: LIST_PAGE_SIZE_DEFAULT },
    signal,
  });

export const getMyOrdersQueryOptions = (email: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.orders.minePage(email, page),
    queryFn: ({ signal }) => getMyOrders(email, page, signal),
    placeholderData: keepPreviousData,
  });

export const useMyOrders = (email: string, page: number) =>
  useQuery(getMyOrdersQueryOptions(email, page));
