import type { MouseEvent } from 'react';
import { type Location, Outlet, ScrollRestoration } from 'react-router';
import { SignInRetryNotice } from '../../features/auth/components/sign-in-retry-notice';
import { Footer } from './footer';
import { Navbar } from './navbar';

/** Focus, not only the scroll, moves to the page; and the router never sees a #main navigation. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

/** Where a page's scroll is kept: its history entry's key, or its address on a document's first entry. */
const scrollKey = (location: Location) =>
  location.key === 'default' ? location.pathname + location.search : location.key;

/**
 * Every screen: the navigation bar, the page (under the notice of a sign-in being retried), the
 * footer (shared across pages).
 */
export function RootLayout() {
  return (
    <div className="bg-base-100 text-base-content flex min-h-screen flex-col">
      {/* Fixed above the sticky header (z-30) while focused, so it is seen. */}
      <a
        href="#main"
        onClick={skipToMain}
        className="btn btn-sm btn-primary sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Navbar />
      {/* Focusable by script only, for the skip link; the outline would frame the whole page. */}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <SignInRetryNotice />
        <Outlet />
      </main>
      <Footer />
      {/* Each page a document opens on is "default" to the router: keyed so, every page the
          server sends whole (decision 036) would open where the last one was left. */}
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
