import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordSchema, messages } from '@shop/shared';
import { TextField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { useServerForm } from '../../../lib/use-server-form';
import { useResetPassword } from '../api/reset-password';

interface ResetPasswordFormProps {
  /** The token of the emailed link (`/reset-password?token=`). */
  token: string;
  /** The password is set; every session ended, so the visitor signs in with it. */
  onDone: () => void;
  /** The reset failed (the screen shows why above the form), or null: a new attempt starts. */
  onFailure: (message: string | null) => void;
}

/** The new password, with the register form's rule (the shared schema). */
export function ResetPasswordForm({ token, onDone, onFailure }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  const {
    field,
    register,
    submitWith,
    formState: { isSubmitting },
  } = useServerForm({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { newPassword: '', token },
    serverFields: ['newPassword'],
    alwaysShowFailure: true,
    onFailure,
  });

  const onSubmit = submitWith(async (values) => {
    try {
      await reset.mutateAsync(values);
    } catch (error) {
      // A used, expired or mangled link: Better Auth's INVALID_TOKEN, said in our words.
      if (error instanceof ApiError && error.code === 'INVALID_TOKEN')
        throw new ApiError(error.status, error.code, messages.passwordReset.invalidLink);
      throw error;
    }
    onDone();
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <input type="hidden" {...register('token')} />
      <TextField
        label={messages.passwordReset.newPassword}
        type="password"
        autoComplete="new-password"
        {...field('newPassword')}
      />
      <SubmitButton busy={isSubmitting} className="mt-4 w-full">
        {messages.passwordReset.save}
      </SubmitButton>
    </form>
  );
}
