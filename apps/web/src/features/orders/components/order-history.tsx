import { messages, type OrderEvent } from '@shop/shared';
import { QueryState } from '../../../components/ui/query-state';
import { formatDeadline } from '../../../lib/format';
import { useOrderHistory } from '../api/get-order-history';

const words = messages.orderHistory;

/** The step by the kind the API recorded, so a return asked for never reads as money given back. */
function stepWords(event: OrderEvent) {
  const change = event.from !== null && event.from !== event.to;
  switch (event.kind) {
    case 'placed':
      return words.placed(event.to);
    case 'status_changed':
      return words.statusChanged(event.from ?? '', event.to);
    case 'lines_refunded': {
      const refunded = words.linesRefunded(event.what ?? '');
      // The last lines refunded refund the order too.
      return change ? `${refunded} (${words.statusChanged(event.from!, event.to)})` : refunded;
    }
    case 'note':
      return words.note(event.to);
    default:
      return [`${words.returnStep[event.kind]}: ${event.what ?? ''}`, event.reason]
        .filter(Boolean)
        .join(' · ');
  }
}

/** A return's step says its reason in its words; the others say theirs below. */
const reasonShown = (event: OrderEvent) =>
  event.reason && !(event.kind in words.returnStep) ? event.reason : null;

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
            {events.map((event, index) => {
              const reason = reasonShown(event);
              return (
                <li key={index} className="flex flex-col">
                  <span className="font-medium">{stepWords(event)}</span>
                  <span className="text-base-content/70 text-sm">
                    <time dateTime={event.at}>{formatDeadline(event.at)}</time>, by {who(event)}
                  </span>
                  {reason && <span className="text-sm">{words.reason(reason)}</span>}
                </li>
              );
            })}
          </ol>
        )}
      </QueryState>
    </section>
  );
}
