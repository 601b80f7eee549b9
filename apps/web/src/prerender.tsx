// The renderer of the public pages: the build renders the fixed ones with it
// (scripts/prerender.mjs, decision 018), the server a part's and a laptop model's page with
// their data at each request (apps/api/src/web.ts, decision 036). Each arrives as HTML, then
// hydrates (main.tsx). First: it configures zod before any schema is built.
import './lib/zod-config';
import type { RenderedPageData } from '@shop/shared';
import { QueryClient, dehydrate } from '@tanstack/react-query';
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
import { PAGE_DATA_ID, type PageDataSent } from './lib/page-data';
import { queryKeys } from './lib/query-keys';

const handler = createStaticHandler(routes);

/**
 * The HTML of `path` (with its query) as the browser's first render makes it: nobody signed in,
 * the data given already in the cache, and every other list in its loading state (its data
 * arrives from the API after hydration). `dataScript` carries that cache when data was given,
 * for the browser to start from (main.tsx), so its first render is the same: JSON in a script
 * that never runs, each `<` escaped so no text of the data can close it.
 */
export async function renderPage(
  path: string,
  data: RenderedPageData = {},
): Promise<{ html: string; status: number; dataScript: string }> {
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answers a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient();
  if (data.part) queryClient.setQueryData(queryKeys.parts.page(data.part.slug), data.part.page);
  if (data.laptop) {
    queryClient.setQueryData(queryKeys.laptops.page(data.laptop.slug), data.laptop.page);
  }
  const html = renderToString(
    <StrictMode>
      <App queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </StrictMode>,
  );
  const sent: PageDataSent = { url: path, state: dehydrate(queryClient) };
  const state = JSON.stringify(sent).replace(/</g, '\\u003c');
  const dataScript =
    data.part || data.laptop
      ? `<script type="application/json" id="${PAGE_DATA_ID}">${state}</script>`
      : '';
  return { html, status: context.statusCode, dataScript };
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
