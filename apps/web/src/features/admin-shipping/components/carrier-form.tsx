import { zodResolver } from '@hookform/resolvers/zod';
import { CarrierInputSchema, TRACKING_PLACEHOLDER } from '@shop/shared';
import { type Ref, useEffect } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import type { Carrier } from '../../../lib/get-carriers';
import { useServerForm } from '../../../lib/use-server-form';
import { useSaveCarrier } from '../api/save-carrier';

const serverFields = ['name', 'trackingUrlTemplate'] as const;
const empty = { name: '', trackingUrlTemplate: '' };

interface CarrierFormProps {
  /** The carrier to change (its name and link fill the form); a new one without it. */
  editing: Carrier | null;
  onDone: () => void;
  formRef?: Ref<HTMLFormElement>;
}

/** Adds a carrier, or changes one: its name and the address of its tracking page. */
export function CarrierForm({ editing, onDone, formRef }: CarrierFormProps) {
  const save = useSaveCarrier();
  const form = useServerForm({
    resolver: zodResolver(CarrierInputSchema),
    defaultValues: empty,
    serverFields,
  });
  const {
    field,
    submitWith,
    failure,
    reset,
    formState: { isSubmitting },
  } = form;
  useEffect(() => {
    reset(
      editing ? { name: editing.name, trackingUrlTemplate: editing.trackingUrlTemplate } : empty,
    );
  }, [editing, reset]);
  const onSubmit = submitWith(async (values) => {
    const saved = await save.mutateAsync({ ...values, id: editing?.id });
    toast.success(editing ? `${saved.name} is saved` : `${saved.name} is added`);
    reset(empty);
    onDone();
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-label={editing ? `Change ${editing.name}` : 'Add a carrier'}
      className="rounded-box border-base-300 bg-base-200 flex flex-col gap-1 border p-4"
    >
      <h3 className="font-semibold">{editing ? `Change ${editing.name}` : 'Add a carrier'}</h3>
      <div className="grid gap-x-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <TextField label="Name" autoComplete="off" placeholder="DHL" {...field('name')} />
        <TextField
          label="Tracking link"
          type="url"
          autoComplete="off"
          placeholder={`https://carrier.example/track?number=${TRACKING_PLACEHOLDER}`}
          hint={`An https:// address; ${TRACKING_PLACEHOLDER} stands for the tracking number`}
          {...field('trackingUrlTemplate')}
        />
      </div>
      <FormAlert message={failure} />
      <div className="mt-2 flex gap-2">
        <SubmitButton busy={isSubmitting}>{editing ? 'Save carrier' : 'Add carrier'}</SubmitButton>
        {editing && (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              reset(empty);
              onDone();
            }}
          >
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
