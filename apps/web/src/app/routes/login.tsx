import { messages } from '@shop/shared';
import { useState } from 'react';
import { Link, type Location, Navigate, useLocation, useSearchParams } from 'react-router';
import { FormAlert } from '../../components/ui/form-alert';
import { AuthCard, AuthNotice } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { ResendVerification } from '../../features/auth/components/resend-verification';
import { SocialSignIn } from '../../features/auth/components/social-sign-in';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { providerErrorText } from '../../features/auth/utils/provider-error';
import { paths } from '../../lib/paths';

/** What the guards leave in the router state when they send a visitor here. */
interface LoginState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  notice?: string;
}

const loginState = (state: unknown): LoginState =>
  typeof state === 'object' && state !== null ? (state as LoginState) : {};

/** Back to the page the visitor came from (RequireSignIn remembers it), or home. */
function returnPath({ from }: LoginState): string {
  if (typeof from?.pathname !== 'string' || !from.pathname.startsWith('/')) return paths.home;
  if (from.pathname.startsWith('//') || from.pathname === paths.login) return paths.home;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/**
 * The login screen: email and password, the way to sign up, and the social buttons.
 * Failures, including those a provider sends back (`?error=`), show in red above the form.
 */
export default function LoginRoute() {
  const { status } = useAuth();
  const location = useLocation();
  const state = loginState(location.state);
  const [searchParams] = useSearchParams();
  // An email verification link lands here (?verified=1), with ?error= when it did not work.
  const fromVerification = searchParams.get('verified') === '1';
  const [error, setError] = useState(() =>
    fromVerification && searchParams.get('error')
      ? messages.emailVerification.invalidLink
      : providerErrorText(searchParams.get('error')),
  );
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const clearError = () => setError(null);
  const notice =
    state.notice ??
    (fromVerification && !searchParams.get('error') ? messages.emailVerification.verified : null);

  if (status === 'signedIn') return <Navigate to={returnPath(state)} replace />;
  // The whole screen shows at once, the loading button in place of Login while the auth state
  // loads: nothing moves when it arrives (layout shift, decision 010).
  return (
    <AuthCard title="Login">
      <AuthNotice message={notice} />
      <FormAlert message={error} />
      {unverifiedEmail && <ResendVerification email={unverifiedEmail} />}
      <LoginForm
        authLoading={status === 'loading'}
        onFailure={setError}
        onUnverified={setUnverifiedEmail}
      />
      <p className="text-center text-sm">
        New to the shop?{' '}
        <Link to={paths.register} className="link link-primary">
          Create New Account
        </Link>
      </p>
      <div className="divider my-0">OR</div>
      <SocialSignIn onAttempt={clearError} onError={setError} />
    </AuthCard>
  );
}
