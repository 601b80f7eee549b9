import { countryName, listCountries } from '@shop/shared';
import { useId, useRef, useState } from 'react';
import { ChipList } from '../../../components/ui/chip-list';
import { Combobox, suggestionDetailClass } from '../../../components/ui/combobox';
import { matchingCountries } from '../utils/countries';

/** How many countries the list suggests at once. */
const SUGGESTIONS = 8;

interface CountryPickerProps {
  /** The chosen countries' ISO codes, in the order they were chosen. */
  value: readonly string[];
  onChange: (codes: string[]) => void;
  /** The field's message ("Germany is already in European Union"). */
  error?: string;
  disabled?: boolean;
}

/**
 * A zone's countries: the chosen ones as chips with a remove button each, and "Add a country",
 * a combobox that suggests countries by name or code as the admin types ("nor", "NO"); Enter
 * or a click adds the chosen one. What changed is said in a live region.
 */
export function CountryPicker({ value, onChange, error, disabled }: CountryPickerProps) {
  const inputId = useId();
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [said, setSaid] = useState('');
  const typed = text.trim();
  const chosen = new Set(value);
  const suggestions = typed
    ? matchingCountries(listCountries(), typed)
        .filter((country) => !chosen.has(country.code))
        .slice(0, SUGGESTIONS)
    : [];
  const status = typed
    ? suggestions.length === 0
      ? `No other country matches "${typed}".`
      : `${suggestions.length} ${suggestions.length === 1 ? 'country' : 'countries'} suggested. Arrow keys choose, Enter adds.`
    : said;

  const add = (country: { code: string; name: string }) => {
    onChange([...value, country.code]);
    setText('');
    setSaid(`${country.name} added.`);
    inputRef.current?.focus();
  };

  const remove = (code: string) => {
    onChange(value.filter((candidate) => candidate !== code));
    setSaid(`${countryName(code)} removed.`);
  };

  return (
    <div className="fieldset py-1">
      <p className="pb-1 text-sm font-semibold" id={titleId}>
        Countries
      </p>
      {value.length === 0 ? (
        <p className="text-base-content/70 text-sm">No country yet.</p>
      ) : (
        <ChipList
          items={value.map((code) => ({ key: code, label: countryName(code) }))}
          labelledBy={titleId}
          onRemove={remove}
          fallbackFocus={inputRef}
          disabled={disabled}
        />
      )}
      <label htmlFor={inputId} className="fieldset-legend mt-2 pb-1">
        Add a country
      </label>
      <Combobox
        id={inputId}
        listLabel="Suggested countries"
        text={text}
        onTextChange={(typedText) => {
          setText(typedText);
          setSaid('');
        }}
        items={suggestions}
        itemKey={(country) => country.code}
        renderItem={(country, active) => (
          <>
            <span className="font-medium">{country.name}</span>
            <span className={suggestionDetailClass(active)}>{country.code}</span>
          </>
        )}
        onPick={add}
        waiting={false}
        inputRef={inputRef}
        describedBy={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
        invalid={Boolean(error)}
        disabled={disabled}
        placeholder="e.g. Norway, NO"
        className={error ? 'input-error' : ''}
      />
      <p id={hintId} className="text-base-content/70 text-xs">
        Type a country&apos;s name or its two-letter code, then choose it. A country can be in one
        zone only.
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
