import { FITS_MAX } from '@shop/shared';
import { useRef, useState } from 'react';
import { ChipCombobox, useChipCombobox } from '../../../components/ui/chip-combobox';
import { useLaptopSuggestions } from '../../../lib/laptop-suggestions';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value';
import { fitsCount } from '../utils/part-labels';
import { NewModelDialog } from './new-model-dialog';

/** How many models the list suggests at once. */
const SUGGESTIONS = 8;

/** A model as the picker shows it: its slug is what the API stores. */
export interface PickedModel {
  slug: string;
  name: string;
}

interface FitmentPickerProps {
  /** The chosen models' slugs, in the order they were chosen. */
  value: readonly string[];
  onChange: (slugs: string[]) => void;
  /** The names of the models known when the picker opens (the part's own), by slug. */
  known: readonly PickedModel[];
  /** The field's message (the server's "Unknown laptop model: ..."). */
  error?: string;
  disabled?: boolean;
}

/**
 * The laptop models a part fits: the chosen ones as chips, and "Add a model", which suggests
 * models as the admin types ("t480", "20L5"); Escape in the box never cancels the editor around
 * it. A name that matches no model can be added as a new one in place (issue 49).
 */
export function FitmentPicker({ value, onChange, known, error, disabled }: FitmentPickerProps) {
  const [names] = useState<ReadonlyMap<string, string>>(
    () => new Map(known.map((model) => [model.slug, model.name])),
  );
  const picker = useChipCombobox({ value, onChange, labelOf: (slug) => names.get(slug) });
  /** The typed name the "new model" dialog opened with; null while it is closed. */
  const [naming, setNaming] = useState<string | null>(null);
  const newModelRef = useRef<HTMLButtonElement>(null);
  const { typed } = picker;
  const q = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const found = useLaptopSuggestions(q, SUGGESTIONS + Math.min(value.length, 20));
  const chosen = new Set(value);
  const suggestions = found.data
    ?.filter((model) => !chosen.has(model.slug))
    .slice(0, SUGGESTIONS)
    .map((model) => ({
      key: model.slug,
      label: model.name,
      detail: `${model.brand.name} · ${model.series.name}`,
    }));
  const waiting = typed !== '' && (typed !== q || found.isFetching);
  const full = value.length >= FITS_MAX;
  const noMatch = Boolean(typed && !waiting && suggestions?.length === 0);
  const add = (model: PickedModel) => picker.add({ key: model.slug, label: model.name });

  return (
    <ChipCombobox
      state={picker}
      title="Laptop models it fits"
      empty="No model yet: add the laptops this part fits."
      summary={fitsCount(value.length)}
      label="Add a model"
      listLabel="Suggested laptop models"
      placeholder="e.g. T480, Latitude 7490, 20L5"
      hint={
        full
          ? `A part can fit at most ${FITS_MAX} models: remove one to add another.`
          : 'Type part of the model name or its machine type, then choose it.'
      }
      nouns={{ kind: 'laptop model', one: 'model', many: 'models' }}
      suggestions={suggestions}
      waiting={waiting}
      failed={found.isError}
      error={error}
      disabled={disabled}
      full={full}
      breakAll
      testId="fitment-chips"
    >
      {noMatch && !full && (
        <button
          ref={newModelRef}
          type="button"
          className="btn btn-outline btn-sm mt-2 h-auto min-h-8 self-start py-1 break-all"
          onClick={() => setNaming(typed)}
          disabled={disabled}
        >
          Add "{typed}" as a new model
        </button>
      )}
      {naming !== null && (
        <NewModelDialog
          typed={naming}
          onCancel={() => {
            setNaming(null);
            (newModelRef.current ?? picker.inputRef.current)?.focus();
          }}
          onCreated={(model) => {
            setNaming(null);
            add(model);
          }}
        />
      )}
    </ChipCombobox>
  );
}
