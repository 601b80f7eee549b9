import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { ErrorState } from '../../components/ui/error-state';
import { paths } from '../../lib/paths';

/**
 * A screen that failed to render: said in plain words in the page area (the navbar and footer
 * stay), with a reload. The cause goes to the console for whoever investigates, not to the user.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.warn('A screen could not be shown', error);
  }, [error]);
  return (
    <ErrorState
      title="This page could not be shown"
      error={error}
      onRetry={() => window.location.reload()}
      headingLevel={1}
    >
      <Link to={paths.home} className="btn btn-sm">
        Home
      </Link>
    </ErrorState>
  );
}
