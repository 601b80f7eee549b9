import { deliveryEstimate, shippingClassLabels, type ShippingClass } from '@shop/shared';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/form-errors';
import { useDeleteShippingMethod } from '../api/delete-shipping-method';
import { useDeleteShippingZone } from '../api/delete-shipping-zone';
import type { ShippingMethodRow, ShippingZoneRow } from '../api/get-shipping-zones';
import { describeRule, rateKindLabels } from '../utils/method-rule';
import { MethodForm } from './method-form';
import { ZoneForm } from './zone-form';

/** How many countries a zone names before "and N more" (all of them one click away). */
const COUNTRIES_SHOWN = 12;

const refusals = (classes: readonly ShippingClass[]) =>
  classes.length === 0 ? 'None' : classes.map((c) => shippingClassLabels[c]).join(', ');

function Countries({ zone }: { zone: ShippingZoneRow }) {
  if (zone.restOfWorld && zone.countries.length === 0) {
    return <p>Every country that is in no other zone.</p>;
  }
  const names = zone.countries.map((country) => country.name);
  if (names.length <= COUNTRIES_SHOWN) return <p>{names.join(', ')}</p>;
  return (
    <details>
      <summary className="cursor-pointer">
        {names.slice(0, COUNTRIES_SHOWN).join(', ')} and {names.length - COUNTRIES_SHOWN} more
      </summary>
      <p className="mt-1">{names.join(', ')}</p>
    </details>
  );
}

type Editing = { kind: 'zone' } | { kind: 'method'; method?: ShippingMethodRow } | null;

/** A zone: its countries and refusals, its methods with their rule and estimate, and its actions. */
export function ZoneCard({ zone }: { zone: ShippingZoneRow }) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [removingZone, setRemovingZone] = useState(false);
  const [removingMethod, setRemovingMethod] = useState<ShippingMethodRow | null>(null);
  const removeZone = useDeleteShippingZone();
  const removeMethod = useDeleteShippingMethod();

  const confirmZoneRemoval = () =>
    removeZone.mutate(zone.id, {
      onSuccess: () => {
        setRemovingZone(false);
        toast.success(`${zone.name} is removed`);
      },
    });
  const confirmMethodRemoval = () => {
    if (!removingMethod) return;
    removeMethod.mutate(removingMethod.id, {
      onSuccess: () => {
        toast.success(`${removingMethod.name} is removed from ${zone.name}`);
        setRemovingMethod(null);
      },
    });
  };

  /** A form closed (saved or cancelled): the focus goes back to the zone's name. */
  const doneEditing = () => {
    setEditing(null);
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  if (editing?.kind === 'zone') {
    return <ZoneForm zone={zone} onDone={doneEditing} />;
  }

  return (
    <section
      aria-labelledby={titleId}
      className="card bg-base-100 border-base-300 border"
      data-testid="shipping-zone"
    >
      <div className="card-body gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} ref={headingRef} tabIndex={-1} className="card-title text-lg">
            {zone.name}
            {zone.restOfWorld && (
              <span className="badge badge-soft badge-info">Rest of the world</span>
            )}
          </h3>
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => setEditing({ kind: 'zone' })}
              aria-label={`Edit zone ${zone.name}`}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              onClick={() => setRemovingZone(true)}
              aria-label={`Delete zone ${zone.name}`}
            >
              Delete
            </button>
          </div>
        </div>
        <div className="text-sm">
          <Countries zone={zone} />
          <p className="mt-1">
            <span className="text-base-content/70">Refuses: </span>
            {refusals(zone.refusedClasses)}
          </p>
        </div>

        <h4 className="font-semibold">Methods</h4>
        {zone.methods.length === 0 ? (
          <p className="text-base-content/70 text-sm">
            No method yet: nothing can be shipped to these countries.
          </p>
        ) : (
          <ul
            className="divide-base-300 flex flex-col divide-y"
            aria-label={`Methods of ${zone.name}`}
          >
            {zone.methods.map((method) =>
              editing?.kind === 'method' && editing.method?.id === method.id ? (
                <li key={method.id} className="py-2">
                  <MethodForm
                    zoneId={zone.id}
                    zoneName={zone.name}
                    method={method}
                    onDone={doneEditing}
                  />
                </li>
              ) : (
                <li
                  key={method.id}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
                >
                  <div className="min-w-0 text-sm">
                    <p className="text-base font-semibold">{method.name}</p>
                    <p>
                      <span className="text-base-content/70">
                        {rateKindLabels[method.rateKind]}:{' '}
                      </span>
                      {describeRule(method)}
                    </p>
                    <p>
                      <span className="text-base-content/70">Delivery: </span>
                      {deliveryEstimate(method.minDays, method.maxDays)}
                    </p>
                    <p>
                      <span className="text-base-content/70">Refuses: </span>
                      {refusals(method.refusedClasses)}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      onClick={() => setEditing({ kind: 'method', method })}
                      aria-label={`Edit method ${method.name} of ${zone.name}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline btn-error btn-sm"
                      onClick={() => setRemovingMethod(method)}
                      aria-label={`Delete method ${method.name} of ${zone.name}`}
                    >
                      Delete
                    </button>
                  </div>
                </li>
              ),
            )}
          </ul>
        )}
        {editing?.kind === 'method' && !editing.method ? (
          <MethodForm zoneId={zone.id} zoneName={zone.name} onDone={doneEditing} />
        ) : (
          <div>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => setEditing({ kind: 'method' })}
              aria-label={`Add a method to ${zone.name}`}
            >
              Add a method
            </button>
          </div>
        )}
      </div>

      <ConfirmDialog
        open={removingZone}
        title="Delete this zone?"
        confirmLabel="Delete"
        busy={removeZone.isPending}
        error={removeZone.isError ? errorMessage(removeZone.error) : null}
        onConfirm={confirmZoneRemoval}
        onCancel={() => {
          setRemovingZone(false);
          removeZone.reset();
        }}
      >
        <p>
          {zone.name} and its{' '}
          {zone.methods.length === 1 ? 'method' : `${zone.methods.length} methods`} will be deleted.
          Its countries will go by the rest of the world, if a zone is. Orders already placed keep
          their shipping.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={removingMethod !== null}
        title="Delete this method?"
        confirmLabel="Delete"
        busy={removeMethod.isPending}
        error={removeMethod.isError ? errorMessage(removeMethod.error) : null}
        onConfirm={confirmMethodRemoval}
        onCancel={() => {
          setRemovingMethod(null);
          removeMethod.reset();
        }}
        fallbackFocusRef={headingRef}
      >
        {removingMethod && (
          <p>
            {removingMethod.name} will no longer be offered in {zone.name}. Orders already placed
            keep it.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
