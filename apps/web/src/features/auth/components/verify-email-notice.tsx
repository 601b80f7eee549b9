import { messages } from '@shop/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { LineIcon } from '../../../components/ui/line-icon';
import { useSession } from '../api/get-session';
import { useSendVerificationEmail } from '../api/send-verification-email';

const words = messages.emailVerification;
const DISMISSED_KEY = 'verifyEmailNoticeDismissed';

const wasDismissed = () => {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * "Please verify your email" for a signed-in account that has not opened its verification link
 * (email verification off: it may sign in all the same). A resend button and a dismiss button;
 * dismissed, it stays away for the browser tab's session. It sits in the flow, above the
 * content, covering nothing.
 */
export function VerifyEmailNotice() {
  const session = useSession();
  const user = session.data?.user;
  const [dismissed, setDismissed] = useState(wasDismissed);
  const resend = useSendVerificationEmail();

  if (!user || user.emailVerified !== false || dismissed) return null;

  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private modes may refuse storage: dismissed for this page only.
    }
    setDismissed(true);
  };
  const send = () =>
    resend.mutate(user.email, {
      onSuccess: () => toast.success(words.sentNotice),
      onError: (error) => toast.error(error.message),
    });

  return (
    <section
      aria-label={words.noticeLabel}
      data-testid="verify-email-notice"
      className="rounded-box mb-4 flex flex-wrap items-center gap-3 border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <LineIcon className="h-5 w-5 shrink-0">
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="m3 7 9 6 9-6" />
      </LineIcon>
      <p className="min-w-0 flex-[1_1_14rem] [overflow-wrap:anywhere]">
        {words.notice(user.email)}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={resend.isPending}
          onClick={send}
        >
          {resend.isPending && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          {words.resend}
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={dismiss}>
          {words.dismiss}
        </button>
      </div>
    </section>
  );
}
