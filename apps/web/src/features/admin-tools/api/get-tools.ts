import { LIST_PAGE_SIZE_MAX, TOTAL_COUNT_HEADER, type Tool } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ManagedToolsPage {
  tools: Tool[];
  total: number;
  /** How many tools one page holds (the API's largest page). */
  pageSize: number;
}

/** `GET /api/tools?limit=100&page=N`: one page of the catalogue, with the total. */
export async function getTools(page: number, signal?: AbortSignal): Promise<ManagedToolsPage> {
  const { data, headers } = await apiRequest<Tool[]>('/tools', {
    query: { page, limit: LIST_PAGE_SIZE_MAX },
    signal,
  });
  return {
    tools: data,
    total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length),
    pageSize: LIST_PAGE_SIZE_MAX,
  };
}

export const getManagedToolsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.tools.managed(page),
    queryFn: ({ signal }) => getTools(page, signal),
    placeholderData: keepPreviousData,
  });

export const useTools = (page: number) => useQuery(getManagedToolsQueryOptions(page));
