import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/sign-in-options`: which social sign-in buttons work on this server. */
export const getSignInOptions = (signal?: AbortSignal) => api.get('/sign-in-options', { signal });

export const getSignInOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.signInOptions,
    queryFn: ({ signal }) => getSignInOptions(signal),
    staleTime: Infinity,
  });

export const useSignInOptions = () => useQuery(getSignInOptionsQueryOptions());
