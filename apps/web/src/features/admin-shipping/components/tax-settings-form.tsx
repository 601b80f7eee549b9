import { zodResolver } from '@hookform/resolvers/zod';
import { type TaxSettings, TaxSettingsSchema } from '@shop/shared';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { SettingsCard } from '../../../components/ui/settings-card';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useServerForm } from '../../../lib/use-server-form';
import { useTaxSettings } from '../api/get-tax-settings';
import { useSetTaxSettings } from '../api/set-tax-settings';

function SettingsForm({ settings }: { settings: TaxSettings }) {
  const save = useSetTaxSettings();
  const {
    register,
    submitWith,
    failure,
    formState: { isSubmitting },
  } = useServerForm({
    resolver: zodResolver(TaxSettingsSchema),
    defaultValues: settings,
    serverFields: ['pricesIncludeTax', 'taxShipping'],
  });
  const onSubmit = submitWith(async (values) => {
    await save.mutateAsync(values);
    toast.success('The tax settings are saved');
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="tax-settings-title"
      className="flex flex-col gap-3"
    >
      <label className="label text-base-content items-start gap-3 whitespace-normal">
        <input
          type="checkbox"
          className="toggle toggle-primary mt-0.5"
          {...register('pricesIncludeTax')}
        />
        <span>
          <span className="font-medium">Prices include tax</span>
          <span className="text-base-content/70 block text-sm">
            The prices of parts and of shipping are entered and shown with the tax in them.
          </span>
        </span>
      </label>
      <label className="label text-base-content items-start gap-3 whitespace-normal">
        <input
          type="checkbox"
          className="toggle toggle-primary mt-0.5"
          {...register('taxShipping')}
        />
        <span>
          <span className="font-medium">Tax shipping</span>
          <span className="text-base-content/70 block text-sm">
            Shipping is taxed at the destination&apos;s rate, as the parts are.
          </span>
        </span>
      </label>
      <FormAlert message={failure} />
      <div>
        <SubmitButton busy={isSubmitting} className="">
          Save settings
        </SubmitButton>
      </div>
    </form>
  );
}

/** The shop's two tax settings. */
export function TaxSettingsForm() {
  const settings = useTaxSettings();
  return (
    <SettingsCard
      titleId="tax-settings-title"
      title="Tax settings"
      query={settings}
      what="the tax settings"
    >
      {(loaded) => <SettingsForm settings={loaded} />}
    </SettingsCard>
  );
}
