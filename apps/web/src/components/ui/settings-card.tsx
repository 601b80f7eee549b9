import type { ReactNode } from 'react';
import { QueryState, type QueryStateProps } from './query-state';

interface SettingsCardProps<T> {
  /** The id of the card's heading, which names its form too (`aria-labelledby`). */
  titleId: string;
  title: string;
  /** What saving changes, and what it leaves alone, under the title. */
  description?: ReactNode;
  query: QueryStateProps<T>['query'];
  /** The settings in words, after "Loading" and before "could not be loaded": "the return rules". */
  what: string;
  /** The form, on the loaded settings. */
  children: (settings: T) => ReactNode;
}

/**
 * One card of settings an admin saves (tax, the details printed on invoices, return rules): its
 * title and what it changes, then its form once the settings are loaded, a spinner meanwhile,
 * and the failure with "Try again" under the card's own heading.
 */
export function SettingsCard<T>({
  titleId,
  title,
  description,
  query,
  what,
  children,
}: SettingsCardProps<T>) {
  return (
    <section aria-labelledby={titleId} className="card bg-base-100 border-base-300 border">
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="card-title text-xl">
            {title}
          </h2>
          {description !== undefined && (
            <p className="text-base-content/70 text-sm">{description}</p>
          )}
        </div>
        <QueryState
          query={query}
          pendingLabel={`Loading ${what}`}
          errorTitle={`${what[0]!.toUpperCase()}${what.slice(1)} could not be loaded`}
          errorHeadingLevel={3}
        >
          {children}
        </QueryState>
      </div>
    </section>
  );
}
