import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { lazyModule } from '../lib/lazy-module';
import { useLazyModule } from '../lib/use-lazy-module';

const sonner = lazyModule(() => import('sonner'));

/** Below the sticky navbar (4rem), so a toast never covers its links. */
function LazyToaster({ onFailure }: { onFailure: () => void }) {
  const toaster = useLazyModule(sonner);
  const failed = toaster.status === 'failed';
  useEffect(() => {
    if (failed) onFailure();
  }, [failed, onFailure]);
  if (toaster.status !== 'loaded') return null;
  const { Toaster } = toaster.module;
  return (
    <Toaster
      position="top-center"
      offset={{ top: 76 }}
      mobileOffset={{ top: 72 }}
      richColors
      closeButton
    />
  );
}

/**
 * Toasts only follow a visitor's action, so sonner (about 9 KB gzipped) is not in the entry: the
 * Toaster loads on the first pointer press, key press or click (a screen reader may send only
 * the click). A toast made before it has mounted is not lost: sonner's Toaster shows the active
 * toasts when it subscribes (decision 010). Toasts are extras, so a failed download shows
 * nothing: the next input tries again.
 */
function ToasterOnFirstInput() {
  const [wanted, setWanted] = useState(false);
  const notWanted = useCallback(() => setWanted(false), []);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const options = { capture: true, once: true, passive: true };
    const events = ['pointerdown', 'keydown', 'click'] as const;
    for (const event of events) window.addEventListener(event, want, options);
    return () => {
      for (const event of events) window.removeEventListener(event, want, options);
    };
  }, [wanted]);
  return wanted ? <LazyToaster onFailure={notWanted} /> : null;
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
