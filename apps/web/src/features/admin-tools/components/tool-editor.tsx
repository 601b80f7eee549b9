import { zodResolver } from '@hookform/resolvers/zod';
import { type Tool, ToolUpdateSchema } from '@shop/shared';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useServerForm } from '../../../lib/use-server-form';
import { asNumber, toolInputs } from '../utils/tool-inputs';
import { useUpdateTool } from '../api/update-tool';
import { changedFields } from '../utils/changed-fields';

interface ToolEditorProps {
  tool: Tool;
  /** Saved or cancelled: the row closes its editor. */
  onClose: () => void;
}

/**
 * Manage Tools, in place (beyond the original shop): price, stock and description, checked by the
 * shared `ToolUpdateSchema`; only the changed fields go to `PATCH /api/tools/{id}`.
 * Escape cancels.
 */
export function ToolEditor({ tool, onClose }: ToolEditorProps) {
  const updateTool = useUpdateTool();
  const {
    field,
    submitWith,
    failure,
    setFocus,
    formState: { isSubmitting },
  } = useServerForm({
    resolver: zodResolver(ToolUpdateSchema),
    serverFields: ['price', 'availableQuantity', 'description'],
    defaultValues: {
      price: tool.price,
      availableQuantity: tool.availableQuantity,
      description: tool.description,
    },
  });

  useEffect(() => setFocus('price', { shouldSelect: true }), [setFocus]);

  const onSubmit = submitWith(async (values) => {
    const changes = changedFields(tool, {
      price: values.price ?? tool.price,
      availableQuantity: values.availableQuantity ?? tool.availableQuantity,
      description: values.description ?? tool.description,
    });
    if (Object.keys(changes).length === 0) {
      toast.info(`Nothing changed in ${tool.name}`);
      onClose();
      return;
    }
    await updateTool.mutateAsync({ id: tool._id, changes });
    toast.success(`${tool.name} saved`);
    onClose();
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Edit ${tool.name}`}
      className="bg-base-200 rounded-box grid gap-x-4 p-4 sm:grid-cols-2"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !isSubmitting) {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className="sm:col-span-2">
        <FormAlert message={failure} />
      </div>
      <TextField {...toolInputs.price} {...field('price', asNumber)} />
      <TextField {...toolInputs.availableQuantity} {...field('availableQuantity', asNumber)} />
      <div className="sm:col-span-2">
        <TextAreaField label="Description" rows={4} {...field('description')} />
      </div>
      <div className="mt-2 flex gap-2 sm:col-span-2">
        <SubmitButton busy={isSubmitting} small>
          Save
        </SubmitButton>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={onClose}
          disabled={isSubmitting}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
