import { zodResolver } from '@hookform/resolvers/zod';
import { messages, TOOL_NAME_MAX, ToolInputSchema } from '@shop/shared';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { useServerForm } from '../../../lib/use-server-form';
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
 * Add Tool (SPEC.md sections 2 and 5): checked by the shared `ToolInputSchema` on submit,
 * then on change. The number fields give numbers (`valueAsNumber`; an empty one is NaN,
 * which the schema calls missing).
 */
export function AddToolForm() {
  const createTool = useCreateTool();
  const {
    register,
    submitWith,
    failure,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useServerForm({
    resolver: zodResolver(ToolInputSchema),
    defaultValues: { name: '', description: '', img: '' },
    serverFields,
  });

  // After a save the form is empty again and ready for the next one. `reset` drops the
  // fields' refs until they render again, so the focus moves in an effect.
  const [saved, setSaved] = useState(0);
  useEffect(() => {
    if (saved > 0) setFocus('name');
  }, [saved, setFocus]);

  const onSubmit = submitWith(async (values) => {
    await createTool.mutateAsync(values);
    toast.success(messages.success.toolAdded);
    reset();
    setSaved((count) => count + 1);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-2xl">
      <FormAlert message={failure} />
      <TextField
        label="Name"
        hint={`At most ${TOOL_NAME_MAX} characters`}
        type="text"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextAreaField
        label="Description"
        rows={4}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <TextField
          label="Minimum order quantity"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors.minOrderQuantity?.message}
          {...register('minOrderQuantity', { valueAsNumber: true })}
        />
        <TextField
          label="Available quantity"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors.availableQuantity?.message}
          {...register('availableQuantity', { valueAsNumber: true })}
        />
        <TextField
          label="Price per unit ($)"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          error={errors.price?.message}
          {...register('price', { valueAsNumber: true })}
        />
      </div>
      <TextField
        label="Image URL"
        hint="An https:// address, or a shop image such as /images/tools/nvme-ssd.svg"
        type="url"
        inputMode="url"
        autoComplete="off"
        error={errors.img?.message}
        {...register('img')}
      />
      <SubmitButton busy={isSubmitting}>Add Tool</SubmitButton>
    </form>
  );
}
