import { zodResolver } from '@hookform/resolvers/zod';
import { type LegalDetails, LegalDetailsSchema } from '@shop/shared';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { SettingsCard } from '../../../components/ui/settings-card';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useServerForm } from '../../../lib/use-server-form';
import { useLegalDetails } from '../api/get-legal-details';
import { useSetLegalDetails } from '../api/set-legal-details';

const serverFields = ['legalName', 'address', 'taxNumber'] as const;

function DetailsForm({ details }: { details: LegalDetails }) {
  const save = useSetLegalDetails();
  const {
    field,
    submitWith,
    failure,
    reset,
    formState: { isSubmitting },
  } = useServerForm({
    resolver: zodResolver(LegalDetailsSchema),
    defaultValues: details,
    serverFields,
  });
  const onSubmit = submitWith(async (values) => {
    const saved = await save.mutateAsync(values);
    // The fields show what was stored: the API trims the text.
    reset(saved);
    toast.success('Saved. Invoices issued from now on carry these details.');
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="legal-details-title"
      className="max-w-2xl"
    >
      <FormAlert message={failure} />
      <TextField label="Legal name" autoComplete="organization" {...field('legalName')} />
      <TextAreaField label="Address" rows={4} autoComplete="street-address" {...field('address')} />
      <TextField
        label="Tax number"
        hint="VAT or sales tax number; leave empty if you have none"
        autoComplete="off"
        {...field('taxNumber')}
      />
      <SubmitButton busy={isSubmitting}>Save</SubmitButton>
    </form>
  );
}

/** The shop's legal name, address and tax number, printed on the invoices issued from now on. */
export function LegalDetailsForm() {
  const details = useLegalDetails();
  return (
    <SettingsCard
      titleId="legal-details-title"
      title="Details printed on invoices"
      description="Invoices and credit notes already issued keep the details they were issued with."
      query={details}
      what="the details printed on invoices"
    >
      {(loaded) => <DetailsForm details={loaded} />}
    </SettingsCard>
  );
}
