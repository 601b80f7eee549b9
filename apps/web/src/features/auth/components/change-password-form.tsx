import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordSchema, messages } from '@shop/shared';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useServerForm } from '../../../lib/use-server-form';
import { useChangePassword } from '../api/change-password';

const words = messages.account;

/**
 * My Profile's Change Password: the current password, and a new one by the register form's
 * rule ("Must have 6 characters"). Every other device is signed out; this one stays signed in.
 */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const {
    field,
    submitWith,
    failure,
    startOver,
    formState: { isSubmitting },
  } = useServerForm({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
    serverFields: ['currentPassword', 'newPassword'],
  });

  const onSubmit = submitWith(async (values) => {
    await changePassword.mutateAsync(values);
    toast.success(words.passwordChanged);
    startOver('currentPassword');
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="mb-2 text-xl font-bold">
        {words.passwordTitle}
      </h2>
      <FormAlert message={failure} />
      <TextField
        label={words.currentPassword}
        type="password"
        autoComplete="current-password"
        {...field('currentPassword')}
      />
      <TextField
        label={words.newPassword}
        type="password"
        autoComplete="new-password"
        {...field('newPassword')}
      />
      <SubmitButton busy={isSubmitting}>{words.savePassword}</SubmitButton>
    </form>
  );
}
