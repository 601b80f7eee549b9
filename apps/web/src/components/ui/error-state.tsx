import type { ReactNode } from 'react';
import { ApiError, isRetriable } from '../../lib/api-client';
import { somethingWentWrong } from '../../lib/form-errors';

interface ErrorStateProps {
  /** What failed, as the box's heading: "The tools could not be loaded". */
  title: string;
  /** The API's words are shown; anything else (a bug, a lost chunk) gets plain words instead. */
  error: unknown;
  /** Offered only when asking again may help (no answer, a 5xx), never for "Tool not found". */
  onRetry?: () => void;
  retryLabel?: string;
  /** 1 when the failure is the whole page, else the level below the section's heading. */
  headingLevel?: 1 | 2 | 3;
  /** Another way on, such as a link back to the tools. */
  children?: ReactNode;
}

/** A failed load: a heading, what went wrong in words, and a way to try again when it can help. */
export function ErrorState({
  title,
  error,
  onRetry,
  retryLabel = 'Try again',
  headingLevel = 2,
  children,
}: ErrorStateProps) {
  const Heading = `h${headingLevel}` as const;
  const message = error instanceof ApiError ? error.message : somethingWentWrong;
  const retry = onRetry && isRetriable(error);
  return (
    // Dark text on white with a red edge: at least 4.5:1 whatever the theme's soft colours do.
    <div
      role="alert"
      className={`rounded-box bg-base-100 text-base-content flex max-w-xl flex-col gap-3 border border-l-4 border-red-700 px-5 py-4 ${headingLevel === 1 ? 'mx-4 my-16 sm:mx-auto' : 'mx-auto my-6'}`}
    >
      <Heading className={`font-bold text-red-800 ${headingLevel === 1 ? 'text-2xl' : 'text-lg'}`}>
        {title}
      </Heading>
      <p>{message}</p>
      {(retry || children) && (
        <div className="flex flex-wrap gap-2">
          {retry && (
            <button type="button" className="btn btn-primary btn-sm" onClick={onRetry}>
              {retryLabel}
            </button>
          )}
          {children}
        </div>
      )}
    </div>
  );
}
