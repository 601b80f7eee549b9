import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isRetriable } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/dev/outbox`: the emails written instead of sent; 404 in production. */
export const getOutbox = (signal?: AbortSignal) => api.get('/dev/outbox', { signal });

export const getOutboxQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.emails.outbox,
    queryFn: ({ signal }) => getOutbox(signal),
    retry: (count, error) => isRetriable(error) && count < 2,
  });

export const useOutbox = () => useQuery(getOutboxQueryOptions());
