import { type ReactNode, useEffect } from 'react';
import { useSignInOptions } from '../api/get-sign-in-options';
import { type SocialProvider, useSignInSocial } from '../api/sign-in-social';
import { errorMessage } from '../../../lib/form-errors';
import { LineIcon } from '../../../components/ui/line-icon';

interface SocialSignInProps {
  onAttempt: () => void;
  onError: (message: string) => void;
}

const icons: Record<SocialProvider, ReactNode> = {
  google: (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9Z"
      />
    </svg>
  ),
  github: (
    <svg viewBox="0 0 24 24" className="h-5 w-5 fill-current" aria-hidden="true">
      <path d="M12 .3a12 12 0 0 0-3.8 23.4c.6.1.8-.3.8-.6v-2c-3.3.7-4-1.6-4-1.6-.6-1.4-1.4-1.8-1.4-1.8-1-.7.1-.7.1-.7 1.2 0 1.9 1.2 1.9 1.2 1 1.8 2.8 1.3 3.5 1 0-.8.4-1.3.7-1.6-2.7-.3-5.5-1.3-5.5-6 0-1.2.5-2.3 1.3-3.1-.2-.4-.6-1.6 0-3.2 0 0 1-.3 3.3 1.2a11.5 11.5 0 0 1 6 0C17.3 4.6 18.3 5 18.3 5c.7 1.6.2 2.8.1 3.2.8.8 1.3 1.9 1.3 3.1 0 4.6-2.8 5.6-5.5 5.9.5.4.9 1.1.9 2.2v3.3c0 .3.1.7.8.6A12 12 0 0 0 12 .3Z" />
    </svg>
  ),
  oidc: (
    <LineIcon className="h-5 w-5">
      <circle cx="8" cy="15" r="4" />
      <path d="m10.8 12.2 8.7-8.7M17 6l2.5 2.5M14.5 8.5 16.5 10.5" />
    </LineIcon>
  ),
};

/**
 * The three social buttons. A provider configured on the server works; one that is
 * not is disabled and says why (docs/product.md, departures: a dead button is a bug).
 */
export function SocialSignIn({ onAttempt, onError }: SocialSignInProps) {
  const options = useSignInOptions();
  const signIn = useSignInSocial();
  const { reset } = signIn;

  // Back from the provider's page, the browser may restore this page as it was: busy.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  if (options.isPending) {
    return (
      <div className="grid gap-3">
        <p role="status" className="sr-only">
          Checking which sign-in services this shop offers
        </p>
        {/* Each row as tall as a button with its reason line, so nothing moves when they come. */}
        {[0, 1, 2].map((row) => (
          <div key={row} className="grid gap-1" aria-hidden="true">
            <div className="skeleton h-10 w-full" />
            <div className="h-4" />
          </div>
        ))}
      </div>
    );
  }

  const providers: { id: SocialProvider; name: string; enabled: boolean }[] = [
    { id: 'google', name: 'Google', enabled: options.data?.google ?? false },
    { id: 'github', name: 'GitHub', enabled: options.data?.github ?? false },
    {
      id: 'oidc',
      name: options.data?.oidc.name ?? 'OpenID Connect',
      enabled: options.data?.oidc.enabled ?? false,
    },
  ];
  // After success the browser is on its way to the provider: the buttons stay busy.
  const leaving = signIn.isPending || signIn.isSuccess;

  const start = (provider: SocialProvider) => {
    onAttempt();
    signIn.mutate(provider, { onError: (error) => onError(errorMessage(error)) });
  };

  return (
    <div className="grid gap-3">
      {options.isError && (
        <div className="flex items-center justify-between gap-2 text-sm">
          <p>The sign-in services could not be checked.</p>
          <button type="button" className="btn btn-sm" onClick={() => void options.refetch()}>
            Try again
          </button>
        </div>
      )}
      {providers.map((provider) => {
        const reasonId = `social-${provider.id}-reason`;
        const reason = options.isError
          ? `${provider.name} sign-in is unavailable until the check succeeds`
          : provider.enabled
            ? null
            : `${provider.name} sign-in is not set up on this shop`;
        const starting = leaving && signIn.variables === provider.id;
        return (
          <div key={provider.id} className="grid gap-1">
            <button
              type="button"
              className="btn btn-outline w-full"
              disabled={reason !== null || leaving}
              aria-describedby={reason ? reasonId : undefined}
              onClick={() => start(provider.id)}
            >
              {starting ? (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              ) : (
                icons[provider.id]
              )}
              Continue with {provider.name}
            </button>
            {/* The line keeps its height without a reason: the page does not move under it. */}
            <p id={reasonId} className="text-base-content/70 min-h-4 text-center text-xs">
              {reason}
            </p>
          </div>
        );
      })}
    </div>
  );
}
