import type { SummaryItem } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getSummary = (signal?: AbortSignal) => api.get<SummaryItem[]>('/summary', { signal });

export const summaryQueryKey = ['summary'] as const;

export const useSummary = () =>
  useQuery({ queryKey: summaryQueryKey, queryFn: ({ signal }) => getSummary(signal) });
