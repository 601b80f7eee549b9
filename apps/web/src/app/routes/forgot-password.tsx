import { messages } from '@shop/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../components/ui/form-alert';
import { AuthCard, AuthNotice } from '../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { paths } from '../../lib/paths';

const words = messages.passwordReset;

/**
 * Forgot password: the account's email, then always the same answer, whether or not an account
 * has that email (the API answers the same, after the same time).
 */
export default function ForgotPasswordRoute() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <AuthCard title={words.forgotTitle}>
      {sent ? (
        <AuthNotice message={sent} />
      ) : (
        <>
          <p className="text-sm">{words.forgotIntro}</p>
          <FormAlert message={error} />
          <ForgotPasswordForm onSent={setSent} onFailure={setError} />
        </>
      )}
      <p className="text-center text-sm">
        <Link to={paths.login} className="link link-primary">
          {words.backToLogin}
        </Link>
      </p>
    </AuthCard>
  );
}
