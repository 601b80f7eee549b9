import { zodResolver } from '@hookform/resolvers/zod';
import { type Tool, ToolUpdateSchema } from '@shop/shared';
import { useEffect, useMemo } from 'react';
import { FormProvider } from 'react-hook-form';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useServerForm } from '../../../lib/use-server-form';
import { asNumber, ownTitle, titleInput, toolInputs } from '../utils/tool-inputs';
import { useToolFits } from '../../../lib/get-tool-fits';
import { useUpdateTool } from '../api/update-tool';
import { changedFields } from '../utils/changed-fields';
import { partDetailsServerFields } from '../utils/part-details';
import { FitmentField, PartDetailsFields } from './part-details-fields';
import { PartPictures } from './part-pictures';

interface ToolEditorProps {
  tool: Tool;
  /** Saved or cancelled: the row closes its editor. */
  onClose: () => void;
}

const serverFields = [
  'price',
  'availableQuantity',
  'description',
  'title',
  ...partDetailsServerFields,
] as const;

/**
 * Manage Tools, in place (beyond the original shop): price, stock, the title (issue 49) and
 * description, and the part details (issue 33), checked by the shared `ToolUpdateSchema`; only the changed fields go to
 * `PATCH /api/tools/{id}`. The models it fits load with the editor; until they have, they are
 * neither shown nor sent. Escape cancels. Below the form, the part's pictures (issue 34), saved
 * as they change: they are no part of Save.
 */
export function ToolEditor({ tool, onClose }: ToolEditorProps) {
  const updateTool = useUpdateTool();
  const fits = useToolFits(tool._id);
  const form = useServerForm({
    resolver: zodResolver(ToolUpdateSchema),
    serverFields,
    defaultValues: {
      price: tool.price,
      availableQuantity: tool.availableQuantity,
      description: tool.description,
      title: ownTitle(tool),
      sku: tool.sku,
      category: tool.category.slug,
      brand: tool.brand,
      condition: tool.condition,
      weightGrams: tool.weightGrams,
      shippingClass: tool.shippingClass,
      partNumbers: tool.partNumbers.map(({ kind, maker, number }) => ({ kind, maker, number })),
    },
  });
  const {
    field,
    submitWith,
    failure,
    setFocus,
    getValues,
    setValue,
    formState: { isSubmitting },
  } = form;
  const loadedFits = useMemo(() => fits.data?.map((model) => model.slug), [fits.data]);

  useEffect(() => setFocus('price', { shouldSelect: true }), [setFocus]);
  // The models it fits join the form once, when they first arrive.
  useEffect(() => {
    if (loadedFits && getValues('fits') === undefined) setValue('fits', loadedFits);
  }, [loadedFits, getValues, setValue]);

  const onSubmit = submitWith(async ({ price, availableQuantity, description, ...parts }) => {
    const changes = changedFields(
      tool,
      {
        price: price ?? tool.price,
        availableQuantity: availableQuantity ?? tool.availableQuantity,
        description: description ?? tool.description,
        ...parts,
      },
      loadedFits,
    );
    if (Object.keys(changes).length === 0) {
      toast.info(`Nothing changed in ${tool.name}`);
      onClose();
      return;
    }
    await updateTool.mutateAsync({ id: tool._id, changes });
    toast.success(`${tool.name} saved`);
    onClose();
  });

  let fitment = <FitmentField known={fits.data ?? []} />;
  if (fits.isPending) {
    fitment = (
      <div className="fieldset py-1">
        <p className="pb-1 text-sm font-semibold">Laptop models it fits</p>
        <p role="status" className="flex items-center gap-2 text-sm">
          <span className="loading loading-spinner loading-sm text-primary" aria-hidden="true" />
          Loading the models it fits...
        </p>
      </div>
    );
  } else if (fits.isError) {
    fitment = (
      <div className="fieldset py-1">
        <p className="pb-1 text-sm font-semibold">Laptop models it fits</p>
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800">
          The models it fits could not be loaded; the rest can be saved.
          <button
            type="button"
            className="btn btn-outline btn-xs"
            onClick={() => void fits.refetch()}
          >
            Try again
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid min-w-0 gap-3">
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={onSubmit}
          aria-label={`Edit ${tool.name}`}
          className="bg-base-200 rounded-box grid min-w-0 gap-x-4 p-4 sm:grid-cols-2"
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
            <TextField {...titleInput} {...field('title')} />
          </div>
          <div className="sm:col-span-2">
            <TextAreaField label="Description" rows={4} {...field('description')} />
          </div>
          <fieldset className="border-base-300 mt-3 min-w-0 border-t pt-2 sm:col-span-2">
            <legend className="pr-2 font-semibold">Part details</legend>
            <PartDetailsFields mode="edit" current={tool.category} fitment={fitment} />
          </fieldset>
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
      </FormProvider>
      <PartPictures tool={tool} />
    </div>
  );
}
