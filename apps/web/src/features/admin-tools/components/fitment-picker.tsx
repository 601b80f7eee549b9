import { FITS_MAX } from '@shop/shared';
import { useId, useRef, useState } from 'react';
import { ChipList } from '../../../components/ui/chip-list';
import { Combobox, suggestionDetailClass } from '../../../components/ui/combobox';
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
 * The laptop models a part fits: the chosen ones as chips with a remove button each, and "Add a
 * model", a combobox that suggests models as the admin types ("t480", "20L5"); Enter or a click
 * adds the chosen one, and Escape in the box never cancels the editor around it. A name that
 * matches no model can be added as a new one in place (issue 49). What changed is said in a
 * live region.
 */
export function FitmentPicker({ value, onChange, known, error, disabled }: FitmentPickerProps) {
  const inputId = useId();
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [names, setNames] = useState<ReadonlyMap<string, string>>(
    () => new Map(known.map((model) => [model.slug, model.name])),
  );
  const [text, setText] = useState('');
  const [said, setSaid] = useState('');
  /** The typed name the "new model" dialog opened with; null while it is closed. */
  const [naming, setNaming] = useState<string | null>(null);
  const newModelRef = useRef<HTMLButtonElement>(null);
  const typed = text.trim();
  const q = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const suggestions = useLaptopSuggestions(q, SUGGESTIONS + Math.min(value.length, 20));
  const chosen = new Set(value);
  const models =
    typed && suggestions.data
      ? suggestions.data.filter((model) => !chosen.has(model.slug)).slice(0, SUGGESTIONS)
      : [];
  const waiting = typed !== '' && (typed !== q || suggestions.isFetching);
  const full = value.length >= FITS_MAX;
  const nameOf = (slug: string) => names.get(slug) ?? slug;

  const noMatch = Boolean(typed && !waiting && suggestions.data && models.length === 0);
  let status = said;
  if (typed && !waiting && suggestions.data) {
    status = noMatch
      ? `No other laptop model matches "${typed}".`
      : `${models.length} ${models.length === 1 ? 'model' : 'models'} suggested. Arrow keys choose, Enter adds.`;
  } else if (typed && suggestions.isError) {
    status = 'The suggestions could not be loaded. Keep typing to try again.';
  }

  const add = (model: { slug: string; name: string }) => {
    setNames((before) => new Map(before).set(model.slug, model.name));
    onChange([...value, model.slug]);
    setText('');
    setSaid(`${model.name} added.`);
    inputRef.current?.focus();
  };

  const remove = (slug: string) => {
    onChange(value.filter((candidate) => candidate !== slug));
    setSaid(`${nameOf(slug)} removed.`);
  };

  return (
    <div className="fieldset py-1">
      <p className="pb-1 text-sm font-semibold" id={titleId}>
        Laptop models it fits
      </p>
      {value.length === 0 ? (
        <p className="text-base-content/70 text-sm">
          No model yet: add the laptops this part fits.
        </p>
      ) : (
        <>
          <p className="text-sm">{fitsCount(value.length)}</p>
          <ChipList
            items={value.map((slug) => ({ key: slug, label: nameOf(slug) }))}
            labelledBy={titleId}
            onRemove={remove}
            fallbackFocus={inputRef}
            disabled={disabled}
            breakAll
            testId="fitment-chips"
          />
        </>
      )}
      <label htmlFor={inputId} className="fieldset-legend mt-2 pb-1">
        Add a model
      </label>
      <Combobox
        id={inputId}
        listLabel="Suggested laptop models"
        text={text}
        onTextChange={(typedText) => {
          setText(typedText);
          setSaid('');
        }}
        items={models}
        itemKey={(model) => model.slug}
        renderItem={(model, active) => (
          <>
            <span className="font-medium">{model.name}</span>
            <span className={suggestionDetailClass(active)}>
              {model.brand.name} · {model.series.name}
            </span>
          </>
        )}
        onPick={add}
        waiting={waiting}
        inputRef={inputRef}
        describedBy={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
        invalid={Boolean(error)}
        disabled={disabled || full}
        placeholder="e.g. T480, Latitude 7490, 20L5"
        className={error ? 'input-error' : ''}
      />
      <p id={hintId} className="text-base-content/70 text-xs">
        {full
          ? `A part can fit at most ${FITS_MAX} models: remove one to add another.`
          : 'Type part of the model name or its machine type, then choose it.'}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
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
            (newModelRef.current ?? inputRef.current)?.focus();
          }}
          onCreated={(model) => {
            setNaming(null);
            add(model);
          }}
        />
      )}
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
