import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { router } from './router';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * Toasts only follow a visitor's action, so sonner (about 9 KB gzipped) is not in the entry and
 * loads once the page has loaded and the browser is idle: neither its download nor its work
 * competes with the first paint, the hero image or the screen's API calls (decision 010).
 */
function ToasterAfterLoad() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    // Safari has no requestIdleCallback: a timer after the load event does there.
    const mountWhenIdle = () =>
      'requestIdleCallback' in window
        ? requestIdleCallback(() => setLoaded(true), { timeout: 1000 })
        : setTimeout(() => setLoaded(true), 1);
    if (document.readyState === 'complete') mountWhenIdle();
    else window.addEventListener('load', mountWhenIdle, { once: true });
    return () => window.removeEventListener('load', mountWhenIdle);
  }, []);
  return loaded ? (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton />
    </Suspense>
  ) : null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* Success messages of SPEC.md ("Successfully Purchased", "Tool Added"...) via toast() from sonner. */}
      <ToasterAfterLoad />
    </QueryClientProvider>
  );
}
