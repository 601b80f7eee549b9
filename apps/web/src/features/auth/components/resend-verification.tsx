import { messages } from '@shop/shared';
import { useState } from 'react';
import { useSendVerificationEmail } from '../api/send-verification-email';

const words = messages.emailVerification;

/**
 * Login's way to a new verification link, shown when a sign-in was refused because the email is
 * not verified yet. The answer is the same whether or not the account exists.
 */
export function ResendVerification({ email }: { email: string }) {
  const resend = useSendVerificationEmail();
  const [sent, setSent] = useState(false);
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={resend.isPending}
        onClick={() => resend.mutate(email, { onSuccess: () => setSent(true) })}
      >
        {resend.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        {words.resend}
      </button>
      <p role="status" className="text-sm">
        {sent ? words.resent : resend.isError ? resend.error.message : ''}
      </p>
    </div>
  );
}
