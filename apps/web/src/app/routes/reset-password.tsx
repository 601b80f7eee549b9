import { messages } from '@shop/shared';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../components/ui/form-alert';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { paths } from '../../lib/paths';

const words = messages.passwordReset;

/**
 * Where the reset email's link lands (`?token=`): the new password, then Login with a notice.
 * The reset ends every session, so the visitor signs in with the new password.
 */
export default function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const onDone = () => void navigate(paths.login, { replace: true, state: { notice: words.done } });
  return (
    <AuthCard title={words.resetTitle}>
      {token ? (
        <>
          <FormAlert message={error} />
          <ResetPasswordForm token={token} onDone={onDone} onFailure={setError} />
        </>
      ) : (
        <FormAlert message={words.missingToken} />
      )}
      <p className="text-center text-sm">
        <Link to={paths.forgotPassword} className="link link-primary">
          {words.askAgain}
        </Link>
      </p>
    </AuthCard>
  );
}
