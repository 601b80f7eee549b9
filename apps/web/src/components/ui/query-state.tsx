import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from './error-state';
import { Spinner } from './spinner';

export interface QueryStateProps<T> {
  /** A TanStack Query result (what `useQuery` answers). */
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch'>;
  /** Said to screen readers while it loads: "Loading your orders". */
  pendingLabel: string;
  /** The title of a failed load: "Your orders could not be loaded". */
  errorTitle: string;
  /** 1 when the failure stands in for the page's own title (the purchase page's tool). */
  errorHeadingLevel?: 1 | 2 | 3;
  /** Another way on beside "Try again", such as a link back to the tools. */
  errorAction?: ReactNode;
  /** Something else is awaited too (the signed-in user, a sign-out under way): the spinner stays. */
  pending?: boolean;
  /** Whether the loaded data is nothing to show; then `empty` shows instead of the children. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** The loaded data, shown. */
  children: (data: T) => ReactNode;
}

/**
 * The one way a screen shows a query's states: a spinner while it loads, the failure in words
 * with "Try again" (which asks again), what to say when there is nothing, then the data. Data
 * already loaded stays when a refresh fails: a form built on it keeps what was typed.
 */
export function QueryState<T>({
  query,
  pendingLabel,
  errorTitle,
  errorHeadingLevel,
  errorAction,
  pending = false,
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  if (query.isPending || pending) return <Spinner label={pendingLabel} />;
  if (query.isError && query.data === undefined) {
    return (
      <ErrorState
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        headingLevel={errorHeadingLevel}
      >
        {errorAction}
      </ErrorState>
    );
  }
  // Neither pending nor failed before anything loaded: TanStack Query holds the data.
  const data = query.data as T;
  return isEmpty?.(data) ? empty : children(data);
}
