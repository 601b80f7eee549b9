import type { SignInOptions } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from '../utils/query-keys';

/** `GET /api/sign-in-options`: which social sign-in buttons work on this server. */
export const getSignInOptions = (signal?: AbortSignal) =>
  api.get<SignInOptions>('/sign-in-options', { signal });

export const signInOptionsQuery = queryOptions({
  queryKey: authKeys.signInOptions,
  queryFn: ({ signal }) => getSignInOptions(signal),
  staleTime: Infinity,
});

export const useSignInOptions = () => useQuery(signInOptionsQuery);
