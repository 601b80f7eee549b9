// The build's renderer of the public pages (scripts/prerender.mjs, decision 018): each arrives
// as HTML, then hydrates (main.tsx). First: it configures zod before any schema is built.
import './lib/zod-config';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  type RouteObject,
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
} from 'react-router';
import { App } from './app/app';
import { routes } from './app/router';

const handler = createStaticHandler(routes);

/**
 * The HTML of `path` as the browser's first render makes it: nobody signed in, and every list
 * in its loading state (the data arrives from the API after hydration).
 */
export async function renderPage(path: string): Promise<{ html: string; status: number }> {
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answers a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <App queryClient={new QueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </StrictMode>,
  );
  return { html, status: context.statusCode };
}

/**
 * Every path pattern a screen answers ("/tools/:id"), for the server to tell a screen from a
 * missing page. Paths in the route table are absolute or relative to their parent's.
 */
export function routePatterns(list: RouteObject[] = routes, parent = ''): string[] {
  const patterns = list.flatMap((route): string[] => {
    if (route.path === '*') return [];
    const own =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`;
    const nested = route.children ? routePatterns(route.children, own) : [];
    return route.path === undefined ? nested : [own, ...nested];
  });
  return [...new Set(patterns)];
}
