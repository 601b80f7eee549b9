import { formatPhone, type SavedAddress } from '@shop/shared';
import { useCallback, useEffect, useId, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useSavedAddresses } from '../../lib/saved-addresses';
import type { DeliveryValues } from './delivery-values';

/** "Ada Lovelace, Berlin, Germany": an address as the picker names it. */
const labelOf = (address: SavedAddress) =>
  `${address.recipient}, ${address.city}, ${address.countryName}${address.isDefault ? ' (default)' : ''}`;

/** The delivery fields as a saved address would fill them (a phone as people write it). */
const fieldsOf = (address: SavedAddress | undefined) => ({
  country: address?.country ?? '',
  region: address?.region ?? undefined,
  address: address?.address ?? '',
  city: address?.city ?? '',
  postalCode: address?.postalCode ?? undefined,
  recipient: address?.recipient,
  phone: address ? formatPhone(address.phone) : '',
});

/**
 * The delivery fields start from the buyer's default address (My Profile's address book), and
 * any other saved address can be chosen instead; "Another address" empties them to type a new
 * one. The default is filled in only while the form's Country and Address are still empty, so
 * nothing typed is overwritten by the book arriving late. The picker shows the saved address
 * the fields hold, if any. Without a book, nothing shows.
 */
export function SavedAddressPicker({ email }: { email: string }) {
  const book = useSavedAddresses(email);
  const { control, getValues, setValue } = useFormContext<DeliveryValues>();
  const [country, address, city, postalCode, recipient] = useWatch({
    control,
    name: ['country', 'address', 'city', 'postalCode', 'recipient'],
  });
  const prefilled = useRef(false);
  const id = useId();

  const fill = useCallback(
    (chosen: SavedAddress | undefined) => {
      for (const [name, value] of Object.entries(fieldsOf(chosen))) {
        setValue(name as keyof ReturnType<typeof fieldsOf>, value, { shouldDirty: true });
      }
    },
    [setValue],
  );

  const addresses = book.data;
  useEffect(() => {
    const first = addresses?.[0];
    if (prefilled.current || !first) return;
    prefilled.current = true;
    if (getValues('country') === '' && getValues('address') === '') fill(first);
  }, [addresses, getValues, fill]);

  if (!addresses?.length) return null;
  const held = addresses.find(
    (saved) =>
      saved.country === country &&
      saved.address === address &&
      saved.city === city &&
      (saved.postalCode ?? '') === (postalCode ?? '') &&
      saved.recipient === recipient,
  );
  return (
    <div className="mb-2 flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        Ship to a saved address
      </label>
      <select
        id={id}
        className="select w-full"
        value={held?.id ?? ''}
        onChange={(event) => fill(addresses.find((a) => a.id === event.target.value))}
      >
        {addresses.map((saved) => (
          <option key={saved.id} value={saved.id}>
            {labelOf(saved)}
          </option>
        ))}
        <option value="">Another address</option>
      </select>
    </div>
  );
}
