import type { Tool } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getTool = (id: string, signal?: AbortSignal) =>
  api.get<Tool>(`/tools/${encodeURIComponent(id)}`, { signal });

export const useTool = (id: string) =>
  useQuery({ queryKey: ['tools', 'detail', id], queryFn: ({ signal }) => getTool(id, signal) });
