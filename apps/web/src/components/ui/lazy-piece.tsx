import type { ReactNode } from 'react';
import type { LazyModule } from '../../lib/lazy-module';
import { useLazyModule } from '../../lib/use-lazy-module';
import { ErrorState } from './error-state';

interface LazyPieceProps<T> {
  module: LazyModule<T>;
  /** Holds the place while the code loads (same size, so nothing jumps). */
  placeholder: ReactNode;
  /** Heads the message shown when the code cannot be had, with Retry; without it nothing shows. */
  failedTitle?: string;
  /** The level of that heading: 1 when the piece is the whole page. */
  headingLevel?: 1 | 2 | 3;
  /** The error of an earlier attempt: the message shows at once, and Retry loads again. */
  failed?: unknown;
  /** The loaded module, rendered. */
  children: (module: T) => ReactNode;
}

/**
 * A piece of the page whose code loads on demand (a carousel, a calendar, a card form, a
 * screen). Its failure stays here: a plain message with Retry, the rest of the page untouched.
 */
export function LazyPiece<T>({
  module,
  placeholder,
  failedTitle,
  headingLevel = 3,
  failed,
  children,
}: LazyPieceProps<T>) {
  const piece = useLazyModule(module, failed);
  if (piece.status === 'loaded') return children(piece.module);
  if (piece.status === 'loading') return placeholder;
  if (!failedTitle) return null;
  return (
    <ErrorState
      title={failedTitle}
      error={piece.error}
      onRetry={piece.retry}
      retryLabel="Retry"
      headingLevel={headingLevel}
    />
  );
}
