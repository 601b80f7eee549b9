import {
  formatMoney,
  formatOrderNumber,
  formatPercent,
  returnReasonLabels,
  type ReturnRequest,
} from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/form-errors';
import { formatMediumDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';
import { type ReturnStep, takeReturnStep } from '../api/return-step';
import { LineChecklist } from '../../../components/ui/line-checklist';

/** What each status tells the buyer and the admins. */
export const returnStatusWords: Record<ReturnRequest['status'], string> = {
  requested: 'Requested: waiting for the shop',
  authorised: 'Authorised: send the parts back',
  refused: 'Refused',
  received: 'Received: the refund follows',
  refunded: 'Refunded',
};

/** The step an admin takes next on a return in each status, and its button's words. */
const nextSteps: Partial<Record<ReturnRequest['status'], ReturnStep['step'][]>> = {
  requested: ['authorise', 'refuse'],
  authorised: ['receive'],
  received: ['refund'],
};
const stepLabels: Record<ReturnStep['step'], string> = {
  authorise: 'Authorise',
  refuse: 'Refuse',
  receive: 'Mark received',
  refund: 'Refund',
};
const stepTitles: Record<ReturnStep['step'], string> = {
  authorise: 'Authorise this return?',
  refuse: 'Refuse this return?',
  receive: 'Mark this return received?',
  refund: 'Refund this return?',
};
const stepDone: Record<ReturnStep['step'], string> = {
  authorise: 'Return authorised',
  refuse: 'Return refused',
  receive: 'Return received',
  refund: 'Return refunded',
};

/** One admin step on one return, with what it asks: a message, or each part's state. */
function ReturnStepDialog({
  request,
  step,
  onClose,
}: {
  request: ReturnRequest;
  step: ReturnStep['step'];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [resaleable, setResaleable] = useState<string[]>(request.lines.map((line) => line.toolId));
  const [failure, setFailure] = useState<string | null>(null);
  const messageId = useId();
  const take = useMutation({
    mutationFn: (action: ReturnStep) => takeReturnStep(request._id, action),
    onSettled: () =>
      Promise.all(
        [queryKeys.orders.all, queryKeys.tools.all, queryKeys.reports.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
  const action = (): ReturnStep =>
    step === 'receive'
      ? {
          step,
          receipt: {
            lines: request.lines.map((line) => ({
              toolId: line.toolId,
              resaleable: resaleable.includes(line.toolId),
            })),
          },
        }
      : step === 'refund'
        ? { step }
        : { step, message };
  const confirm = async () => {
    setFailure(null);
    try {
      await take.mutateAsync(action());
      toast.success(stepDone[step]);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <ConfirmDialog
      open
      title={stepTitles[step]}
      confirmLabel={stepLabels[step]}
      cancelLabel="Not now"
      busy={take.isPending}
      error={failure}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {(step === 'authorise' || step === 'refuse') && (
        <>
          <p>The buyer receives your message by email.</p>
          <label htmlFor={messageId} className="mt-4 block text-sm font-semibold">
            Message to the buyer{step === 'authorise' ? ' (optional)' : ''}
          </label>
          <textarea
            id={messageId}
            className="textarea mt-1 w-full"
            rows={3}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </>
      )}
      {step === 'receive' && (
        <LineChecklist
          legend="Can be sold again"
          lines={request.lines}
          chosen={resaleable}
          onChange={setResaleable}
          className="mt-2"
        >
          <p className="text-base-content/70 mt-2 text-sm">
            Parts that can be sold again go back to stock; the others do not.
          </p>
        </LineChecklist>
      )}
      {step === 'refund' && (
        <p>
          The buyer gets back these parts&apos; price, tax and share of shipping
          {request.feePercent > 0
            ? `, less a restocking fee of ${formatPercent(request.feePercent)}`
            : ''}
          , through the card they paid with. This cannot be undone.
        </p>
      )}
    </ConfirmDialog>
  );
}

/**
 * One return: its parts, reason, status, the shop's message, and the refund once made; for an
 * admin, the next steps. `withOrder` names the order and its buyer, with a link (the back office's
 * list of returns).
 */
export function ReturnCard({
  request,
  isAdmin,
  withOrder = false,
}: {
  request: ReturnRequest;
  isAdmin: boolean;
  withOrder?: boolean;
}) {
  const [step, setStep] = useState<ReturnStep['step'] | null>(null);
  return (
    <li className="border-base-300 flex flex-col gap-1 rounded-box border p-4">
      <p className="font-semibold">{returnStatusWords[request.status]}</p>
      {withOrder && (
        <p className="text-sm break-words">
          <Link className="link" to={paths.dashboard.order(request.orderId)}>
            Order {formatOrderNumber(request.orderNumber)}
          </Link>{' '}
          · {request.buyerName} ({request.buyerEmail})
        </p>
      )}
      <p className="text-sm">
        {request.lines.map((line) => `${line.quantity} × ${line.tool}`).join(', ')} ·{' '}
        {returnReasonLabels[request.reason]} · asked{' '}
        {formatMediumDate(new Date(request.requestedAt))}
      </p>
      {request.comment && <p className="text-sm">Comment: {request.comment}</p>}
      {request.message && <p className="text-sm">The shop: {request.message}</p>}
      {request.refund && (
        <p className="text-sm">
          Refunded {formatMoney(request.refund.amount)}
          {request.refund.fee > 0 ? ` (restocking fee ${formatMoney(request.refund.fee)})` : ''}
        </p>
      )}
      {isAdmin && (nextSteps[request.status] ?? []).length > 0 && (
        <div className="mt-2 flex flex-wrap gap-2">
          {(nextSteps[request.status] ?? []).map((next) => (
            <button
              key={next}
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => setStep(next)}
            >
              {stepLabels[next]}
            </button>
          ))}
        </div>
      )}
      {step && <ReturnStepDialog request={request} step={step} onClose={() => setStep(null)} />}
    </li>
  );
}
