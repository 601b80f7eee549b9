import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useAdminStatus } from '../api/get-admin-status';
import { useSession } from '../api/get-session';
import { useAccessToken } from '../api/request-token';
import { type SignOutOptions, useSignOut } from '../api/sign-out';

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

export interface AuthUser {
  email: string;
  /** The display name (`displayName`). */
  name: string;
}

export interface AuthState {
  /** Signed in means a session and an access token: calls can be made. */
  status: AuthStatus;
  user?: AuthUser;
  /** Starts false; true once the admin check says so. */
  isAdmin: boolean;
  /** True until the admin check has answered (loading starts true). */
  adminLoading: boolean;
  /** The admin check failed for a reason other than a dead token (e.g. the network). */
  adminCheckFailed: boolean;
  recheckAdmin: () => void;
  signOut: (options?: SignOutOptions) => Promise<void>;
}

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * The auth state of the app, on TanStack Query: the session; then the access token (fetched
 * once when a signed-in user has none, as after a social sign-in); then the admin check.
 * A token that cannot be had, or that the API no longer takes (401), signs the user out.
 */
export function useAuth(): AuthState {
  const session = useSession();
  const sessionUser = session.data?.user;
  const email = sessionUser?.email;
  const token = useAccessToken(email);
  const admin = useAdminStatus(email, Boolean(token.data));
  const signOut = useSignOut();

  const tokenFailed = Boolean(email) && token.isError;
  const tokenDead = isUnauthorized(admin.error);
  useEffect(() => {
    if (tokenFailed || tokenDead) void signOut();
  }, [tokenFailed, tokenDead, signOut]);

  let status: AuthStatus;
  if (session.isPending) status = 'loading';
  else if (!sessionUser) status = 'signedOut';
  else if (token.data && !tokenDead) status = 'signedIn';
  else status = 'loading';

  const adminLoading = status === 'loading' || (status === 'signedIn' && admin.isPending);
  return {
    status,
    user:
      status === 'signedIn' && sessionUser
        ? { email: sessionUser.email, name: sessionUser.name || sessionUser.email }
        : undefined,
    isAdmin: status === 'signedIn' && admin.data?.admin === true,
    adminLoading,
    // A failed refresh keeps the answer it had: an admin's open form stays on screen.
    adminCheckFailed:
      status === 'signedIn' && admin.isError && admin.data === undefined && !tokenDead,
    recheckAdmin: () => void admin.refetch(),
    signOut,
  };
}
