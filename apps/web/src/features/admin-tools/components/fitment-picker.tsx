import { FITS_MAX } from '@shop/shared';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value';
import { useLaptopSuggestions } from '../api/get-laptop-suggestions';
import { fitsCount } from '../utils/part-labels';

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
 * model", a combobox (WAI-ARIA's pattern with a listbox) that suggests models as the admin types
 * ("t480", "20L5"). Arrow keys move through the suggestions, Enter adds the highlighted one,
 * Escape closes the list (then empties the box); a click adds one too. What changed is said in a
 * live region.
 */
export function FitmentPicker({ value, onChange, known, error, disabled }: FitmentPickerProps) {
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const chipsRef = useRef<HTMLUListElement>(null);
  const [names, setNames] = useState<ReadonlyMap<string, string>>(
    () => new Map(known.map((model) => [model.slug, model.name])),
  );
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [said, setSaid] = useState('');
  const typed = text.trim();
  const q = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const suggestions = useLaptopSuggestions(q, SUGGESTIONS + Math.min(value.length, 20));
  const chosen = new Set(value);
  const models =
    typed && suggestions.data
      ? suggestions.data.filter((model) => !chosen.has(model.slug)).slice(0, SUGGESTIONS)
      : [];
  const shown = open && models.length > 0;
  const current = shown ? Math.min(active, models.length - 1) : -1;
  const optionId = (index: number) => `${listId}-${index}`;
  const waiting = typed !== '' && (typed !== q || suggestions.isFetching);
  const full = value.length >= FITS_MAX;
  const nameOf = (slug: string) => names.get(slug) ?? slug;

  let status = said;
  if (typed && !waiting && suggestions.data) {
    status =
      models.length === 0
        ? `No other laptop model matches "${typed}".`
        : `${models.length} ${models.length === 1 ? 'model' : 'models'} suggested. Arrow keys choose, Enter adds.`;
  } else if (typed && suggestions.isError) {
    status = 'The suggestions could not be loaded. Keep typing to try again.';
  }

  const add = (model: { slug: string; name: string }) => {
    setNames((before) => new Map(before).set(model.slug, model.name));
    onChange([...value, model.slug]);
    setText('');
    setOpen(false);
    setSaid(`${model.name} added.`);
    inputRef.current?.focus();
  };

  const remove = (slug: string, index: number) => {
    onChange(value.filter((candidate) => candidate !== slug));
    setSaid(`${nameOf(slug)} removed.`);
    // The next chip's remove button, else the previous one's, else the box.
    requestAnimationFrame(() => {
      const buttons = chipsRef.current?.querySelectorAll('button');
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      (next ?? inputRef.current)?.focus();
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : models.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + models.length) % models.length);
    } else if (event.key === 'Enter') {
      // Typing a model never sends the form.
      if (!typed) return;
      event.preventDefault();
      const picked = models[current];
      if (picked) add(picked);
    } else if (event.key === 'Escape') {
      // The editor's Escape (cancel) waits until the list and the box are empty.
      if (shown) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
      } else if (text) {
        event.preventDefault();
        event.stopPropagation();
        setText('');
      }
    }
  };

  return (
    <div className="fieldset py-1">
      <p className="pb-1 text-sm font-semibold" id={`${listId}-title`}>
        Laptop models it fits
      </p>
      {value.length === 0 ? (
        <p className="text-base-content/70 text-sm">
          No model yet: add the laptops this part fits.
        </p>
      ) : (
        <>
          <p className="text-sm">{fitsCount(value.length)}</p>
          <ul
            ref={chipsRef}
            aria-labelledby={`${listId}-title`}
            className="flex flex-wrap gap-2 py-1"
            data-testid="fitment-chips"
          >
            {value.map((slug, index) => (
              <li
                key={slug}
                className="badge badge-lg border-base-300 bg-base-100 h-auto gap-1 py-1 pr-1 pl-3 break-all"
              >
                {nameOf(slug)}{' '}
                <button
                  type="button"
                  className="btn btn-ghost btn-xs btn-circle min-h-6 min-w-6"
                  aria-label={`Remove ${nameOf(slug)}`}
                  onClick={() => remove(slug, index)}
                  disabled={disabled}
                >
                  <span aria-hidden="true" className="text-base leading-none">
                    ×
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <label htmlFor={inputId} className="fieldset-legend mt-2 pb-1">
        Add a model
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
            setSaid('');
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          placeholder="e.g. T480, Latitude 7490, 20L5"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={100}
          disabled={disabled || full}
          className={`input w-full pr-10 ${error ? 'input-error' : ''}`}
        />
        {waiting && (
          <span
            className="loading loading-spinner loading-sm text-primary absolute top-1/2 right-3 -translate-y-1/2"
            aria-hidden="true"
          />
        )}
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggested laptop models"
          hidden={!shown}
          className="border-base-300 bg-base-100 rounded-box absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto border py-1 shadow-lg"
        >
          {models.map((model, index) => (
            <li
              key={model.slug}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              // Chosen before the box loses the focus (which closes the list).
              onMouseDown={(event) => {
                event.preventDefault();
                add(model);
              }}
              onMouseMove={() => setActive(index)}
              className={`flex cursor-pointer flex-col px-3 py-2 ${index === current ? 'bg-primary text-primary-content' : ''}`}
            >
              <span className="font-medium">{model.name}</span>
              <span
                className={`text-xs ${index === current ? 'text-primary-content' : 'text-base-content/70'}`}
              >
                {model.brand.name} · {model.series.name}
              </span>
            </li>
          ))}
        </ul>
      </div>
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
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
