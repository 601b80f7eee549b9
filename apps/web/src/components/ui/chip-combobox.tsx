import { type ReactNode, useId, useRef, useState } from 'react';
import { ChipList } from './chip-list';
import { Combobox, suggestionDetailClass } from './combobox';
import { FormField } from './form-field';

/** A chosen item: the key a form keeps (an ISO code, a slug) and the words its chip shows. */
export interface Chip {
  key: string;
  label: string;
}

/** A suggestion: the chip it becomes, and a second line that tells it apart ("NO", "Lenovo · ThinkPad"). */
export interface ChipSuggestion extends Chip {
  detail: string;
}

/** How the live region names what a picker suggests: "country"/"countries", "laptop model"/"models". */
export interface ChipNouns {
  /** "No other <kind> matches ...". */
  kind: string;
  one: string;
  many: string;
}

interface ChipComboboxOptions {
  /** The chosen keys, in the order they were chosen. */
  value: readonly string[];
  onChange: (keys: string[]) => void;
  /** A chosen key's words; a key added through the picker falls back to its suggestion's. */
  labelOf: (key: string) => string | undefined;
}

/**
 * The state of a chip combobox (what is typed, what the live region last said) and its two
 * changes: `add` (the chip joins, the box empties and keeps the focus) and `remove`. The picker
 * that owns it reads `typed` to find its suggestions, and may `add` from elsewhere (a dialog).
 */
export function useChipCombobox({ value, onChange, labelOf }: ChipComboboxOptions) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [said, setSaid] = useState('');
  const [learned, setLearned] = useState<ReadonlyMap<string, string>>(new Map());
  const label = (key: string) => labelOf(key) ?? learned.get(key) ?? key;
  return {
    inputRef,
    text,
    typed: text.trim(),
    said,
    chips: value.map((key): Chip => ({ key, label: label(key) })),
    onTextChange: (typedText: string) => {
      setText(typedText);
      setSaid('');
    },
    add: (chip: Chip) => {
      setLearned((before) => new Map(before).set(chip.key, chip.label));
      onChange([...value, chip.key]);
      setText('');
      setSaid(`${chip.label} added.`);
      inputRef.current?.focus();
    },
    remove: (key: string) => {
      onChange(value.filter((candidate) => candidate !== key));
      setSaid(`${label(key)} removed.`);
    },
  };
}

export type ChipComboboxState = ReturnType<typeof useChipCombobox>;

/**
 * What the live region says: the suggestions for the text once they are known, else why there
 * are none, else the last change.
 */
export function chipStatus(
  { typed, said }: Pick<ChipComboboxState, 'typed' | 'said'>,
  suggestions: readonly unknown[] | undefined,
  { nouns, waiting, failed }: { nouns: ChipNouns; waiting: boolean; failed: boolean },
): string {
  if (typed && !waiting && suggestions) {
    return suggestions.length === 0
      ? `No other ${nouns.kind} matches "${typed}".`
      : `${suggestions.length} ${suggestions.length === 1 ? nouns.one : nouns.many} suggested. Arrow keys choose, Enter adds.`;
  }
  if (typed && failed) return 'The suggestions could not be loaded. Keep typing to try again.';
  return said;
}

interface ChipComboboxProps {
  state: ChipComboboxState;
  /** The chips' title ("Countries"), which also names their list. */
  title: string;
  /** Said in place of the chips while there is none. */
  empty: string;
  /** A line above the chips while there are some ("Fits 3 models"). */
  summary?: string;
  /** The box's label ("Add a country") and its list's, for screen readers. */
  label: string;
  listLabel: string;
  placeholder: string;
  hint: string;
  nouns: ChipNouns;
  /** The suggestions for the typed text, the chosen ones left out; undefined while none came. */
  suggestions: readonly ChipSuggestion[] | undefined;
  /** Suggestions for the text as typed are on their way. */
  waiting?: boolean;
  /** The suggestions could not be loaded. */
  failed?: boolean;
  /** The field's message. */
  error?: string;
  disabled?: boolean;
  /** Nothing more can be added (the box is disabled; the hint says why). */
  full?: boolean;
  /** Long words (a laptop model's name) may break anywhere. */
  breakAll?: boolean;
  testId?: string;
  /** Below the field's message: what a picker offers besides its suggestions. */
  children?: ReactNode;
}

/**
 * A field of several chosen items (WAI-ARIA's combobox with a listbox, and a list of chips):
 * the chosen ones as chips with a remove button each, and a box that suggests as it is typed
 * in; Enter or a click adds the highlighted suggestion, Escape closes the list and goes no
 * further. What changed, and what is suggested, is said in a live region.
 */
export function ChipCombobox({
  state,
  title,
  empty,
  summary,
  label,
  listLabel,
  placeholder,
  hint,
  nouns,
  suggestions,
  waiting = false,
  failed = false,
  error,
  disabled,
  full = false,
  breakAll,
  testId,
  children,
}: ChipComboboxProps) {
  const titleId = useId();
  const status = chipStatus(state, suggestions, { nouns, waiting, failed });

  return (
    <div className="fieldset py-1">
      <p className="pb-1 text-sm font-semibold" id={titleId}>
        {title}
      </p>
      {state.chips.length === 0 ? (
        <p className="text-base-content/70 text-sm">{empty}</p>
      ) : (
        <>
          {summary && <p className="text-sm">{summary}</p>}
          <ChipList
            items={state.chips}
            labelledBy={titleId}
            onRemove={state.remove}
            fallbackFocus={state.inputRef}
            disabled={disabled}
            breakAll={breakAll}
            testId={testId}
          />
        </>
      )}
      <FormField label={label} hint={hint} error={error} className="mt-1">
        {(control) => (
          <Combobox
            id={control.id}
            listLabel={listLabel}
            text={state.text}
            onTextChange={state.onTextChange}
            items={state.typed ? (suggestions ?? []) : []}
            itemKey={(suggestion) => suggestion.key}
            renderItem={(suggestion, active) => (
              <>
                <span className="font-medium">{suggestion.label}</span>
                <span className={suggestionDetailClass(active)}>{suggestion.detail}</span>
              </>
            )}
            onPick={({ key, label: chipLabel }) => state.add({ key, label: chipLabel })}
            waiting={waiting}
            inputRef={state.inputRef}
            describedBy={control['aria-describedby']}
            invalid={Boolean(error)}
            disabled={disabled || full}
            placeholder={placeholder}
            className={error ? 'input-error' : ''}
          />
        )}
      </FormField>
      {children}
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
