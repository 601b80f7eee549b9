import { zodResolver } from '@hookform/resolvers/zod';
import { messages, REVIEW_NAME_MAX, ReviewInputSchema } from '@shop/shared';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { useServerForm } from '../../../lib/use-server-form';
import { useCreateReview } from '../api/create-review';
import { SubmitButton } from '../../../components/ui/submit-button';

const serverFields = ['name', 'review', 'location', 'description', 'img'] as const;
const emptyReview = { name: '', review: '', location: '', description: '', img: '' };

interface ReviewFormProps {
  /** The signed-in user's name, offered as the reviewer's name when it fits the limit. */
  defaultName?: string;
}

/**
 * Add A Review (docs/product.md, Screens and Validation): name (at most 20), the tool reviewed ("Tool Name"),
 * location, description and an avatar image URL, all required; the shared
 * `ReviewInputSchema` checks them here and on the server.
 */
export function ReviewForm({ defaultName = '' }: ReviewFormProps) {
  const createReview = useCreateReview();
  const initial = {
    ...emptyReview,
    name: defaultName.length <= REVIEW_NAME_MAX ? defaultName : '',
  };
  const {
    field,
    submitWith,
    failure,
    startOver,
    formState: { isSubmitting },
  } = useServerForm({
    resolver: zodResolver(ReviewInputSchema),
    defaultValues: initial,
    serverFields,
  });

  const onSubmit = submitWith(async (values) => {
    await createReview.mutateAsync(values);
    toast.success(messages.success.reviewAdded);
    startOver('review', initial);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-2xl">
      <FormAlert message={failure} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="Name"
          hint={`At most ${REVIEW_NAME_MAX} characters`}
          type="text"
          autoComplete="name"
          {...field('name')}
        />
        <TextField
          label="Tool Name"
          hint="The tool you are reviewing"
          type="text"
          autoComplete="off"
          {...field('review')}
        />
      </div>
      <TextField
        label="Location"
        hint="City and country"
        type="text"
        autoComplete="address-level2"
        {...field('location')}
      />
      <TextAreaField label="Description" rows={4} {...field('description')} />
      <TextField
        label="Image URL"
        hint="Your picture: an https:// address"
        type="url"
        inputMode="url"
        autoComplete="photo"
        {...field('img')}
      />
      <SubmitButton busy={isSubmitting}>Add Review</SubmitButton>
    </form>
  );
}
