import { zodResolver } from '@hookform/resolvers/zod';
import { ModelRowSchema } from '@shop/shared';
import { useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { z } from 'zod';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useServerForm } from '../../../lib/use-server-form';
import { type CreatedLaptopModel, useCreateLaptopModel } from '../api/create-laptop-model';

/** The models file's row, its aliases typed as one text, comma separated. */
const NewModelFormSchema = ModelRowSchema.extend({
  aliases: z.string().transform((text, context) => {
    const aliases = text
      .split(',')
      .map((alias) => alias.trim())
      .filter(Boolean);
    const checked = ModelRowSchema.shape.aliases.safeParse(aliases);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      context.addIssue({ code: 'custom', message: issue.message });
    }
    return z.NEVER;
  }),
});

const serverFields = ['brand', 'series', 'model', 'aliases'] as const;

interface NewModelDialogProps {
  /** What the admin typed in the picker: the model's name to start from. */
  typed: string;
  onCreated: (model: CreatedLaptopModel) => void;
  /** Cancel, Escape or a click beside the box. */
  onCancel: () => void;
}

/**
 * "Add this model" while adding fitment (issue 49): brand, series, model and aliases, checked
 * as a row of the models file. A modal `<dialog>` (the rest of the page inert, focus inside),
 * put on the body: the picker sits in the tool editor's form, and forms do not nest. Mounted
 * while open; it closes itself before telling the picker, so focus can go back there.
 */
export function NewModelDialog({ typed, onCreated, onCancel }: NewModelDialogProps) {
  // In state, not a ref: the submit handler closes it, and handlers made in render read no ref.
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  const titleId = useId();
  const create = useCreateLaptopModel();
  const form = useServerForm({
    resolver: zodResolver(NewModelFormSchema),
    defaultValues: { brand: '', series: '', model: typed, aliases: '' },
    serverFields,
  });
  const {
    field,
    submitWith,
    failure,
    setFocus,
    formState: { isSubmitting },
  } = form;

  useEffect(() => {
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    setFocus('brand');
    return () => dialog.close();
  }, [dialog, setFocus]);

  const close = () => dialog?.close();
  const cancel = () => {
    if (isSubmitting) return;
    close();
    onCancel();
  };
  const onSubmit = submitWith(async (values) => {
    const model = await create.mutateAsync(values);
    close();
    onCreated(model);
  });

  return createPortal(
    <dialog
      ref={setDialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the picker's state closes the dialog, not the browser.
        event.preventDefault();
        cancel();
      }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          // A portal's events still bubble through React to the tool editor's form around it.
          event.stopPropagation();
          onSubmit(event);
        }}
        onKeyDown={(event) => event.stopPropagation()}
        className="modal-box"
        aria-labelledby={titleId}
      >
        <h2 id={titleId} className="text-lg font-bold">
          Add a laptop model
        </h2>
        <p className="text-base-content/70 pt-1 text-sm">
          A brand or series the shop has is used as it is; a new one is created.
        </p>
        <div className="grid gap-x-4 pt-2 sm:grid-cols-2">
          <TextField label="Brand" autoComplete="off" placeholder="Lenovo" {...field('brand')} />
          <TextField
            label="Series"
            autoComplete="off"
            placeholder="ThinkPad T-series"
            {...field('series')}
          />
        </div>
        <TextField label="Model" autoComplete="off" {...field('model')} />
        <TextField
          label="Aliases (optional)"
          autoComplete="off"
          placeholder="T480, 20L5, 20L6"
          hint="Other names and machine types, comma separated"
          {...field('aliases')}
        />
        <FormAlert message={failure} className="mt-2" />
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={cancel} disabled={isSubmitting}>
            Cancel
          </button>
          <SubmitButton busy={isSubmitting} className="">
            Add model
          </SubmitButton>
        </div>
      </form>
      {/* A click beside the box cancels; keyboard users have Cancel and Escape. */}
      <div className="modal-backdrop" aria-hidden="true" onClick={cancel} />
    </dialog>,
    document.body,
  );
}
