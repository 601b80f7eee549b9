import { type Order, RefundSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { deliverOrder } from '../api/deliver-order';
import { refundOrder } from '../api/refund-order';
import { shipOrder } from '../api/ship-order';

type Step = 'ship' | 'deliver' | 'refund';

const failureOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'The order could not be changed. Please try again.';

/** Every view of orders (lists, this page, its history, the figures) shows the new state. */
function useOrderStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      step,
      order,
      reason,
      restock,
    }: {
      step: Step;
      order: Order;
      reason?: string;
      restock?: boolean;
    }) =>
      step === 'ship'
        ? shipOrder(order._id)
        : step === 'deliver'
          ? deliverOrder(order._id)
          : refundOrder(order._id, { reason: reason ?? '', restock: restock ?? false }),
    onSettled: () =>
      Promise.all(
        [queryKeys.orders.all, queryKeys.tools.all, queryKeys.reports.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/**
 * What an admin can do next with an order, on its page: ship a paid one, mark a shipped one
 * delivered, refund a paid or shipped one (with a reason, and whether its units go back to
 * stock). The server decides whether the step is allowed; its refusal is shown.
 */
export function OrderAdminActions({ order }: { order: Order }) {
  const step = useOrderStep();
  const [failure, setFailure] = useState<string | null>(null);
  const [refunding, setRefunding] = useState(false);
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();

  const run = async (which: Step, extra: { reason?: string; restock?: boolean } = {}) => {
    setFailure(null);
    try {
      await step.mutateAsync({ step: which, order, ...extra });
      toast.success(
        which === 'ship'
          ? 'Order shipped'
          : which === 'deliver'
            ? 'Order delivered'
            : 'Order refunded',
      );
      return true;
    } catch (error) {
      setFailure(failureOf(error));
      return false;
    }
  };

  const confirmRefund = async () => {
    const checked = RefundSchema.safeParse({ reason, restock });
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message ?? 'Reason is required');
      return;
    }
    setReasonError(null);
    if (await run('refund', checked.data)) {
      setRefunding(false);
      setReason('');
    }
  };

  const canRefund = order.status === 'paid' || order.status === 'shipped';
  if (order.status !== 'paid' && order.status !== 'shipped') return null;
  return (
    <section aria-label="Admin actions" className="flex flex-wrap items-center gap-2">
      {order.status === 'paid' && (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={step.isPending}
          onClick={() => void run('ship')}
        >
          Ship
        </button>
      )}
      {order.status === 'shipped' && (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={step.isPending}
          onClick={() => void run('deliver')}
        >
          Mark delivered
        </button>
      )}
      {canRefund && (
        <button
          type="button"
          className="btn btn-outline btn-sm border-red-700 text-red-700"
          disabled={step.isPending}
          onClick={() => {
            setFailure(null);
            setRefunding(true);
          }}
        >
          Refund
        </button>
      )}
      {failure && !refunding && (
        <p role="alert" className="w-full text-sm text-red-700">
          {failure}
        </p>
      )}
      <ConfirmDialog
        open={refunding}
        title="Refund this order?"
        confirmLabel="Refund"
        cancelLabel="Keep it paid"
        busy={step.isPending}
        error={failure}
        onConfirm={() => void confirmRefund()}
        onCancel={() => {
          setRefunding(false);
          setReasonError(null);
          setFailure(null);
        }}
      >
        <p>
          The buyer gets back {order.lines.length > 1 ? 'the whole order' : 'the payment'} through
          the card it was paid with. This cannot be undone.
        </p>
        <label htmlFor={reasonId} className="mt-4 block text-sm font-semibold">
          Reason
        </label>
        <textarea
          id={reasonId}
          className={`textarea mt-1 w-full ${reasonError ? 'textarea-error' : ''}`}
          rows={3}
          value={reason}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${reasonId}-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {reasonError && (
          <p id={`${reasonId}-error`} className="text-sm text-red-700">
            {reasonError}
          </p>
        )}
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-[var(--color-primary)]"
            checked={restock}
            onChange={(event) => setRestock(event.target.checked)}
          />
          Return the units to stock
        </label>
      </ConfirmDialog>
    </section>
  );
}
