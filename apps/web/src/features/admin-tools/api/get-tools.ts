import { LIST_PAGE_SIZE_MAX } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiQuery } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How many tools one page of Manage Tools holds (the API's largest page). */
export const MANAGED_TOOLS_PAGE_SIZE = LIST_PAGE_SIZE_MAX;

/** Manage Tools' search, "Show retired" and page. */
export type ManagedToolsQuery = Pick<ApiQuery<'get', '/tools'>, 'search'> & {
  /** The retired tools (admins only) instead of those on sale. */
  retired?: boolean;
  page: number;
};

/**
 * `GET /api/tools?limit=100&page=N` (`retired=true`: the retired ones): a page, with the total,
 * saying whether it lists the retired tools: the page kept on screen while another loads may be
 * of the other kind.
 */
export async function getTools(
  { retired = false, ...query }: ManagedToolsQuery,
  signal?: AbortSignal,
) {
  const page = await api.page('/tools', {
    query: { ...query, retired: retired ? 'true' : undefined, limit: MANAGED_TOOLS_PAGE_SIZE },
    signal,
  });
  return { ...page, retired };
}

export const getManagedToolsQueryOptions = (query: ManagedToolsQuery) =>
  queryOptions({
    queryKey: queryKeys.tools.managed(query),
    queryFn: ({ signal }) => getTools(query, signal),
    placeholderData: keepPreviousData,
  });

export const useTools = (query: ManagedToolsQuery) => useQuery(getManagedToolsQueryOptions(query));
