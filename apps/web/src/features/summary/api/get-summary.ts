import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getSummary = (signal?: AbortSignal) => api.get('/summary', { signal });

export const getSummaryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.summary.all, queryFn: ({ signal }) => getSummary(signal) });

export const useSummary = () => useQuery(getSummaryQueryOptions());
