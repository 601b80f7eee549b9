import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useEffect, useState } from 'react';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * Toasts only follow a visitor's action, so sonner (about 9 KB gzipped) is not in the entry: the
 * Toaster loads on the first pointer press, key press or click (a screen reader may send only
 * the click). A toast made before it has mounted is not lost: sonner's Toaster shows the active
 * toasts when it subscribes (decision 010).
 */
function ToasterOnFirstInput() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    const options = { capture: true, once: true, passive: true };
    const events = ['pointerdown', 'keydown', 'click'] as const;
    for (const event of events) window.addEventListener(event, want, options);
    return () => {
      for (const event of events) window.removeEventListener(event, want, options);
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      {/* Below the sticky navbar (4rem), so a toast never covers its links. */}
      <Toaster
        position="top-center"
        offset={{ top: 76 }}
        mobileOffset={{ top: 72 }}
        richColors
        closeButton
      />
    </Suspense>
  ) : null;
}

/**
 * What every screen runs inside: the data cache and the toasts. The browser passes its router
 * (main.tsx); the build passes a static one for the pages it renders ahead of time
 * (prerender.tsx).
 */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* The success messages ("Successfully Purchased", "Tool Added"...) via toast() from sonner. */}
      <ToasterOnFirstInput />
    </QueryClientProvider>
  );
}
