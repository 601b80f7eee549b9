import { zodResolver } from '@hookform/resolvers/zod';
import { type LegalDetails, LegalDetailsSchema } from '@shop/shared';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { QueryState } from '../../../components/ui/query-state';
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
    <section
      aria-labelledby="legal-details-title"
      className="card bg-base-100 border-base-300 border"
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex flex-col gap-1">
          <h2 id="legal-details-title" className="card-title text-xl">
            Details printed on invoices
          </h2>
          <p className="text-base-content/70 text-sm">
            Invoices and credit notes already issued keep the details they were issued with.
          </p>
        </div>
        <QueryState
          query={details}
          pendingLabel="Loading the details printed on invoices"
          errorTitle="The details printed on invoices could not be loaded"
          errorHeadingLevel={3}
        >
          {(loaded) => <DetailsForm details={loaded} />}
        </QueryState>
      </div>
    </section>
  );
}
