import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getTool = (id: string, signal?: AbortSignal) =>
  api.get('/tools/{id}', { path: { id }, signal });

export const getToolQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.tools.detail(id),
    queryFn: ({ signal }) => getTool(id, signal),
  });

export const useTool = (id: string) => useQuery(getToolQueryOptions(id));
