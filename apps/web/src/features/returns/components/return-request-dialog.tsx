import {
  formatPercent,
  type Order,
  RETURN_REASONS,
  type ReturnReason,
  returnReasonLabels,
  ReturnRequestInputSchema,
} from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/form-errors';
import { queryKeys } from '../../../lib/query-keys';
import { useReturnSettings } from '../api/get-return-settings';
import { requestReturn } from '../api/request-return';
import { LineChecklist } from '../../../components/ui/line-checklist';

/**
 * The buyer's "Return parts" on a delivered order: which lines go back (those not refunded and
 * not being returned already), why, and an optional comment. The server checks the window and
 * the lines; its refusal is shown in the dialog.
 */
export function ReturnRequestDialog({
  order,
  returnable,
}: {
  order: Pick<Order, '_id' | 'lines'>;
  /** The tools' ids of the lines that can still be returned. */
  returnable: readonly string[];
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [comment, setComment] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const reasonId = useId();
  const feeId = useId();
  // The shop's rules are public: the buyer sees the fee of the reason before asking.
  const rules = useReturnSettings();
  const fee = reason && rules.data ? rules.data.restockingFees[reason] : 0;
  const commentId = useId();
  const ask = useMutation({
    mutationFn: (body: Parameters<typeof requestReturn>[1]) => requestReturn(order._id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
  const lines = order.lines.filter((line) => returnable.includes(line.toolId));
  if (lines.length === 0) return null;
  // A change answers the refusal shown: it goes, and the next "Ask" judges the choice again.
  const changing =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setFailure(null);
      set(value);
    };

  const submit = async () => {
    const checked = ReturnRequestInputSchema.safeParse({
      lines: chosen,
      reason: reason || undefined,
      comment: comment || undefined,
    });
    if (!checked.success) {
      setFailure(checked.error.issues[0]?.message ?? 'Choose the parts and why they go back');
      return;
    }
    setFailure(null);
    try {
      await ask.mutateAsync(checked.data);
      toast.success('Return requested: we will answer by email');
      setOpen(false);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-primary btn-sm"
        onClick={() => {
          setChosen([]);
          setReason('');
          setComment('');
          setFailure(null);
          setOpen(true);
        }}
      >
        Return parts
      </button>
      <ConfirmDialog
        open={open}
        title="Return parts of this order?"
        confirmLabel="Ask for the return"
        cancelLabel="Keep them"
        busy={ask.isPending}
        error={failure}
        onConfirm={() => void submit()}
        onCancel={() => setOpen(false)}
      >
        <p>
          Choose the parts to send back and why. We answer by email; once the parts are back, we
          refund them to the card you paid with.
        </p>
        <LineChecklist
          legend="Parts to return"
          lines={lines}
          chosen={chosen}
          onChange={changing(setChosen)}
        />
        <label htmlFor={reasonId} className="mt-4 block text-sm font-semibold">
          Reason
        </label>
        <select
          id={reasonId}
          aria-describedby={fee > 0 ? feeId : undefined}
          className="select mt-1 w-full"
          value={reason}
          onChange={(event) => changing(setReason)(event.target.value as ReturnReason)}
        >
          <option value="" disabled>
            Choose a reason
          </option>
          {RETURN_REASONS.map((value) => (
            <option key={value} value={value}>
              {returnReasonLabels[value]}
            </option>
          ))}
        </select>
        {fee > 0 && (
          <p id={feeId} className="text-base-content/70 mt-1 text-sm">
            For this reason a restocking fee of {formatPercent(fee)} of the parts&apos; price is
            kept from the refund.
          </p>
        )}
        <label htmlFor={commentId} className="mt-4 block text-sm font-semibold">
          Comment (optional)
        </label>
        <textarea
          id={commentId}
          className="textarea mt-1 w-full"
          rows={3}
          value={comment}
          onChange={(event) => changing(setComment)(event.target.value)}
        />
      </ConfirmDialog>
    </>
  );
}
