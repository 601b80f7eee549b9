// First: it configures zod before any schema is built.
import './lib/zod-config';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type DataRouter, RouterProvider, createBrowserRouter } from 'react-router';
import { App } from './app/app';
import { firstScreenArrived } from './app/lazy-screen';
import { routes } from './app/router';
import { PAGE_DATA_ID, type PageDataSent } from './lib/page-data';
import { queryClient } from './lib/query-client';
import './index.css';

/** Resolves once the router has the first screen's code (its lazy route) in hand. */
const whenReady = (router: DataRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// A page the server rendered with its data (a part's, a laptop model's: decision 036) sends that
// data along, so the cache starts where the server's did and the first render matches the HTML.
// That data is as fresh as the page, which was checked with the server for this visit (its ETag)
// however long ago it was rendered: it counts from now, not to be asked for again at once.
const pageData = document.getElementById(PAGE_DATA_ID)?.textContent;
const sent = pageData ? (JSON.parse(pageData) as PageDataSent) : undefined;
if (sent) {
  for (const query of sent.state.queries) query.state.dataUpdatedAt = Date.now();
  hydrate(queryClient, sent.state);
}
const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <App queryClient={queryClient}>
      <RouterProvider router={router} />
    </App>
  </StrictMode>
);
// A page the build rendered ahead of time (prerender.tsx): React takes over its HTML once the
// screen's code is in, so that its first render matches what is already on screen. If the code
// could not be fetched, the screen's stand-in (its failure and Retry) replaces that HTML.
// The server's stand-in for a page it could not render as the app will (a part that is gone)
// says so: the app renders its own in its place. So it does for a page rendered with data that
// the visitor has already left within the app (Back before it hydrated): that HTML is another
// address's.
const rendered = root.hasChildNodes() && root.dataset.render !== 'client';
if (rendered) await whenReady(router);
const stillThere = !sent || sent.url === location.pathname + location.search;
if (rendered && stillThere && firstScreenArrived(router)) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread in one long task (Lighthouse's total blocking time).
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
