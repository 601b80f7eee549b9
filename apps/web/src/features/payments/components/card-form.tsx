import type { FormEvent, ReactNode } from 'react';
import { SubmitButton } from '../../../components/ui/submit-button';

interface CardFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Why the card or the payment was refused, read out at once; null when nothing is wrong. */
  problem: string | null;
  /** The problem's id, for the card field it concerns (`aria-describedby`). */
  problemId?: string;
  /** A payment is under way. */
  busy: boolean;
  /** The payment can start (its client secret is here, the card field has loaded). */
  ready: boolean;
  /** The card fields. */
  children: ReactNode;
  /** Below the Pay button. */
  footer?: ReactNode;
}

/** The frame of both card forms (the sandbox's and Stripe's): the fields, the problem, Pay. */
export function CardForm({
  onSubmit,
  problem,
  problemId,
  busy,
  ready,
  children,
  footer,
}: CardFormProps) {
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Card payment"
      className="flex flex-col gap-2"
    >
      {children}
      <p id={problemId} role="alert" className="min-h-5 text-sm font-medium text-red-700">
        {problem}
      </p>
      {/* Not ready yet (the payment being prepared) waits like a payment under way. */}
      <SubmitButton busy={busy || !ready} className="w-full">
        Pay
      </SubmitButton>
      {footer}
    </form>
  );
}
