import { useEffect, useRef, useState, type ReactNode } from 'react';

interface WhenNearViewportProps {
  /** Rendered once the box comes within `rootMargin` of the viewport; usually a LazyPiece. */
  children: ReactNode;
  /** Holds the place (same height) until then. */
  placeholder: ReactNode;
  /** How far ahead of the viewport to start loading. */
  rootMargin?: string;
}

/**
 * Renders heavy, below-the-fold pieces (a carousel, a calendar) only when the visitor scrolls
 * near them, so their code stays out of the page's first download.
 */
export function WhenNearViewport({
  children,
  placeholder,
  rootMargin = '600px 0px',
}: WhenNearViewportProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Not near at first, wherever it renders: a page the build rendered ahead of time holds the
  // placeholder, and the browser's first render must match it.
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, rootMargin]);

  return <div ref={ref}>{near ? children : placeholder}</div>;
}
