import { zodResolver } from '@hookform/resolvers/zod';
import { ChangeNameSchema, messages } from '@shop/shared';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useServerForm } from '../../../lib/use-server-form';
import { useChangeName } from '../api/change-name';

const words = messages.account;

/** My Profile's display name (the register form's rule): the navbar and new orders say it. */
export function ChangeNameForm({ name }: { name: string }) {
  const changeName = useChangeName();
  const {
    field,
    submitWith,
    failure,
    reset,
    formState: { isSubmitting },
  } = useServerForm({
    resolver: zodResolver(ChangeNameSchema),
    defaultValues: { name },
    serverFields: ['name'],
  });

  const onSubmit = submitWith(async (values) => {
    await changeName.mutateAsync(values);
    toast.success(words.nameChanged);
    reset(values);
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="change-name-title">
      <h2 id="change-name-title" className="mb-2 text-xl font-bold">
        {words.nameTitle}
      </h2>
      <FormAlert message={failure} />
      <TextField label={words.nameLabel} type="text" autoComplete="name" {...field('name')} />
      <SubmitButton busy={isSubmitting}>{words.saveName}</SubmitButton>
    </form>
  );
}
