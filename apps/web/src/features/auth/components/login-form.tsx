import { zodResolver } from '@hookform/resolvers/zod';
import { LoginSchema } from '@shop/shared';
import { useForm } from 'react-hook-form';
import { useSignInEmail } from '../api/sign-in-email';
import { errorMessage, showFieldErrors } from '../../../lib/form-errors';
import { TextField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';

interface LoginFormProps {
  /** A new attempt starts: the last failure goes. */
  onAttempt: () => void;
  /** The sign-in failed; the screen shows why above the form. */
  onError: (message: string) => void;
}

/**
 * Email and password (SPEC.md section 5: checked on submit, then on change). On success the
 * token is stored and the session reloaded; the screen then redirects.
 */
export function LoginForm({ onAttempt, onError }: LoginFormProps) {
  const signIn = useSignInEmail();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(LoginSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    onAttempt();
    try {
      await signIn.mutateAsync(values);
    } catch (error) {
      showFieldErrors(error, ['email', 'password'], setError);
      onError(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <p className="text-base-content/70 mt-1 text-sm">Forget Password?</p>
      <SubmitButton busy={isSubmitting} className="w-full">
        Login
      </SubmitButton>
    </form>
  );
}
