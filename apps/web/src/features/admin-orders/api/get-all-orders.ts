import { LIST_PAGE_SIZE_DEFAULT } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiQuery } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Manage All Orders' filters and page (`GET /api/allPurchase`): status; search in the buyer's
 * email or name, or the names of the order's tools; days placed (`from`, `to`, both included).
 */
export type AllOrdersQuery = Omit<ApiQuery<'get', '/allPurchase'>, 'limit' | 'page'> & {
  page: number;
};

/** `GET /api/allPurchase` (admin): a page of the orders the filters select, newest first. */
export const getAllOrders = (query: AllOrdersQuery, signal?: AbortSignal) =>
  api.page('/allPurchase', { query: { ...query, limit: LIST_PAGE_SIZE_DEFAULT }, signal });

/** A loaded page of Manage All Orders. */
export type AdminOrdersPage = Awaited<ReturnType<typeof getAllOrders>>;

export const getAllOrdersQueryOptions = (query: AllOrdersQuery) =>
  queryOptions({
    queryKey: queryKeys.orders.everyonePage(query),
    queryFn: ({ signal }) => getAllOrders(query, signal),
    // The page on screen stays while the next one (or the next filter's) loads.
    placeholderData: keepPreviousData,
  });

export const useAllOrders = (query: AllOrdersQuery) => useQuery(getAllOrdersQueryOptions(query));
