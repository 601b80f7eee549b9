import { formatMoney, type Order } from '@shop/shared';
import { formatCount } from '../../lib/format';
import { ConfirmDialog } from './confirm-dialog';

interface CancelOrderDialogProps {
  /** The order about to be cancelled; null keeps the dialog closed. */
  order: Order | null;
  /** Whose order, in words: "your" for the buyer, "Ann's unpaid" for an admin. */
  whose: (order: Order) => string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The one question before an unpaid order is cancelled, for its buyer or an admin. */
export function CancelOrderDialog({
  order,
  whose,
  busy,
  error,
  onConfirm,
  onCancel,
}: CancelOrderDialogProps) {
  return (
    <ConfirmDialog
      open={order !== null}
      title="Cancel this order?"
      confirmLabel="Yes, cancel it"
      cancelLabel="Keep the order"
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {order && (
        <p>
          You want to cancel {whose(order)} order of {formatCount(order.quantity)} × {order.tool} (
          {formatMoney(order.price)}). Its units go back on sale.
        </p>
      )}
    </ConfirmDialog>
  );
}
