import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value';
import { getLaptopsQueryOptions, useLaptopSuggestions } from '../api/get-laptops';
import { laptopName, otherNames } from '../utils/laptop-text';

/** How many models the list suggests at once. */
const SUGGESTIONS = 8;

/**
 * "or type your model or machine type": a combobox (WAI-ARIA's pattern with a listbox) that
 * suggests models as the visitor types ("t480", "20L5"), the first one chosen. Arrow keys move
 * through them, Enter opens the chosen model's page, Escape closes the list (and empties the box
 * when it is closed already); a click opens a model too.
 */
export function LaptopSearch() {
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = text.trim();
  const q = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const suggestions = useLaptopSuggestions(q, SUGGESTIONS);
  // The list answers the text as it was a moment ago; none while the box is empty.
  const models = typed && suggestions.data ? suggestions.data.models.flatMap((m) => m ?? []) : [];
  const shown = open && models.length > 0;
  const current = shown ? Math.min(active, models.length - 1) : -1;
  const optionId = (index: number) => `${listId}-${index}`;
  const waiting = typed !== '' && (typed !== q || suggestions.isFetching);

  let status = '';
  if (typed && !waiting && suggestions.data) {
    status =
      models.length === 0
        ? `No laptop model starts with "${typed}".`
        : `${models.length} ${models.length === 1 ? 'model' : 'models'} suggested. Arrow keys choose, Enter opens.`;
  } else if (typed && suggestions.isError) {
    status = 'The suggestions could not be loaded. Keep typing to try again.';
  }

  const openModel = (slug: string) => {
    setOpen(false);
    void navigate(paths.laptop(slug));
  };

  /**
   * Enter before the list has caught up with the typing ("20L5" typed fast): the list shown is
   * the one of the text before, so the typed text's own first suggestion is asked for and opened.
   */
  const openFirstForTyped = async () => {
    try {
      const { models: found } = await queryClient.fetchQuery(
        getLaptopsQueryOptions({ q: typed, limit: SUGGESTIONS }),
      );
      const first = found.find((model) => model !== null);
      if (first) openModel(first.slug);
    } catch {
      // The status line says the suggestions failed once the query settles; nothing opens.
    }
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
      event.preventDefault();
      const chosen = models[current];
      if (waiting) void openFirstForTyped();
      else if (chosen) openModel(chosen.slug);
    } else if (event.key === 'Escape') {
      if (shown) {
        event.preventDefault();
        setOpen(false);
      } else if (text) {
        event.preventDefault();
        setText('');
      }
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="font-medium">
        or type your model or machine type
      </label>
      <div className="relative">
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          aria-describedby={hintId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          placeholder="e.g. T480, 20L5, Latitude 7490"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={100}
          className="input w-full"
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
          className="border-base-300 bg-base-100 rounded-box absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-y-auto border py-1 shadow-lg"
        >
          {models.map((model, index) => {
            const also = otherNames(model);
            return (
              <li
                key={model.slug}
                id={optionId(index)}
                role="option"
                aria-selected={index === current}
                // Chosen before the box loses the focus (which closes the list).
                onMouseDown={(event) => {
                  event.preventDefault();
                  openModel(model.slug);
                }}
                onMouseMove={() => setActive(index)}
                className={`flex cursor-pointer flex-col px-3 py-2 ${index === current ? 'bg-primary text-primary-content' : ''}`}
              >
                <span className="font-medium">{laptopName(model)}</span>
                <span
                  className={`text-xs ${index === current ? 'text-primary-content' : 'text-base-content/70'}`}
                >
                  {model.series.name}
                  {also.length > 0 && ` · ${also.join(', ')}`}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <p id={hintId} role="status" className="text-base-content/70 min-h-5 text-sm">
        {status}
      </p>
    </div>
  );
}
