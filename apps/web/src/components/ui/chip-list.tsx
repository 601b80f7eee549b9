import { type RefObject, useRef } from 'react';

interface ChipListProps {
  /** The chosen items, in order: a key each and the words its chip shows. */
  items: readonly { key: string; label: string }[];
  /** The id of the words that name the list ("Countries"). */
  labelledBy: string;
  onRemove: (key: string) => void;
  /** Where the focus goes when the last chip left is removed (the picker's box). */
  fallbackFocus: RefObject<HTMLElement | null>;
  disabled?: boolean;
  /** Long words (a laptop model's name) may break anywhere. */
  breakAll?: boolean;
  testId?: string;
}

/**
 * A picker's chosen items as chips, each with "Remove <label>". After a removal the focus goes
 * to the next chip's button, else the previous one's, else `fallbackFocus`, so a keyboard user
 * never lands on the page's top.
 */
export function ChipList({
  items,
  labelledBy,
  onRemove,
  fallbackFocus,
  disabled,
  breakAll,
  testId,
}: ChipListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const remove = (key: string, index: number) => {
    onRemove(key);
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll('button');
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      (next ?? fallbackFocus.current)?.focus();
    });
  };
  return (
    <ul
      ref={listRef}
      aria-labelledby={labelledBy}
      className="flex flex-wrap gap-2 py-1"
      data-testid={testId}
    >
      {items.map(({ key, label }, index) => (
        <li
          key={key}
          className={`badge badge-lg border-base-300 bg-base-100 h-auto gap-1 py-1 pr-1 pl-3 ${breakAll ? 'break-all' : ''}`}
        >
          {label}{' '}
          <button
            type="button"
            className="btn btn-ghost btn-xs btn-circle min-h-6 min-w-6"
            aria-label={`Remove ${label}`}
            onClick={() => remove(key, index)}
            disabled={disabled}
          >
            <span aria-hidden="true" className="text-base leading-none">
              ×
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
