import { messages, TOOL_NAME_MAX } from '@shop/shared';
import { useEffect, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { useServerForm } from '../../../lib/use-server-form';
import { asNumber, titleInput, toolInputs } from '../utils/tool-inputs';
import { useCreateTool } from '../api/create-tool';
import { useCreateToolWithPicture } from '../api/create-tool-with-picture';
import { addToolResolver } from '../utils/add-tool-check';
import { SubmitButton } from '../../../components/ui/submit-button';
import { partDetailsServerFields } from '../utils/part-details';
import { FitmentField, PartDetailsFields } from './part-details-fields';
import { usePictureQueue } from '../hooks/use-picture-queue';
import type { PictureProblem } from './picture-problems';
import { PictureUploadReport } from './picture-upload-report';
import { queuedAltId, QueuedPictures } from './queued-pictures';

const serverFields = [
  'name',
  'title',
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
 * which the schema calls missing). Below the spec's fields, "Pictures" (ours, issue 34): files
 * chosen or dropped, uploaded in their order once the tool is added (a failure leaves the tool
 * added and says which and why); then "Part details" (ours, issue 33), folded: what is left
 * empty there is not sent, and the shop gives its default. With a picture chosen, the image URL
 * may be left empty (issue 49): the first picture then goes with the tool, in one request that
 * writes both or neither, and is its image; the others follow as before.
 */
export function AddToolForm() {
  const createTool = useCreateTool();
  const createToolWithPicture = useCreateToolWithPicture();
  const pictures = usePictureQueue();
  const hasPicture = pictures.pictures.length > 0;
  const form = useServerForm({
    resolver: addToolResolver,
    context: { picture: hasPicture },
    defaultValues: {
      name: '',
      title: '',
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
  const typedName = useWatch({ control: form.control, name: 'name' }) ?? '';
  const typedUrl = useWatch({ control: form.control, name: 'img' }) ?? '';
  const pictureIsImage = hasPicture && typedUrl.trim() === '';
  // A picture chosen or removed after a check changes whether the URL is required: check again.
  const { trigger, formState } = form;
  const checkedOnce = formState.isSubmitted;
  useEffect(() => {
    if (checkedOnce) void trigger('img');
  }, [hasPicture, checkedOnce, trigger]);
  const [notUploaded, setNotUploaded] = useState<{
    name: string;
    failed: PictureProblem[];
  } | null>(null);
  const uploading = pictures.pictures.findIndex((picture) => picture.state === 'uploading');
  // A refused part detail (a SKU taken, an unknown model) unfolds the section to show it.
  const partDetailRefused = partDetailsServerFields.some((name) => errors[name] !== undefined);
  const [refusalSeen, setRefusalSeen] = useState(false);
  if (partDetailRefused !== refusalSeen) {
    setRefusalSeen(partDetailRefused);
    if (partDetailRefused) setPartsOpen(true);
  }

  const onSubmit = submitWith(async ({ partNumbers, fits, img, title, ...values }) => {
    setNotUploaded(null);
    const refusedAlt = pictures.check(values.name);
    if (refusedAlt) {
      document.getElementById(queuedAltId(refusedAlt))?.focus();
      return;
    }
    const fields = {
      ...values,
      // Left empty: not sent, and the name stands in.
      ...(title ? { title } : {}),
      ...(partNumbers?.length ? { partNumbers } : {}),
      ...(fits?.length ? { fits } : {}),
    };
    // Without a URL the check let the form through only with a picture: the first goes along.
    const tool = img
      ? await createTool.mutateAsync({ ...fields, img })
      : await pictures.sendFirstWith(values.name, ({ file, alt }) =>
          createToolWithPicture.mutateAsync({ tool: fields, file, alt }),
        );
    toast.success(messages.success.toolAdded);
    const failed = await pictures.uploadTo(tool._id, tool.name, img ? 0 : 1);
    if (failed.length > 0) setNotUploaded({ name: tool.name, failed });
    startOver('name');
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="max-w-2xl">
        <FormAlert message={failure} />
        {notUploaded && (
          <PictureUploadReport
            name={notUploaded.name}
            failed={notUploaded.failed}
            onDismiss={() => setNotUploaded(null)}
          />
        )}
        <TextField
          label="Name"
          hint={`At most ${TOOL_NAME_MAX} characters`}
          type="text"
          autoComplete="off"
          {...field('name')}
        />
        <TextField {...titleInput} {...field('title')} />
        <TextAreaField label="Description" rows={4} {...field('description')} />
        <div className="grid gap-x-4 sm:grid-cols-3">
          <TextField {...toolInputs.minOrderQuantity} {...field('minOrderQuantity', asNumber)} />
          <TextField {...toolInputs.availableQuantity} {...field('availableQuantity', asNumber)} />
          <TextField {...toolInputs.price} {...field('price', asNumber)} />
        </div>
        <TextField
          label="Image URL"
          hint={
            pictureIsImage
              ? "Left empty, the first picture below is the part's image; or an https:// address, or a shop image such as /images/tools/nvme-ssd.svg"
              : 'An https:// address, or a shop image such as /images/tools/nvme-ssd.svg; or leave it empty and choose a picture below'
          }
          type="url"
          inputMode="url"
          autoComplete="off"
          {...field('img')}
        />
        <fieldset className="border-base-300 rounded-box mt-4 min-w-0 border px-4 pb-4">
          <legend className="px-2 font-semibold">
            Pictures <span className="text-base-content/70 font-normal">(optional)</span>
          </legend>
          <p className="text-base-content/70 mb-3 text-sm">
            Uploaded in this order once the tool is added; the part&apos;s page shows the first.
            Without an image URL, the first is the part&apos;s image and is added with it.
          </p>
          <QueuedPictures
            pictures={pictures.pictures}
            refused={pictures.refused}
            name={typedName}
            busy={isSubmitting}
            firstIsImage={pictureIsImage}
            onFiles={(files) => pictures.add(files, typedName.trim())}
            onAltChange={(key, alt) => pictures.change(key, { alt, altProblem: null })}
            onMove={pictures.move}
            onRemove={pictures.remove}
            onDismiss={pictures.dismiss}
          />
          <p role="status" className="sr-only">
            {uploading >= 0 && `Uploading picture ${uploading + 1} of ${pictures.pictures.length}`}
          </p>
        </fieldset>
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
