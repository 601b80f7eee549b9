// First: it configures zod before any schema is built.
import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type DataRouter, RouterProvider, createBrowserRouter } from 'react-router';
import { App } from './app/app';
import { firstScreenArrived } from './app/lazy-screen';
import { routes } from './app/router';
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
const prerendered = root.hasChildNodes();
if (prerendered) await whenReady(router);
if (prerendered && firstScreenArrived(router)) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread in one long task (Lighthouse's total blocking time).
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
