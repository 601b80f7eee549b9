import type { OrderEvent } from '@shop/shared';
import { QueryState } from '../../../components/ui/query-state';
import { formatDeadline } from '../../../lib/format';
import { useOrderHistory } from '../api/get-order-history';

/** The step: placed, a change of status, or (no change) a refund of some of its lines. */
const stepWords = (event: OrderEvent) =>
  event.from === null
    ? `Placed (${event.to})`
    : event.from === event.to
      ? `Lines refunded (${event.to})`
      : `${event.from} → ${event.to}`;

const who = (event: OrderEvent) =>
  event.by ? `${event.by.name}${event.by.role === 'admin' ? ' (admin)' : ''}` : 'the shop';

/** An order's history, oldest first: when, which step, by whom, and why. */
export function OrderHistory({ orderId }: { orderId: string }) {
  const history = useOrderHistory(orderId);
  return (
    <section aria-labelledby="order-history-title" className="flex flex-col gap-2">
      <h2 id="order-history-title" className="text-lg font-semibold">
        History
      </h2>
      <QueryState
        query={history}
        pendingLabel="Loading the history"
        errorTitle="The history could not be loaded"
      >
        {(events) => (
          <ol className="border-base-300 flex flex-col gap-3 border-s-2 ps-4">
            {events.map((event, index) => (
              <li key={index} className="flex flex-col">
                <span className="font-medium">{stepWords(event)}</span>
                <span className="text-base-content/70 text-sm">
                  <time dateTime={event.at}>{formatDeadline(event.at)}</time>, by {who(event)}
                </span>
                {event.reason && <span className="text-sm">Reason: {event.reason}</span>}
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </section>
  );
}
