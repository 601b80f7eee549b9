import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '../../lib/paths';

/** Shown when a screen fails to load or render (for instance after a deploy, a stale chunk). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">This page could not be shown</h1>
      <p className="text-base-content/70">{message}</p>
      <div className="flex gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={paths.home} className="btn">
          Home
        </Link>
      </div>
    </main>
  );
}
