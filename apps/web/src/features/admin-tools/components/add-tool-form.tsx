import { zodResolver } from '@hookform/resolvers/zod';
import { messages, TOOL_NAME_MAX, ToolInputSchema } from '@shop/shared';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { useServerForm } from '../../../lib/use-server-form';
import { asNumber, toolInputs } from '../utils/tool-inputs';
import { useCreateTool } from '../api/create-tool';
import { SubmitButton } from '../../../components/ui/submit-button';

const serverFields = [
  'name',
  'description',
  'minOrderQuantity',
  'availableQuantity',
  'price',
  'img',
] as const;

/**
 * Add Tool (docs/product.md, Screens and Validation): checked by the shared `ToolInputSchema` on submit,
 * then on change. The number fields give numbers (`valueAsNumber`; an empty one is NaN,
 * which the schema calls missing).
 */
export function AddToolForm() {
  const createTool = useCreateTool();
  const {
    field,
    submitWith,
    failure,
    startOver,
    formState: { isSubmitting },
  } = useServerForm({
    resolver: zodResolver(ToolInputSchema),
    defaultValues: { name: '', description: '', img: '' },
    serverFields,
  });

  const onSubmit = submitWith(async (values) => {
    await createTool.mutateAsync(values);
    toast.success(messages.success.toolAdded);
    startOver('name');
  });

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-2xl">
      <FormAlert message={failure} />
      <TextField
        label="Name"
        hint={`At most ${TOOL_NAME_MAX} characters`}
        type="text"
        autoComplete="off"
        {...field('name')}
      />
      <TextAreaField label="Description" rows={4} {...field('description')} />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <TextField {...toolInputs.minOrderQuantity} {...field('minOrderQuantity', asNumber)} />
        <TextField {...toolInputs.availableQuantity} {...field('availableQuantity', asNumber)} />
        <TextField {...toolInputs.price} {...field('price', asNumber)} />
      </div>
      <TextField
        label="Image URL"
        hint="An https:// address, or a shop image such as /images/tools/nvme-ssd.svg"
        type="url"
        inputMode="url"
        autoComplete="off"
        {...field('img')}
      />
      <SubmitButton busy={isSubmitting}>Add Tool</SubmitButton>
    </form>
  );
}
