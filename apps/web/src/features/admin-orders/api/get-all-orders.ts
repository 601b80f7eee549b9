import { LIST_PAGE_SIZE_DEFAULT, type Order, type OrderStatus } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Manage All Orders' filters and page (`GET /api/allPurchase`). */
export interface AllOrdersQuery {
  status?: OrderStatus;
  /** In the buyer's email or name, or the names of the order's tools. */
  search?: string;
  /** Days placed, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  page: number;
}

/** `GET /api/allPurchase` (admin): a page of the orders the filters select, newest first. */
export const getAllOrders = (query: AllOrdersQuery, signal?: AbortSignal) =>
  api.page<Order>('/allPurchase', {
    query: { ...query, limit: LIST_PAGE_SIZE_DEFAULT },
    signal,
  });

export const getAllOrdersQueryOptions = (query: AllOrdersQuery) =>
  queryOptions({
    queryKey: queryKeys.orders.everyonePage(query),
    queryFn: ({ signal }) => getAllOrders(query, signal),
    // The page on screen stays while the next one (or the next filter's) loads.
    placeholderData: keepPreviousData,
  });

export const useAllOrders = (query: AllOrdersQuery) => useQuery(getAllOrdersQueryOptions(query));

/** Every loaded page of Manage All Orders, with `changed` in place of the order it replaces. */
export const withOrder = (page: ListPage<Order> | undefined, changed: Order) =>
  page && {
    ...page,
    items: page.items.map((order) => (order._id === changed._id ? changed : order)),
  };
