import { zodResolver } from '@hookform/resolvers/zod';
import { messages, TOOL_NAME_MAX, ToolInputSchema } from '@shop/shared';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { useServerForm } from '../../../lib/use-server-form';
import { asNumber, toolInputs } from '../utils/tool-inputs';
import { useCreateTool } from '../api/create-tool';
import { SubmitButton } from '../../../components/ui/submit-button';
import { partDetailsServerFields } from '../utils/part-details';
import { FitmentField, PartDetailsFields } from './part-details-fields';

const serverFields = [
  'name',
  'description',
  'minOrderQuantity',
  'availableQuantity',
  'price',
  'img',
  ...partDetailsServerFields,
] as const;

/**
 * Add Tool (docs/product.md, Screens and Validation): checked by the shared `ToolInputSchema` on submit,
 * then on change. The number fields give numbers (`valueAsNumber`; an empty one is NaN,
 * which the schema calls missing). Below the spec's fields, "Part details" (ours, issue 33),
 * folded: what is left empty there is not sent, and the shop gives its default.
 */
export function AddToolForm() {
  const createTool = useCreateTool();
  const form = useServerForm({
    resolver: zodResolver(ToolInputSchema),
    defaultValues: {
      name: '',
      description: '',
      img: '',
      condition: 'new',
      partNumbers: [],
      fits: [],
    },
    serverFields,
  });
  const {
    field,
    submitWith,
    failure,
    startOver,
    formState: { isSubmitting, errors },
  } = form;
  const [partsOpen, setPartsOpen] = useState(false);
  // A refused part detail (a SKU taken, an unknown model) unfolds the section to show it.
  const partDetailRefused = partDetailsServerFields.some((name) => errors[name] !== undefined);
  const [refusalSeen, setRefusalSeen] = useState(false);
  if (partDetailRefused !== refusalSeen) {
    setRefusalSeen(partDetailRefused);
    if (partDetailRefused) setPartsOpen(true);
  }

  const onSubmit = submitWith(async ({ partNumbers, fits, ...values }) => {
    await createTool.mutateAsync({
      ...values,
      ...(partNumbers?.length ? { partNumbers } : {}),
      ...(fits?.length ? { fits } : {}),
    });
    toast.success(messages.success.toolAdded);
    startOver('name');
  });

  return (
    <FormProvider {...form}>
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
        <details
          open={partsOpen}
          onToggle={(event) => setPartsOpen(event.currentTarget.open)}
          className="border-base-300 rounded-box mt-4 border"
        >
          <summary className="cursor-pointer px-4 py-3 font-semibold">
            Part details <span className="text-base-content/70 font-normal">(optional)</span>
          </summary>
          <div className="border-base-300 border-t px-4 pt-3 pb-4">
            <p className="text-base-content/70 text-sm">
              SKU, part type, brand, condition, weight, part numbers and the laptops it fits. What
              is left empty takes the shop&apos;s default.
            </p>
            <PartDetailsFields mode="add" fitment={<FitmentField known={[]} />} />
          </div>
        </details>
        <SubmitButton busy={isSubmitting}>Add Tool</SubmitButton>
      </form>
    </FormProvider>
  );
}
