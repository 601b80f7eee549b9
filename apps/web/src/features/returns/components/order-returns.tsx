import { can, type Order } from '@shop/shared';
import { QueryState } from '../../../components/ui/query-state';
import { useOrderReturns } from '../api/get-order-returns';
import { useReturnSettings } from '../api/get-return-settings';
import { ReturnCard } from './return-card';
import { ReturnRequestDialog } from './return-request-dialog';

/**
 * A delivered order's returns, for its buyer (who may ask for one) and for admins (who take
 * each next step). Hidden for an order that was never delivered and has none.
 */
export function OrderReturns({
  order,
  isBuyer,
  isAdmin,
}: {
  order: Pick<Order, '_id' | 'status' | 'lines'>;
  isBuyer: boolean;
  isAdmin: boolean;
}) {
  const delivered = order.status === 'delivered' || order.status === 'refunded';
  const returns = useOrderReturns(order._id, delivered);
  const rules = useReturnSettings();
  const days = rules.data?.windowDays;
  if (!delivered) return null;
  return (
    <section aria-labelledby="order-returns-title" className="flex min-w-0 flex-col gap-2">
      <h2 id="order-returns-title" className="text-lg font-semibold">
        Returns
      </h2>
      <QueryState
        query={returns}
        pendingLabel="Loading the returns"
        errorTitle="The returns could not be loaded"
        errorHeadingLevel={3}
      >
        {(loaded) => {
          const busy = new Set(
            loaded
              .filter((request) => request.status !== 'refused')
              .flatMap((request) => request.lines.map((line) => line.toolId)),
          );
          const returnable = order.lines
            .filter((line) => !line.refunded && !busy.has(line.toolId))
            .map((line) => line.toolId);
          return (
            <>
              {loaded.length === 0 ? (
                <p className="text-base-content/70">
                  No return asked. A part that does not fit can be sent back within{' '}
                  {days === undefined ? 'the return window after' : `${days} days of`} delivery.
                </p>
              ) : (
                <ul className="flex flex-col gap-3">
                  {loaded.map((request) => (
                    <ReturnCard key={request._id} request={request} isAdmin={isAdmin} />
                  ))}
                </ul>
              )}
              {isBuyer && can(order, 'requestReturn', 'buyer') && (
                <div>
                  <ReturnRequestDialog order={order} returnable={returnable} />
                </div>
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
