import { formatPhone, type SavedAddress } from '@shop/shared';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useSavedAddresses } from '../../lib/saved-addresses';
import type { DeliveryValues } from './delivery-values';

/** "Ada Lovelace, Berlin, Germany": an address as the picker names it. */
const labelOf = (address: SavedAddress) =>
  `${address.recipient}, ${address.city}, ${address.countryName}${address.isDefault ? ' (default)' : ''}`;

/**
 * The delivery fields start from the buyer's default address (My Profile's address book), and
 * any other saved address can be chosen instead; "Another address" keeps what is typed. An
 * address is filled in only while the form's own Country and Address are still empty, so
 * nothing typed is ever overwritten by the book arriving late. Without a book, nothing shows.
 */
export function SavedAddressPicker({ email }: { email: string }) {
  const book = useSavedAddresses(email);
  const { getValues, setValue } = useFormContext<DeliveryValues>();
  const [chosen, setChosen] = useState('');
  const prefilled = useRef(false);
  const id = useId();

  const fill = useCallback(
    (address: SavedAddress) => {
      const options = { shouldDirty: true } as const;
      setValue('country', address.country, options);
      setValue('region', address.region ?? undefined, options);
      setValue('address', address.address, options);
      setValue('city', address.city, options);
      setValue('postalCode', address.postalCode ?? undefined, options);
      setValue('recipient', address.recipient, options);
      setValue('phone', formatPhone(address.phone), options);
      setChosen(address.id);
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
  return (
    <div className="mb-2 flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        Ship to a saved address
      </label>
      <select
        id={id}
        className="select w-full"
        value={chosen}
        onChange={(event) => {
          const address = addresses.find((a) => a.id === event.target.value);
          if (address) fill(address);
          else setChosen('');
        }}
      >
        {addresses.map((address) => (
          <option key={address.id} value={address.id}>
            {labelOf(address)}
          </option>
        ))}
        <option value="">Another address</option>
      </select>
    </div>
  );
}
