import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/form-errors';
import { type Carrier, useCarriers } from '../../../lib/get-carriers';
import { useDeleteCarrier } from '../api/delete-carrier';
import { useRowEditing } from '../hooks/use-row-editing';
import { CarrierForm } from './carrier-form';

/**
 * Carriers (issue 49): who takes the parcels, each with its tracking page. Ship asks for one;
 * an order shipped keeps the carrier's name and link as they were.
 */
export function Carriers() {
  const carriers = useCarriers();
  const remove = useDeleteCarrier();
  const { editing, setEditing, removing, setRemoving, formRef, headingRef, edit } =
    useRowEditing<Carrier>('name');
  const confirmRemoval = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success(`${removing.name} is deleted`);
        if (editing?.id === removing.id) setEditing(null);
        setRemoving(null);
      },
    });
  };

  return (
    <section aria-labelledby="carriers-title" className="flex flex-col gap-4">
      <h2 id="carriers-title" ref={headingRef} tabIndex={-1} className="text-xl font-bold">
        Carriers
      </h2>
      <p className="text-base-content/70 text-sm">
        Ship asks which carrier takes the parcel and its tracking number; the buyer&apos;s order
        page and email link to the carrier&apos;s tracking page.
      </p>
      <CarrierForm editing={editing} onDone={() => setEditing(null)} formRef={formRef} />
      <QueryState
        query={carriers}
        pendingLabel="Loading the carriers"
        errorTitle="The carriers could not be loaded"
        isEmpty={(loaded) => loaded.length === 0}
        empty={<EmptyState>No carrier yet: orders are shipped without tracking.</EmptyState>}
      >
        {(loaded) => (
          <ul
            className="rounded-box border-base-300 divide-base-300 divide-y border text-sm"
            aria-label="Carriers"
          >
            {loaded.map((carrier) => (
              <li
                key={carrier.id}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2"
              >
                <span className="min-w-0">
                  <span className="font-semibold">{carrier.name}</span>{' '}
                  <span className="text-base-content/70 break-all">
                    {carrier.trackingUrlTemplate}
                  </span>
                </span>
                <span className="flex gap-1">
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    onClick={() => edit(carrier)}
                    aria-label={`Edit ${carrier.name}`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs text-error"
                    onClick={() => setRemoving(carrier)}
                    aria-label={`Delete ${carrier.name}`}
                  >
                    Delete
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        open={removing !== null}
        title="Delete this carrier?"
        confirmLabel="Delete"
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={confirmRemoval}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
        fallbackFocusRef={headingRef}
      >
        {removing && (
          <p>
            {removing.name} will no longer be offered when an order is shipped. Orders it took keep
            its name and tracking links.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
