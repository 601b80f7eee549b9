import { ADDRESS_BOOK_MAX, formatPhone, type SavedAddress } from '@shop/shared';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { destinationText } from '../../../components/ui/order-figures';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { useSavedAddresses } from '../../../lib/saved-addresses';
import { useRemoveAddress, useSaveAddress } from '../api/save-address';
import { AddressForm } from './address-form';

const failureOf = (error: unknown) =>
  error instanceof ApiError
    ? error.message
    : 'The address book could not be changed. Please try again.';

/** A saved address as the API takes it back, made the default. */
const asDefault = (address: SavedAddress) => ({
  recipient: address.recipient,
  address: address.address,
  country: address.country,
  region: address.region ?? undefined,
  city: address.city,
  postalCode: address.postalCode ?? undefined,
  phone: address.phone,
  isDefault: true,
});

interface AddressBookProps {
  email: string;
  buyerName: string;
}

/**
 * My Profile's address book (issue 35): the places the customer sends orders to, the default
 * first (the purchase form and the checkout start from it). Each can be changed, made the
 * default or removed (after a question); at most `ADDRESS_BOOK_MAX` are kept.
 */
export function AddressBook({ email, buyerName }: AddressBookProps) {
  const book = useSavedAddresses(email);
  const save = useSaveAddress();
  const remove = useRemoveAddress();
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const [removing, setRemoving] = useState<SavedAddress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const makeDefault = async (address: SavedAddress) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: address.id, address: asDefault(address) });
      toast.success('Default address changed');
    } catch (error) {
      setFailure(failureOf(error));
    }
  };
  const confirmRemove = async () => {
    if (!removing) return;
    setFailure(null);
    try {
      await remove.mutateAsync(removing.id);
      setRemoving(null);
      toast.success('Address removed');
    } catch (error) {
      setFailure(failureOf(error));
    }
  };

  return (
    <section aria-labelledby="address-book-title" className="flex flex-col gap-3 lg:col-span-2">
      <div>
        <h2 id="address-book-title" className="text-xl font-bold">
          Address book
        </h2>
        <p className="text-base-content/70 text-sm">
          Your default address fills in the delivery of your next order.
        </p>
      </div>
      <QueryState
        query={book}
        pendingLabel="Loading your addresses"
        errorTitle="Your addresses could not be loaded"
        errorHeadingLevel={3}
      >
        {(addresses) => (
          <>
            {addresses.length === 0 && editing === null && (
              <p>No saved addresses yet. Save one, and your orders start from it.</p>
            )}
            {failure && !removing && (
              <p role="alert" className="text-sm text-red-700">
                {failure}
              </p>
            )}
            <ul className="grid gap-4 sm:grid-cols-2" aria-label="Saved addresses">
              {addresses.map((address) =>
                editing !== 'new' && editing?.id === address.id ? (
                  <li key={address.id} className="sm:col-span-2">
                    <AddressForm
                      address={address}
                      buyerName={buyerName}
                      onDone={() => setEditing(null)}
                    />
                  </li>
                ) : (
                  <li
                    key={address.id}
                    aria-label={`${address.recipient}, ${address.city}`}
                    className="border-base-300 rounded-box flex flex-col gap-2 border p-4"
                  >
                    <p className="flex flex-wrap items-center gap-2 font-semibold">
                      {address.recipient}
                      {address.isDefault && (
                        <span className="badge badge-sm badge-primary">Default</span>
                      )}
                    </p>
                    <p className="break-words whitespace-pre-line">
                      {`${address.address}\n${destinationText(address)}`}
                    </p>
                    <p>{formatPhone(address.phone)}</p>
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        onClick={() => setEditing(address)}
                      >
                        Change
                      </button>
                      {!address.isDefault && (
                        <button
                          type="button"
                          className="btn btn-outline btn-sm"
                          disabled={save.isPending}
                          onClick={() => void makeDefault(address)}
                        >
                          Make default
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn btn-outline btn-sm border-red-700 text-red-700"
                        onClick={() => {
                          setFailure(null);
                          setRemoving(address);
                        }}
                      >
                        Remove
                      </button>
                    </div>
                  </li>
                ),
              )}
            </ul>
            {editing === 'new' ? (
              <AddressForm buyerName={buyerName} onDone={() => setEditing(null)} />
            ) : addresses.length >= ADDRESS_BOOK_MAX ? (
              <p className="text-sm">
                Your book holds {ADDRESS_BOOK_MAX} addresses, the most it can: remove one to add
                another.
              </p>
            ) : (
              <button
                ref={addButton}
                type="button"
                className="btn btn-primary self-start"
                onClick={() => setEditing('new')}
              >
                Add an address
              </button>
            )}
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this address?"
        confirmLabel="Remove"
        cancelLabel="Keep it"
        busy={remove.isPending}
        error={failure}
        fallbackFocusRef={addButton}
        onConfirm={() => void confirmRemove()}
        onCancel={() => {
          setRemoving(null);
          setFailure(null);
        }}
      >
        <p>
          {removing
            ? `${removing.recipient}, ${removing.address.split('\n')[0]}, ${removing.city} leaves your address book.`
            : ''}
          {removing?.isDefault ? ' Your newest other address becomes the default.' : ''}
        </p>
      </ConfirmDialog>
    </section>
  );
}
