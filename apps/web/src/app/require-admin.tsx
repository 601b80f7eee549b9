import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { ErrorState } from '../components/ui/error-state';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from '../features/auth/hooks/use-auth';
import { paths } from '../lib/paths';

const NOT_ADMIN_NOTICE =
  'That page is for admins only, so you were signed out. Log in with an admin account to open it.';

/**
 * Guards the admin pages, inside RequireSignIn. docs/product.md: a non-admin who opens one is signed
 * out and sent to /login. The server checks the role again on every admin call.
 */
export function RequireAdmin() {
  const { status, isAdmin, adminLoading, adminCheckFailed, recheckAdmin, signOut } = useAuth();
  const notAdmin = status === 'signedIn' && !adminLoading && !adminCheckFailed && !isAdmin;

  useEffect(() => {
    if (notAdmin) void signOut({ to: paths.login, state: { notice: NOT_ADMIN_NOTICE } });
  }, [notAdmin, signOut]);

  if (adminCheckFailed) {
    return (
      <ErrorState
        title="Your access could not be checked"
        error={new Error('Please try again.')}
        onRetry={recheckAdmin}
      />
    );
  }
  if (!isAdmin) return <Spinner label="Checking your access" />;
  return <Outlet />;
}
