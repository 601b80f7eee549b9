import { PART_NUMBER_KINDS, PART_NUMBERS_MAX } from '@shop/shared';
import { useRef } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { FormField, TextField } from '../../../components/ui/form-field';
import { partNumberKindLabels, partNumberKindsHint } from '../utils/part-labels';
import type { PartDetailsValues } from '../utils/part-details';

/**
 * A part's numbers, one row each (kind, maker, number), added and removed by the admin; the
 * shared schema checks each row and refuses a number given twice for one kind.
 */
export function PartNumbersField() {
  const { control, register, getFieldState, formState } = useFormContext<PartDetailsValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'partNumbers' });
  const addRef = useRef<HTMLButtonElement>(null);
  const errorOf = (name: Parameters<typeof getFieldState>[0]) =>
    getFieldState(name, formState).error?.message;
  const listError = errorOf('partNumbers');
  const full = fields.length >= PART_NUMBERS_MAX;

  return (
    <div className="fieldset py-1">
      <p className="pb-1 text-sm font-semibold">Part numbers</p>
      <p className="text-base-content/70 pb-1 text-xs">{partNumberKindsHint}</p>
      {fields.length === 0 && (
        <p className="text-base-content/70 text-sm">
          None yet: add the numbers printed on the part or listed by its maker.
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {fields.map((row, index) => {
          const label = `Part number ${index + 1}`;
          return (
            <li key={row.id}>
              <fieldset className="border-base-300 rounded-box border px-3 pt-1 pb-2">
                <legend className="px-1 text-sm font-medium">{label}</legend>
                <div className="grid grid-cols-1 gap-x-3 sm:grid-cols-[minmax(0,0.9fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
                  <FormField label="Kind" error={errorOf(`partNumbers.${index}.kind`)}>
                    {(control) => (
                      <select
                        className="select w-full"
                        {...control}
                        {...register(`partNumbers.${index}.kind`)}
                      >
                        {PART_NUMBER_KINDS.map((kind) => (
                          <option key={kind} value={kind}>
                            {partNumberKindLabels[kind]}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                  <TextField
                    label="Maker"
                    autoComplete="off"
                    maxLength={60}
                    error={errorOf(`partNumbers.${index}.maker`)}
                    {...register(`partNumbers.${index}.maker`)}
                  />
                  <TextField
                    label="Number"
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    maxLength={60}
                    error={errorOf(`partNumbers.${index}.number`)}
                    {...register(`partNumbers.${index}.number`)}
                  />
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm mt-1 justify-self-end text-red-700 sm:mt-9"
                    aria-label={`Remove ${label.toLowerCase()}`}
                    onClick={() => {
                      remove(index);
                      addRef.current?.focus();
                    }}
                  >
                    Remove
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {listError && <p className="text-sm text-red-700">{listError}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          ref={addRef}
          type="button"
          className="btn btn-outline btn-sm"
          disabled={full}
          onClick={() => append({ kind: 'mpn', maker: '', number: '' })}
        >
          Add a part number
        </button>
        {full && (
          <span className="text-base-content/70 text-xs">
            At most {PART_NUMBERS_MAX} part numbers.
          </span>
        )}
      </div>
    </div>
  );
}
