import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { isSignInRefused, tokenRetryDelay } from '../utils/sign-in-refused';
import { readAccessToken, storeAccessToken } from '../utils/token-storage';

/**
 * The token flow (docs/product.md, Rules): `PUT /api/user/{email}` with `{ email }` answers the access token,
 * kept in localStorage as `accessToken`. Only the signed-in owner of the email gets one.
 */
export async function requestToken(email: string): Promise<string> {
  const { token } = await api.put('/user/{email}', { path: { email }, body: { email } });
  storeAccessToken(token);
  return token;
}

/** The stored token, or (after a social sign-in lands on /home) a new one, asked for once. */
export const ensureAccessToken = async (email: string) =>
  readAccessToken() ?? (await requestToken(email));

/**
 * The access token of the signed-in user; the query runs while `email` is known. A failure other
 * than a refusal (401, 403) is asked again by itself, sooner first, then every 30 s at most, and
 * at once when the browser is back online or the tab is shown again: each failure is an error of
 * its own (no silent retries), so the app can tell the user at the first one.
 */
export const getAccessTokenQueryOptions = (email: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.auth.token(email ?? ''),
    queryFn: () => ensureAccessToken(email ?? ''),
    enabled: Boolean(email),
    staleTime: Infinity,
    retry: false,
    refetchInterval: ({ state }) =>
      state.status === 'error' && !isSignInRefused(state.error)
        ? tokenRetryDelay(state.errorUpdateCount)
        : false,
    // Only a query without its token is stale, so these ask only while it is missing.
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });

export const useAccessToken = (email: string | undefined) =>
  useQuery(getAccessTokenQueryOptions(email));
