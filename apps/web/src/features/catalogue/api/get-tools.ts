import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiQuery } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ToolsPageQuery = Pick<ApiQuery<'get', '/tools'>, 'search' | 'page' | 'limit'>;

export async function getTools(query: ToolsPageQuery, signal?: AbortSignal) {
  const { items, total } = await api.page('/tools', { query, signal });
  return { tools: items, total };
}

export const getToolsQueryOptions = (query: ToolsPageQuery) =>
  queryOptions({
    queryKey: queryKeys.tools.list(query),
    queryFn: ({ signal }) => getTools(query, signal),
    placeholderData: keepPreviousData,
  });

export const useTools = (query: ToolsPageQuery) => useQuery(getToolsQueryOptions(query));
