import { RETURN_LIST_FILTERS, type ReturnListFilter } from '@shop/shared';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState } from '../../../components/ui/query-state';
import { StatusFilter } from '../../../components/ui/status-filter';
import { useReturns } from '../api/get-returns';
import { ReturnCard, returnStatusWords } from './return-card';

/** How each status reads in the filter, and what the list says when it has none. */
const filterLabels: Record<ReturnListFilter, string> = {
  open: 'To act on: to decide, on their way back, to refund',
  requested: 'Waiting for a decision',
  authorised: 'Authorised, on their way back',
  received: 'Received, to refund',
  refunded: 'Refunded',
  refused: 'Refused',
};

/**
 * The back office's returns (admins): by default every one still to act on (requested,
 * authorised, received), in the order of their steps, oldest first; each with its order, its
 * buyer and the next steps.
 */
export function ReturnsQueue() {
  const [status, setStatus] = useState<ReturnListFilter | ''>('open');
  const returns = useReturns(status || undefined);
  return (
    <section aria-labelledby="returns-queue-title" className="flex flex-col gap-4">
      <h2 id="returns-queue-title" className="text-xl font-semibold">
        Return requests
      </h2>
      <form
        role="search"
        aria-label="Filter the returns"
        onSubmit={(event) => event.preventDefault()}
        className="max-w-xs"
      >
        <StatusFilter
          statuses={RETURN_LIST_FILTERS}
          labelOf={(value) => filterLabels[value]}
          allLabel="All returns"
          allLast
          value={status}
          onChange={setStatus}
        />
      </form>
      <QueryState
        query={returns}
        pendingLabel="Loading the returns"
        errorTitle="The returns could not be loaded"
        errorHeadingLevel={3}
        isEmpty={(loaded) => loaded.length === 0}
        empty={
          <EmptyState>
            {status === 'open'
              ? 'No return is waiting for the shop.'
              : status
                ? `No return is ${returnStatusWords[status].split(':')[0]!.toLowerCase()}.`
                : 'No return was asked yet.'}
          </EmptyState>
        }
      >
        {(loaded) => (
          <ul className="flex flex-col gap-3">
            {loaded.map((request) => (
              <ReturnCard key={request._id} request={request} isAdmin withOrder />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
