import type { Tool } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
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
  const { items, total } = await api.page<Tool>('/tools', { query: { ...query }, signal });
  return { tools: items, total };
}

export const getToolsQueryOptions = (query: ToolsPageQuery) =>
  queryOptions({
    queryKey: queryKeys.tools.list(query),
    queryFn: ({ signal }) => getTools(query, signal),
    placeholderData: keepPreviousData,
  });

export const useTools = (query: ToolsPageQuery) => useQuery(getToolsQueryOptions(query));
