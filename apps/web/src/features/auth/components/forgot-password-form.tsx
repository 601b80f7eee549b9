import { zodResolver } from '@hookform/resolvers/zod';
import { RequestPasswordResetSchema, messages } from '@shop/shared';
import { TextField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useServerForm } from '../../../lib/use-server-form';
import { useRequestPasswordReset } from '../api/request-password-reset';

interface ForgotPasswordFormProps {
  /** The request was taken: the screen says so (the same words whether or not the account exists). */
  onSent: (message: string) => void;
  /** The request failed (the screen shows why above the form), or null: a new attempt starts. */
  onFailure: (message: string | null) => void;
}

/** The email of the account whose password is forgotten. */
export function ForgotPasswordForm({ onSent, onFailure }: ForgotPasswordFormProps) {
  const request = useRequestPasswordReset();
  const {
    field,
    submitWith,
    formState: { isSubmitting },
  } = useServerForm({
    resolver: zodResolver(RequestPasswordResetSchema),
    defaultValues: { email: '' },
    serverFields: ['email'],
    alwaysShowFailure: true,
    onFailure,
  });

  const onSubmit = submitWith(async (values) => {
    await request.mutateAsync(values);
    onSent(messages.passwordReset.sent);
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <SubmitButton busy={isSubmitting} className="mt-4 w-full">
        {messages.passwordReset.send}
      </SubmitButton>
    </form>
  );
}
