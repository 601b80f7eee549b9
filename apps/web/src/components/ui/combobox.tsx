import { type KeyboardEvent, type ReactNode, type Ref, useId, useState } from 'react';

interface ComboboxProps<T> {
  /** The box's id, for its label (which the caller renders). */
  id: string;
  /** What the list of suggestions is, for screen readers ("Suggested laptop models"). */
  listLabel: string;
  text: string;
  onTextChange: (text: string) => void;
  /** The suggestions for the text (or for the text of a moment ago, while `waiting`). */
  items: readonly T[];
  itemKey: (item: T) => string;
  /** A suggestion's content; `active` when it is the highlighted one. */
  renderItem: (item: T, active: boolean) => ReactNode;
  onPick: (item: T) => void;
  /** Suggestions for the text as typed are still on their way (a spinner shows). */
  waiting: boolean;
  /** Enter while `waiting`: by default the highlighted suggestion (of the text before) is picked. */
  onEnterWhileWaiting?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  placeholder: string;
  enterKeyHint?: 'go' | 'enter' | 'done';
  className?: string;
}

/**
 * A text box that suggests as it is typed in (WAI-ARIA's combobox pattern with a listbox), the
 * first suggestion highlighted: arrow keys move through them, Enter picks the highlighted one,
 * Escape closes the list (then empties the box) and goes no further, a click picks one too.
 * Enter in an empty box is left alone (a form around it is sent).
 */
export function Combobox<T>({
  id,
  listLabel,
  text,
  onTextChange,
  items,
  itemKey,
  renderItem,
  onPick,
  waiting,
  onEnterWhileWaiting,
  inputRef,
  describedBy,
  invalid,
  disabled,
  placeholder,
  enterKeyHint,
  className = '',
}: ComboboxProps<T>) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shown = open && items.length > 0;
  const current = shown ? Math.min(active, items.length - 1) : -1;
  const optionId = (index: number) => `${listId}-${index}`;

  const pick = (item: T) => {
    setOpen(false);
    onPick(item);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : items.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      if (!text.trim()) return;
      event.preventDefault();
      const highlighted = items[current];
      if (waiting && onEnterWhileWaiting) onEnterWhileWaiting();
      else if (highlighted !== undefined) pick(highlighted);
    } else if (event.key === 'Escape') {
      if (!shown && !text) return;
      event.preventDefault();
      event.stopPropagation();
      if (shown) setOpen(false);
      else onTextChange('');
    }
  };

  return (
    <div className="relative">
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        placeholder={placeholder}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint={enterKeyHint}
        maxLength={100}
        disabled={disabled}
        className={`input w-full pr-10 ${className}`}
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
        aria-label={listLabel}
        hidden={!shown}
        className="border-base-300 bg-base-100 rounded-box absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-y-auto border py-1 shadow-lg"
      >
        {items.map((item, index) => (
          <li
            key={itemKey(item)}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            // Picked before the box loses the focus (which closes the list).
            onMouseDown={(event) => {
              event.preventDefault();
              pick(item);
            }}
            onMouseMove={() => setActive(index)}
            className={`flex cursor-pointer flex-col px-3 py-2 ${index === current ? 'bg-primary text-primary-content' : ''}`}
          >
            {renderItem(item, index === current)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A suggestion's second line, readable on the highlighted one too. */
export const suggestionDetailClass = (active: boolean) =>
  `text-xs ${active ? 'text-primary-content' : 'text-base-content/70'}`;
