import type { ReactNode } from 'react';

/** Nothing to show yet, said plainly. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="text-base-content/70 py-10 text-center">{children}</p>;
}
