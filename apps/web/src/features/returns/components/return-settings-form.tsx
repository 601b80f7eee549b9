import { zodResolver } from '@hookform/resolvers/zod';
import {
  RETURN_REASONS,
  RETURN_WINDOW_MAX_DAYS,
  returnReasonLabels,
  type ReturnSettings,
  ReturnSettingsSchema,
} from '@shop/shared';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/form-field';
import { SettingsCard } from '../../../components/ui/settings-card';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useServerForm } from '../../../lib/use-server-form';
import { useReturnSettings } from '../api/get-return-settings';
import { useSetReturnSettings } from '../api/set-return-settings';

const serverFields = [
  'windowDays',
  ...RETURN_REASONS.map((reason) => `restockingFees.${reason}` as const),
] as const;

function SettingsForm({ settings }: { settings: ReturnSettings }) {
  const save = useSetReturnSettings();
  const {
    field,
    submitWith,
    failure,
    reset,
    formState: { isSubmitting },
  } = useServerForm({
    resolver: zodResolver(ReturnSettingsSchema),
    defaultValues: settings,
    serverFields,
  });
  const onSubmit = submitWith(async (values) => {
    reset(await save.mutateAsync(values));
    toast.success('Saved. Returns asked from now on follow these rules.');
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="return-settings-title">
      <FormAlert message={failure} />
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <TextField
          label="Return window (days after delivery)"
          hint={`0 to ${RETURN_WINDOW_MAX_DAYS}; 0 closes returns`}
          type="number"
          inputMode="numeric"
          min={0}
          max={RETURN_WINDOW_MAX_DAYS}
          step={1}
          {...field('windowDays', { valueAsNumber: true })}
        />
      </div>
      <fieldset className="mt-2">
        <legend className="font-semibold">Restocking fee by reason (% of the parts)</legend>
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          {RETURN_REASONS.map((reason) => (
            <TextField
              key={reason}
              label={returnReasonLabels[reason]}
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step={0.01}
              {...field(`restockingFees.${reason}`, { valueAsNumber: true })}
            />
          ))}
        </div>
      </fieldset>
      <SubmitButton busy={isSubmitting}>Save the return rules</SubmitButton>
    </form>
  );
}

/** The return window and each reason's restocking fee, for the returns asked from now on. */
export function ReturnSettingsForm() {
  const settings = useReturnSettings();
  return (
    <SettingsCard
      titleId="return-settings-title"
      title="Return rules"
      description={
        <>
          A return keeps the fee of its reason as it was when the buyer asked. The fee is kept from
          the parts&apos; price and tax, never from shipping.
        </>
      }
      query={settings}
      what="the return rules"
    >
      {(loaded) => <SettingsForm settings={loaded} />}
    </SettingsCard>
  );
}
