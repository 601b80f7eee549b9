import { messages } from '@shop/shared';
import { type Location, Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { isSigningOut } from '../features/auth/api/sign-out';
import { useAuth } from '../features/auth/hooks/use-auth';
import { paths } from '../lib/paths';

/**
 * Whether this screen belongs to a page the browser has already left. The router commits a
 * new page in a React transition, so the old one can render once more in between: after Sign
 * Out, for one, it sees the user signed out and must not send them to /login from there.
 */
function isLeftBehind(location: Location) {
  const current = (window.history.state as { key?: string } | null)?.key ?? 'default';
  return location.key !== current;
}

/**
 * Guards the signed-in screens (docs/product.md, Screens): a spinner while the auth state loads
 * (with the screen's heading while the token is asked for again: that may last); a signed-out
 * visitor goes to /login, which remembers where they came from.
 */
export function RequireSignIn() {
  const { status, signInRetrying } = useAuth();
  const location = useLocation();
  if (status === 'loading' && signInRetrying) {
    return (
      <div className="content-width pt-10 text-center">
        <h1 className="text-2xl font-bold">{messages.signInRetry.waitingTitle}</h1>
        <Spinner label="Checking your sign-in" />
      </div>
    );
  }
  if (status === 'loading') return <Spinner label="Checking your sign-in" />;
  if (status === 'signedOut') {
    if (isSigningOut() || isLeftBehind(location)) return <Spinner label="Signing out" />;
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  return <Outlet />;
}
