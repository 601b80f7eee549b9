import { zodResolver } from '@hookform/resolvers/zod';
import { formatPhone, type SavedAddress, SavedAddressInputSchema } from '@shop/shared';
import { FormProvider } from 'react-hook-form';
import { toast } from 'sonner';
import { DeliveryFields } from '../../../components/delivery/delivery-fields';
import { FormActions } from '../../../components/ui/form-actions';
import { FormAlert } from '../../../components/ui/form-alert';
import { useServerForm } from '../../../lib/use-server-form';
import { useSaveAddress } from '../api/save-address';

// In the form's order, as the first refused one takes the focus.
const serverFields = [
  'country',
  'address',
  'city',
  'region',
  'postalCode',
  'recipient',
  'phone',
] as const;

/** A saved address as the form edits it (the phone as people write it). */
const valuesOf = (address: SavedAddress) => ({
  recipient: address.recipient,
  address: address.address,
  country: address.country,
  region: address.region ?? undefined,
  city: address.city,
  postalCode: address.postalCode ?? undefined,
  phone: formatPhone(address.phone),
  isDefault: address.isDefault,
});

interface AddressFormProps {
  /** The address to change; none: a new one, addressed to the buyer to start with. */
  address?: SavedAddress;
  buyerName: string;
  /** Saved or cancelled: the book shows its list again. */
  onDone: () => void;
}

/**
 * An address of the book, new or changed: the delivery fields of an order (checked by the same
 * rules, each message under its field) with a recipient always, and whether it is the default.
 */
export function AddressForm({ address, buyerName, onDone }: AddressFormProps) {
  const save = useSaveAddress();
  const form = useServerForm({
    resolver: zodResolver(SavedAddressInputSchema),
    defaultValues: address
      ? valuesOf(address)
      : { recipient: buyerName, address: '', country: '', city: '', phone: '', isDefault: false },
    serverFields,
  });
  const onSubmit = form.submitWith(async (values) => {
    await save.mutateAsync({ id: address?.id, address: values });
    toast.success(address ? 'Address updated' : 'Address saved');
    onDone();
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label={address ? 'Change the address' : 'New address'}
        className="border-base-300 rounded-box flex flex-col gap-1 border p-4"
      >
        <h3 className="text-lg font-semibold">{address ? 'Change the address' : 'New address'}</h3>
        <FormAlert message={form.failure} />
        <DeliveryFields buyerName={buyerName} recipientRequired />
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-[var(--color-primary)]"
            {...form.register('isDefault')}
          />
          My default address (the checkout starts from it)
        </label>
        <FormActions busy={form.formState.isSubmitting} onCancel={onDone}>
          Save address
        </FormActions>
      </form>
    </FormProvider>
  );
}
