import { can, formatMoney, type Order, type Refund, RefundSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { deliverOrder } from '../api/deliver-order';
import { refundOrder } from '../api/refund-order';
import { useRefundPreview } from '../api/get-refund-preview';
import { LineChecklist } from '../../../components/ui/line-checklist';
import { errorMessage } from '../../../lib/form-errors';
import { ShipDialog } from './ship-dialog';

type Step = 'deliver' | 'refund';

const failureOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'The order could not be changed. Please try again.';

/**
 * Every view of orders (lists, this page, its history, its invoice and credit notes under
 * `orders.all`, the figures) shows the new state: a refund's credit note appears at once.
 */
function useOrderStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, order, refund }: { step: Step; order: Order; refund?: Refund }) =>
      step === 'deliver'
        ? deliverOrder(order._id)
        : refundOrder(order._id, refund ?? { reason: '', restock: false }),
    onSettled: () =>
      Promise.all(
        [queryKeys.orders.all, queryKeys.tools.all, queryKeys.reports.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/**
 * What the refund gives back, as the server works it out before it is asked: the amount, and
 * its parts, shipping and tax shares.
 */
function RefundAmount({ preview }: { preview: ReturnType<typeof useRefundPreview> }) {
  if (preview.isError) {
    return <p className="mt-3 text-sm text-red-700">{errorMessage(preview.error)}</p>;
  }
  const figures = preview.data;
  return (
    <p className="mt-3 text-sm" aria-live="polite" aria-busy={preview.isFetching}>
      {figures ? (
        <>
          <strong>{formatMoney(figures.amount)}</strong> goes back to the card: parts{' '}
          {formatMoney(figures.goods)}, shipping {formatMoney(figures.shipping)},{' '}
          {figures.pricesIncludeTax
            ? `${figures.taxName} ${formatMoney(figures.tax)} included in both.`
            : `${figures.taxName} ${formatMoney(figures.tax)}.`}
        </>
      ) : (
        'Working out the amount…'
      )}
    </p>
  );
}

/**
 * What an admin can do next with an order, on its page: ship a paid one, mark a shipped one
 * delivered, refund a paid or shipped one, or some lines of a paid, shipped or delivered one
 * (with a reason, and whether their units go back to stock). Each button shows when the shared
 * state machine allows the step (`can`); the server decides again, and its refusal is shown.
 */
export function OrderAdminActions({ order }: { order: Order }) {
  const step = useOrderStep();
  const [failure, setFailure] = useState<string | null>(null);
  const [refunding, setRefunding] = useState(false);
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const openLines = order.lines.filter((line) => !line.refunded);
  const [chosen, setChosen] = useState<string[]>([]);
  const reasonId = useId();
  const [shipping, setShipping] = useState(false);

  const run = async (which: Step, extra: { refund?: Refund } = {}) => {
    setFailure(null);
    try {
      await step.mutateAsync({ step: which, order, ...extra });
      toast.success(
        which === 'deliver'
          ? 'Order delivered'
          : extra.refund?.lines
            ? 'Lines refunded'
            : 'Order refunded',
      );
      return true;
    } catch (error) {
      setFailure(failureOf(error));
      return false;
    }
  };

  const wholeOrder = can(order, 'refund', 'admin');
  // All of an order not refunded in part is a refund of the order; anything else, of its lines.
  const byLines =
    !wholeOrder || openLines.length < order.lines.length || chosen.length < openLines.length;

  const preview = useRefundPreview(
    order._id,
    byLines ? [...chosen].sort() : null,
    refunding && chosen.length > 0,
  );

  const confirmRefund = async () => {
    if (chosen.length === 0) {
      setFailure('Choose at least one line to refund');
      return;
    }
    const checked = RefundSchema.safeParse({
      reason,
      restock,
      ...(byLines ? { lines: chosen } : {}),
    });
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message ?? 'Reason is required');
      return;
    }
    setReasonError(null);
    if (await run('refund', { refund: checked.data })) {
      setRefunding(false);
      setReason('');
    }
  };

  const shippable = can(order, 'ship', 'admin');
  const deliverable = can(order, 'deliver', 'admin');
  const canRefund = can(order, 'refundLines', 'admin') && openLines.length > 0;
  if (!shippable && !deliverable && !canRefund) return null;
  return (
    <section aria-label="Admin actions" className="flex flex-wrap items-center gap-2">
      {shippable && (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={step.isPending}
          onClick={() => {
            setFailure(null);
            setShipping(true);
          }}
        >
          Ship
        </button>
      )}
      {deliverable && (
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
            setChosen(openLines.map((line) => line.toolId));
            setRefunding(true);
          }}
        >
          {wholeOrder ? 'Refund' : 'Refund lines'}
        </button>
      )}
      {failure && !refunding && (
        <p role="alert" className="w-full text-sm text-red-700">
          {failure}
        </p>
      )}
      <ShipDialog
        order={shipping ? order : null}
        onClose={() => setShipping(false)}
        onShipped={() => {
          setShipping(false);
          toast.success('Order shipped');
        }}
      />
      <ConfirmDialog
        open={refunding}
        title={wholeOrder ? 'Refund this order?' : 'Refund lines of this order?'}
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
          {byLines
            ? 'The buyer gets back the chosen lines, each with its tax and its share of shipping,'
            : `The buyer gets back ${order.lines.length > 1 ? 'the whole order' : 'the payment'}`}{' '}
          through the card it was paid with. This cannot be undone.
        </p>
        {(order.lines.length > 1 || !wholeOrder) && (
          <LineChecklist
            legend="Lines to refund"
            lines={openLines}
            chosen={chosen}
            onChange={(lines) => {
              // A line chosen answers "Choose at least one line": the refusal goes.
              setFailure(null);
              setChosen(lines);
            }}
          />
        )}
        {chosen.length > 0 && <RefundAmount preview={preview} />}
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
