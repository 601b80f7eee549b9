import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../lib/paths';

/**
 * Guards the signed-in screens (SPEC.md route table). Accounts arrive with the sign-in
 * issue; until then nobody is signed in, so every visitor goes to /login, which keeps
 * where they came from.
 */
export function RequireSignIn() {
  const location = useLocation();
  const signedIn = false;
  if (!signedIn) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <Outlet />;
}
