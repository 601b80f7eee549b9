import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterSchema } from '@shop/shared';
import { useSignUpEmail } from '../api/sign-up-email';
import { useServerForm } from '../../../lib/use-server-form';
import { TextField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';

interface RegisterFormProps {
  /** The sign-up failed (the screen shows why above the form), or null: a new attempt starts. */
  onFailure: (message: string | null) => void;
  /** The account must open its verification email before it signs in (no session yet). */
  onMustVerify: (email: string) => void;
}

/** Name, email and password; the account is signed in and gets its token on success. */
export function RegisterForm({ onFailure, onMustVerify }: RegisterFormProps) {
  const signUp = useSignUpEmail();
  const {
    field,
    submitWith,
    formState: { isSubmitting },
  } = useServerForm({
    resolver: zodResolver(RegisterSchema),
    defaultValues: { name: '', email: '', password: '' },
    serverFields: ['name', 'email', 'password'],
    alwaysShowFailure: true,
    onFailure,
  });

  const onSubmit = submitWith(async (values) => {
    const { user, mustVerify } = await signUp.mutateAsync(values);
    if (mustVerify) onMustVerify(user.email);
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <TextField label="Name" type="text" autoComplete="name" {...field('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        {...field('password')}
      />
      <SubmitButton busy={isSubmitting} className="mt-4 w-full">
        Sign Up
      </SubmitButton>
    </form>
  );
}
