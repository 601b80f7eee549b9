import { LIST_PAGE_SIZE_MAX, type Tool } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How many tools one page of Manage Tools holds (the API's largest page). */
export const MANAGED_TOOLS_PAGE_SIZE = LIST_PAGE_SIZE_MAX;

/** Manage Tools' search, "Show retired" and page. */
export interface ManagedToolsQuery {
  search?: string;
  /** The retired tools (admins only) instead of those on sale. */
  retired?: boolean;
  page: number;
}

/** `GET /api/tools?limit=100&page=N` (with `retired=true`, the retired ones): a page, with the total. */
export const getTools = ({ retired, ...query }: ManagedToolsQuery, signal?: AbortSignal) =>
  api.page<Tool>('/tools', {
    query: {
      ...query,
      retired: retired ? 'true' : undefined,
      limit: MANAGED_TOOLS_PAGE_SIZE,
    },
    signal,
  });

export const getManagedToolsQueryOptions = (query: ManagedToolsQuery) =>
  queryOptions({
    queryKey: queryKeys.tools.managed(query),
    queryFn: ({ signal }) => getTools(query, signal),
    placeholderData: keepPreviousData,
  });

export const useTools = (query: ManagedToolsQuery) => useQuery(getManagedToolsQueryOptions(query));
