import { zodResolver } from '@hookform/resolvers/zod';
import { type Profile, ProfileInputSchema } from '@shop/shared';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { useServerForm } from '../../../lib/use-server-form';
import { useUpdateProfile } from '../api/update-profile';
import { toFormValues, updateOutcome } from '../utils/profile-values';
import { SubmitButton } from '../../../components/ui/submit-button';

const serverFields = ['birthDate', 'address', 'phone', 'profileLink'] as const;

interface ProfileFormProps {
  /** The signed-in user's email: shown, never edited (the API takes it from the sign-in). */
  email: string;
  /** The stored profile the form starts from. */
  profile: Profile;
}

/**
 * Update Profile (docs/product.md, Screens and Validation): date of birth (dd-mm-yy), address, phone (with a
 * digit) and profile link (a URL), all required; the shared `ProfileInputSchema` checks them.
 * The answer says "Updated!!" or "Already Updated!!".
 */
export function ProfileForm({ email, profile }: ProfileFormProps) {
  const updateProfile = useUpdateProfile();
  const {
    field,
    submitWith,
    failure,
    reset,
    formState: { isSubmitting },
  } = useServerForm({
    resolver: zodResolver(ProfileInputSchema),
    defaultValues: toFormValues(profile),
    serverFields,
  });

  const onSubmit = submitWith(async (values) => {
    const answer = await updateProfile.mutateAsync({ email, input: values });
    const outcome = updateOutcome(answer);
    if (outcome.changed) toast.success(outcome.message);
    else toast.info(outcome.message);
    reset(toFormValues(answer.profile));
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="update-profile-title">
      <h2 id="update-profile-title" className="mb-2 text-xl font-bold">
        Update Profile
      </h2>
      <FormAlert message={failure} />
      <TextField
        label="Email"
        type="email"
        value={email}
        readOnly
        hint="The email you signed in with; it cannot be changed here"
      />
      <TextField
        label="Date of birth"
        hint="dd-mm-yy"
        type="text"
        inputMode="numeric"
        placeholder="dd-mm-yy"
        autoComplete="bday"
        {...field('birthDate')}
      />
      <TextAreaField label="Address" rows={2} autoComplete="street-address" {...field('address')} />
      <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      <TextField
        label="LinkedIn profile link"
        hint="A web address, e.g. https://www.linkedin.com/in/your-name"
        type="url"
        inputMode="url"
        autoComplete="url"
        {...field('profileLink')}
      />
      <SubmitButton busy={isSubmitting}>Update Profile</SubmitButton>
    </form>
  );
}
