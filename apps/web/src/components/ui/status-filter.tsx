import { FormField } from './form-field';

interface StatusFilterProps<S extends string> {
  /** The statuses to choose from, in the order listed. */
  statuses: readonly S[];
  /** How a status reads in the list. */
  labelOf: (status: S) => string;
  /** The choice of every status ("All statuses"): listed first, or last when `allLast`. */
  allLabel: string;
  /** A list that opens on one status lists "all" after them. */
  allLast?: boolean;
  /** The status chosen; '' for all of them. */
  value: S | '';
  onChange: (value: S | '') => void;
}

/** A list's "Status" filter: one status, or all of them. */
export function StatusFilter<S extends string>({
  statuses,
  labelOf,
  allLabel,
  allLast = false,
  value,
  onChange,
}: StatusFilterProps<S>) {
  const all = <option value="">{allLabel}</option>;
  return (
    <FormField label="Status">
      {(control) => (
        <select
          {...control}
          className="select w-full"
          value={value}
          onChange={(event) => onChange(event.target.value as S | '')}
        >
          {!allLast && all}
          {statuses.map((status) => (
            <option key={status} value={status}>
              {labelOf(status)}
            </option>
          ))}
          {allLast && all}
        </select>
      )}
    </FormField>
  );
}
