import { partialMatchKey, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';
import { forgetAccessToken, readAccessToken } from '../utils/token-storage';
import { getSessionQueryOptions } from './get-session';
import { revokeToken } from './revoke-token';

/** `POST /api/auth/sign-out`: ends Better Auth's cookie session (its body is an empty object). */
export const signOutSession = () => api.post('/auth/sign-out', { body: {} });

export interface SignOutOptions {
  /** Where to go afterwards; the home page unless said. */
  to?: string;
  /** Router state for that page (e.g. why the user was signed out). */
  state?: unknown;
}

const isSession = (key: QueryKey) => partialMatchKey(key, queryKeys.auth.session);
/** The signed-in user's token, role and cart. */
const isUserScoped = (key: QueryKey) =>
  partialMatchKey(key, queryKeys.auth.tokens) ||
  partialMatchKey(key, queryKeys.auth.adminChecks) ||
  partialMatchKey(key, queryKeys.cart.all) ||
  partialMatchKey(key, queryKeys.addresses.all);

/** Several screens may ask at once (a dead token is seen everywhere): one sign-out runs. */
let signingOut: Promise<void> | undefined;
/** A sign-out is under way: it takes the user to the next page, not the guards. */
export const isSigningOut = () => signingOut !== undefined;

/**
 * Sign Out (docs/product.md, Rules): the token is revoked on the server (a failure is ignored: it
 * expires anyway), the session ends, the stored token goes, the user's data leaves the cache,
 * and the app goes to the home page.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (options: SignOutOptions = {}) => {
      signingOut ??= (async () => {
        try {
          if (readAccessToken()) await revokeToken().catch(() => undefined);
          await signOutSession().catch(() => undefined);
          forgetAccessToken();
          // Signed out in the cache before the next page renders: a page that mounted with the
          // user still cached would ask for their token, role and cart again, and get 401s.
          // Meanwhile the signed-in screens' guards wait (isSigningOut).
          queryClient.setQueryData(getSessionQueryOptions().queryKey, null);
          queryClient.removeQueries({ predicate: (query) => isUserScoped(query.queryKey) });
          await navigate(options.to ?? paths.home, { state: options.state });
          // Everything loaded off screen goes too; what is on screen now is public.
          queryClient.removeQueries({
            predicate: (query) => !query.isActive() && !isSession(query.queryKey),
          });
        } finally {
          signingOut = undefined;
        }
      })();
      return signingOut;
    },
    [queryClient, navigate],
  );
}
