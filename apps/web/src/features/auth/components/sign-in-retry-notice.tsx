import { messages } from '@shop/shared';
import { LineIcon } from '../../../components/ui/line-icon';
import { useAuth } from '../hooks/use-auth';

const words = messages.signInRetry;

/**
 * "We could not reach the shop. Trying again..." while a signed-in user's access token gets no
 * answer (or a server failure): on every page, above the content, covering nothing, with a
 * button that asks at once. The live region is always there, so the notice is read out when it
 * comes; it goes by itself once the token arrives.
 */
export function SignInRetryNotice() {
  const { signInRetrying, retrySignIn } = useAuth();
  return (
    <div role="status" aria-label={words.noticeLabel}>
      {signInRetrying && (
        <div className="content-width pt-4">
          <div
            data-testid="sign-in-retry-notice"
            className="rounded-box flex flex-wrap items-center gap-3 border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          >
            <LineIcon className="h-5 w-5 shrink-0">
              <path d="M12 20h.01M8.5 16.4a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 5.2-2.8M19 12.9a10 10 0 0 0-2.3-1.6M2 8.8a15 15 0 0 1 4.2-2.6M22 8.8A15 15 0 0 0 11 5M2 2l20 20" />
            </LineIcon>
            <p className="min-w-0 flex-[1_1_14rem]">{words.notice}</p>
            <button type="button" className="btn btn-sm btn-outline" onClick={retrySignIn}>
              {words.retry}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
