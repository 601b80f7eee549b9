import { useRef, useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState } from '../../../components/ui/query-state';
import { useShippingZones } from '../api/get-shipping-zones';
import { ZoneCard } from './zone-card';
import { ZoneForm } from './zone-form';

/** The shipping zones, each with its countries and methods, and "Add a zone". */
export function ShippingZones() {
  const zones = useShippingZones();
  const [adding, setAdding] = useState(false);
  const addRef = useRef<HTMLButtonElement>(null);
  const doneAdding = () => {
    setAdding(false);
    requestAnimationFrame(() => addRef.current?.focus());
  };
  return (
    <section aria-labelledby="zones-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="zones-title" className="text-xl font-bold">
          Shipping zones
        </h2>
        {!adding && (
          <button
            ref={addRef}
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setAdding(true)}
          >
            Add a zone
          </button>
        )}
      </div>
      {adding && <ZoneForm onDone={doneAdding} />}
      <QueryState
        query={zones}
        pendingLabel="Loading the shipping zones"
        errorTitle="The shipping zones could not be loaded"
        isEmpty={(loaded) => loaded.length === 0}
        empty={<EmptyState>No shipping zone yet: add one so that parts can be shipped.</EmptyState>}
      >
        {(loaded) => (
          <div className="flex flex-col gap-4">
            {loaded.map((zone) => (
              <ZoneCard key={zone.id} zone={zone} />
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}
