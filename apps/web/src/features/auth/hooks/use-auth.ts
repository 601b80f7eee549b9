import { useEffect } from 'react';
import { useAdminStatus } from '../api/get-admin-status';
import { useSession } from '../api/get-session';
import { useAccessToken } from '../api/request-token';
import { type SignOutOptions, useSignOut } from '../api/sign-out';
import { isSignInRefused } from '../utils/sign-in-refused';

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
  /**
   * Signed in, but the access token got no answer or a server failure: the status stays
   * 'loading' (never 'signedOut'), the app asks again by itself, and the user is told.
   */
  signInRetrying: boolean;
  /** Asks for the token again now. */
  retrySignIn: () => void;
  signOut: (options?: SignOutOptions) => Promise<void>;
}

/**
 * The auth state of the app, on TanStack Query: the session; then the access token (fetched
 * once when a signed-in user has none, as after a social sign-in); then the admin check, asked
 * again now and then. Only the API's refusal (401, 403) of the token request or of the admin
 * check signs the user out; a token request that got no answer, or a 5xx, is asked again.
 */
export function useAuth(): AuthState {
  const session = useSession();
  const sessionUser = session.data?.user;
  const email = sessionUser?.email;
  const token = useAccessToken(email);
  const admin = useAdminStatus(email, Boolean(token.data));
  const signOut = useSignOut();

  const tokenRefused = Boolean(email) && isSignInRefused(token.error);
  const tokenDead = isSignInRefused(admin.error);
  useEffect(() => {
    if (tokenRefused || tokenDead) void signOut();
  }, [tokenRefused, tokenDead, signOut]);
  // A new try clears the error, not the count: the notice stays up while the next try runs.
  const signInRetrying =
    Boolean(sessionUser) &&
    !token.data &&
    !tokenRefused &&
    (token.errorUpdateCount > 0 || token.isPaused);

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
    signInRetrying,
    retrySignIn: () => void token.refetch(),
    signOut,
  };
}
