import { TOTAL_COUNT_HEADER, type Tool } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ToolsPageQuery {
  search?: string;
  page?: number;
  limit?: number;
}

export interface ToolsPage {
  tools: Tool[];
  total: number;
}

export async function getTools(query: ToolsPageQuery, signal?: AbortSignal): Promise<ToolsPage> {
  const { data, headers } = await apiRequest<Tool[]>('/tools', { query: { ...query }, signal });
  return { tools: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

export const getToolsQueryOptions = (query: ToolsPageQuery) =>
  queryOptions({
    queryKey: queryKeys.tools.list(query),
    queryFn: ({ signal }) => getTools(query, signal),
    placeholderData: keepPreviousData,
  });

export const useTools = (query: ToolsPageQuery) => useQuery(getToolsQueryOptions(query));
