import { formatPercent } from '@shop/shared';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/form-errors';
import { useDeleteTaxRate } from '../api/delete-tax-rate';
import { type TaxRateRow, useTaxRates } from '../api/get-tax-rates';
import { useRowEditing } from '../hooks/use-row-editing';
import { TaxRateForm } from './tax-rate-form';

const where = (rate: TaxRateRow) =>
  rate.regionName ? `${rate.regionName}, ${rate.countryName}` : rate.countryName;

/** The rates by country, each country's whole-country rate first, then its regions. */
function byCountry(rates: readonly TaxRateRow[]) {
  const groups = new Map<string, TaxRateRow[]>();
  for (const rate of rates) groups.set(rate.country, [...(groups.get(rate.country) ?? []), rate]);
  return [...groups.values()];
}

interface RateActions {
  onEdit: (rate: TaxRateRow) => void;
  onRemove: (rate: TaxRateRow) => void;
}

/** One rate: where, its name and percent, Edit and Delete. */
function RateLine({
  rate,
  label,
  onEdit,
  onRemove,
}: { rate: TaxRateRow; label: string } & RateActions) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <span className="min-w-0">
        {label}{' '}
        <span className="font-semibold whitespace-nowrap tabular-nums">
          {rate.name} {formatPercent(rate.rate)}
        </span>
      </span>
      <span className="flex gap-1">
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          onClick={() => onEdit(rate)}
          aria-label={`Edit the rate of ${where(rate)}`}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-xs text-error"
          onClick={() => onRemove(rate)}
          aria-label={`Delete the rate of ${where(rate)}`}
        >
          Delete
        </button>
      </span>
    </div>
  );
}

/**
 * One line per country with a single rate; a country with rates per region (US states,
 * Canadian provinces) folds them under its name, its whole-country rate first.
 */
function RateGroups({ rates, onEdit, onRemove }: { rates: readonly TaxRateRow[] } & RateActions) {
  return (
    <ul
      className="rounded-box border-base-300 divide-base-300 divide-y border text-sm"
      aria-label="Tax rates by country"
    >
      {byCountry(rates).map((group) => {
        const [first] = group;
        if (!first) return null;
        const regional = group.filter((rate) => rate.region !== '');
        if (regional.length === 0) {
          return (
            <li key={first.country} className="px-4 py-2">
              <RateLine
                rate={first}
                label={`${first.countryName}:`}
                onEdit={onEdit}
                onRemove={onRemove}
              />
            </li>
          );
        }
        return (
          <li key={first.country} className="px-4 py-2">
            <details>
              <summary className="cursor-pointer py-1">
                <span className="font-semibold">{first.countryName}</span>{' '}
                <span className="text-base-content/70">
                  {regional.length} {regional.length === 1 ? 'region' : 'regions'}
                  {first.region === '' ? ' and a rate for the whole country' : ''}
                </span>
              </summary>
              <ul className="divide-base-300 mt-1 divide-y pl-4">
                {group.map((rate) => (
                  <li key={rate.region} className="py-1.5">
                    <RateLine
                      rate={rate}
                      label={`${rate.regionName ?? 'Whole country'}:`}
                      onEdit={onEdit}
                      onRemove={onRemove}
                    />
                  </li>
                ))}
              </ul>
            </details>
          </li>
        );
      })}
    </ul>
  );
}

/** Tax rates: by country, with its regions; set one, change one, delete one. */
export function TaxRates() {
  const rates = useTaxRates();
  const remove = useDeleteTaxRate();
  const { editing, setEditing, removing, setRemoving, formRef, headingRef, edit } =
    useRowEditing<TaxRateRow>('rate');
  const confirmRemoval = () => {
    if (!removing) return;
    remove.mutate(
      { country: removing.country, region: removing.region || undefined },
      {
        onSuccess: () => {
          toast.success(`The rate of ${where(removing)} is deleted`);
          setRemoving(null);
        },
      },
    );
  };

  return (
    <section aria-labelledby="tax-rates-title" className="flex flex-col gap-4">
      <h2 id="tax-rates-title" ref={headingRef} tabIndex={-1} className="text-xl font-bold">
        Tax rates
      </h2>
      <p className="text-base-content/70 text-sm">
        A region&apos;s rate, where one is set, replaces its country&apos;s. Where no rate is set,
        no tax is charged.
      </p>
      <TaxRateForm editing={editing} onSaved={() => setEditing(null)} formRef={formRef} />
      <QueryState
        query={rates}
        pendingLabel="Loading the tax rates"
        errorTitle="The tax rates could not be loaded"
        isEmpty={(loaded) => loaded.length === 0}
        empty={<EmptyState>No tax rate yet: no tax is charged anywhere.</EmptyState>}
      >
        {(loaded) => <RateGroups rates={loaded} onEdit={edit} onRemove={setRemoving} />}
      </QueryState>
      <ConfirmDialog
        open={removing !== null}
        title="Delete this tax rate?"
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
            {removing.name} of {formatPercent(removing.rate)} will no longer be charged in{' '}
            {where(removing)}
            {removing.regionName ? ` (the rate of ${removing.countryName}, if any, applies)` : ''}.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
