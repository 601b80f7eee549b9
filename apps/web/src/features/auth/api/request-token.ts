import type { TokenResponse } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { readAccessToken, storeAccessToken } from '../utils/token-storage';

/**
 * The token flow (docs/product.md, Rules): `PUT /api/user/{email}` with `{ email }` answers the access token,
 * kept in localStorage as `accessToken`. Only the signed-in owner of the email gets one.
 */
export async function requestToken(email: string): Promise<string> {
  const { token } = await api.put<TokenResponse>(`/user/${encodeURIComponent(email)}`, { email });
  storeAccessToken(token);
  return token;
}

/** The stored token, or (after a social sign-in lands on /home) a new one, asked for once. */
export const ensureAccessToken = async (email: string) =>
  readAccessToken() ?? (await requestToken(email));

/** The access token of the signed-in user; the query runs while `email` is known. */
export const getAccessTokenQueryOptions = (email: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.auth.token(email ?? ''),
    queryFn: () => ensureAccessToken(email ?? ''),
    enabled: Boolean(email),
    staleTime: Infinity,
  });

export const useAccessToken = (email: string | undefined) =>
  useQuery(getAccessTokenQueryOptions(email));
