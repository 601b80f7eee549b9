import { type Order, SandboxCardPaymentSchema } from '@shop/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { useConfirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { usePayOrder } from '../api/pay-order';
import { type CardErrorState, cardErrorFrom, notRecorded } from '../utils/card-error';
import {
  type CardField,
  type CardFields,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  incompleteField,
  toCard,
} from '../utils/card-input';
import { CardForm } from './card-form';
import { TestModeNotice } from './test-mode-notice';

interface SandboxCardFormProps {
  order: Order;
  /** Undefined until the server has created the payment intent: Pay waits for it. */
  clientSecret: string | undefined;
  onPaid: (transactionId: string) => void;
}

const fieldPaths: Record<string, CardField> = {
  number: 'number',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
};

/**
 * The sandbox's card form ("Test mode"): it follows Stripe's test cards. The card goes to
 * `POST /api/sandbox/confirm`, which answers the payment id or the card error; then
 * `PATCH /api/purchase/{id}` has the server verify that payment and mark the order paid.
 */
export function SandboxCardForm({ order, clientSecret, onPaid }: SandboxCardFormProps) {
  const confirm = useConfirmSandboxPayment();
  const pay = usePayOrder();
  const [fields, setFields] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  const [problem, setProblem] = useState<CardErrorState | null>(null);
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});
  const errorId = useId();
  const busy = confirm.isPending || pay.isPending;
  const ready = Boolean(clientSecret);

  const change = (field: CardField, format: (value: string) => string) => (value: string) => {
    setFields((current) => ({ ...current, [field]: format(value) }));
    if (problem?.field === field) setProblem(null);
  };

  const fail = (next: CardErrorState) => {
    setProblem(next);
    if (next.field) inputs.current[next.field]?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!clientSecret || busy) return;
    setProblem(null);
    const incomplete = incompleteField(fields);
    if (incomplete) return fail(incomplete);
    const payment = SandboxCardPaymentSchema.safeParse({
      clientSecret,
      card: toCard(fields),
      billingName: order.userName,
      billingEmail: order.userEmail,
    });
    if (!payment.success) {
      const issue = payment.error.issues[0];
      return fail({
        field: fieldPaths[String(issue?.path.at(-1))] ?? null,
        message: issue?.message ?? 'Please check the card.',
      });
    }
    let transactionId: string;
    try {
      transactionId = (await confirm.mutateAsync(payment.data)).id;
    } catch (error) {
      return fail(cardErrorFrom(error));
    }
    try {
      await pay.mutateAsync({ orderId: order._id, transactionId });
    } catch (error) {
      return fail(notRecorded(error));
    }
    onPaid(transactionId);
  };

  const control = (field: CardField) => ({
    ref: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    value: fields[field],
    // Read only, not disabled, while the payment runs: a card error can then focus its field.
    readOnly: busy,
    className: `input w-full font-mono ${problem?.field === field ? 'input-error' : ''}`,
    ...(problem?.field === field
      ? { 'aria-invalid': true as const, 'aria-describedby': errorId }
      : {}),
  });

  return (
    <CardForm
      onSubmit={onSubmit}
      problem={problem?.message ?? null}
      problemId={errorId}
      busy={busy}
      ready={ready}
      footer={
        !ready && (
          <p role="status" className="text-base-content/70 text-xs">
            Preparing the payment…
          </p>
        )
      }
    >
      <TestModeNotice />
      <FormField label="Card number">
        {(ids) => (
          <input
            {...ids}
            {...control('number')}
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            onChange={(event) => change('number', formatCardNumber)(event.target.value)}
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-x-4">
        <FormField label="Expiry (MM/YY)">
          {(ids) => (
            <input
              {...ids}
              {...control('expiry')}
              type="text"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              onChange={(event) => change('expiry', formatExpiry)(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="CVC">
          {(ids) => (
            <input
              {...ids}
              {...control('cvc')}
              type="text"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              onChange={(event) => change('cvc', formatCvc)(event.target.value)}
            />
          )}
        </FormField>
      </div>
    </CardForm>
  );
}
