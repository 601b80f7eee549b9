import { messages } from '@shop/shared';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { FormAlert } from '../../components/ui/form-alert';
import { AuthCard, AuthLoading } from '../../features/auth/components/auth-card';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';

/** The register screen: on success (the account is signed in) it goes to /home. */
export default function RegisterRoute() {
  const { status } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  // REQUIRE_EMAIL_VERIFICATION: no session until the emailed link; Login says so.
  const mustVerify = (email: string) =>
    void navigate(paths.login, { state: { notice: messages.emailVerification.checkEmail(email) } });

  if (status === 'signedIn') return <Navigate to={paths.homeAlias} replace />;
  return (
    <AuthCard title="Sign Up">
      {status === 'loading' ? (
        <AuthLoading />
      ) : (
        <>
          <FormAlert message={error} />
          <RegisterForm onFailure={setError} onMustVerify={mustVerify} />
          <p className="text-center text-sm">
            Already have an account?{' '}
            <Link to={paths.login} className="link link-primary">
              Login
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
