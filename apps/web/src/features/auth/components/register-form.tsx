import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterSchema } from '@shop/shared';
import { useForm } from 'react-hook-form';
import { useSignUpEmail } from '../api/sign-up-email';
import { errorMessage, showFieldErrors } from '../../../lib/form-errors';
import { TextField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';

interface RegisterFormProps {
  onAttempt: () => void;
  onError: (message: string) => void;
}

/** Name, email and password; the account is signed in and gets its token on success. */
export function RegisterForm({ onAttempt, onError }: RegisterFormProps) {
  const signUp = useSignUpEmail();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(RegisterSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    onAttempt();
    try {
      await signUp.mutateAsync(values);
    } catch (error) {
      showFieldErrors(error, ['name', 'email', 'password'], setError);
      onError(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <TextField
        label="Name"
        type="text"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
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
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <SubmitButton busy={isSubmitting} className="mt-4 w-full">
        Sign Up
      </SubmitButton>
    </form>
  );
}
