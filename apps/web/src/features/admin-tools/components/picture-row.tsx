import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { LineIcon } from '../../../components/ui/line-icon';

/** After a move, the moved picture's button of that direction takes the focus back. */
export type MoveFocus = 'up' | 'down';

interface PictureRowProps {
  /** Its place in the list, from 0; shown and named from 1. */
  index: number;
  count: number;
  /** The small picture shown at the row's start (decorative: the alt text is beside it). */
  thumbnail: ReactNode;
  altText: {
    value: string;
    onChange: (value: string) => void;
    onBlur?: () => void;
    onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
    placeholder?: string;
    hint?: string;
    error?: string | null;
    disabled?: boolean;
    /** For a caller that moves the focus to it (a refused alt text). */
    id?: string;
  };
  /** A line under the alt text: saving, saved, uploading. */
  status?: ReactNode;
  /** Moves the picture to another place (an index). */
  onMove: (to: number) => void;
  /**
   * Another move is under way: the buttons do nothing, but stay focusable (a disabled button
   * would drop the focus of the one just pressed).
   */
  moveDisabled?: boolean;
  /** Set after this picture moved: the focus goes back to the button that moved it. */
  focusAfterMove?: MoveFocus | null;
  onRemove: () => void;
  removeDisabled?: boolean;
}

const iconButton = 'btn btn-outline btn-sm btn-square';

/**
 * One picture of a part's list, for Manage Tools (saved ones) and Add Tool (chosen ones): the
 * thumbnail, its alt text, Move up and Move down (disabled at the ends) and Remove. The buttons
 * name the picture's place ("Move picture 2 up"): a screen reader hears which one it moves.
 */
export function PictureRow({
  index,
  count,
  thumbnail,
  altText,
  status,
  onMove,
  moveDisabled = false,
  focusAfterMove = null,
  onRemove,
  removeDisabled = false,
}: PictureRowProps) {
  const ownId = useId();
  const inputId = altText.id ?? `${ownId}-alt`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const place = index + 1;
  const first = index === 0;
  const last = index === count - 1;

  // Its row was moved in the page (the list is in the new order): the focus follows it, to the
  // other button once it reached an end.
  useEffect(() => {
    if (!focusAfterMove) return;
    const wanted = focusAfterMove === 'up' ? (first ? downRef : upRef) : last ? upRef : downRef;
    wanted.current?.focus();
  }, [focusAfterMove, index, first, last]);

  const describedBy =
    [altText.hint ? hintId : null, altText.error ? errorId : null].filter(Boolean).join(' ') ||
    undefined;

  return (
    <li className="border-base-300 bg-base-100 rounded-box grid grid-cols-[4rem_minmax(0,1fr)] items-start gap-x-3 gap-y-2 border p-2 sm:grid-cols-[4rem_minmax(0,1fr)_auto]">
      <div className="bg-base-200 rounded-field relative h-16 w-16 overflow-hidden">
        {thumbnail}
        <span className="bg-base-100/90 rounded-field absolute top-0.5 left-0.5 px-1 text-xs font-semibold">
          {place}
        </span>
      </div>
      <div className="fieldset min-w-0 py-0">
        <label htmlFor={inputId} className="fieldset-legend py-0 pb-1 text-sm">
          Alt text <span className="sr-only">of picture {place}</span>
        </label>
        <input
          id={inputId}
          type="text"
          className={`input input-sm w-full ${altText.error ? 'input-error' : ''}`}
          value={altText.value}
          onChange={(event) => altText.onChange(event.target.value)}
          onBlur={altText.onBlur}
          onKeyDown={altText.onKeyDown}
          placeholder={altText.placeholder}
          disabled={altText.disabled}
          autoComplete="off"
          maxLength={400}
          aria-invalid={altText.error ? true : undefined}
          aria-describedby={describedBy}
        />
        {altText.hint && (
          <p id={hintId} className="text-base-content/70 text-xs">
            {altText.hint}
          </p>
        )}
        {altText.error && (
          <p id={errorId} className="text-sm text-red-700">
            {altText.error}
          </p>
        )}
        {status}
      </div>
      <div className="col-span-2 flex flex-wrap items-center justify-end gap-2 sm:col-span-1 sm:pt-6">
        <button
          ref={upRef}
          type="button"
          className={iconButton}
          onClick={() => !moveDisabled && onMove(index - 1)}
          disabled={first}
          aria-disabled={moveDisabled || undefined}
          aria-label={`Move picture ${place} up`}
          title="Move up"
        >
          <LineIcon className="h-4 w-4" strokeWidth={2.5}>
            <path d="M12 19V5M5 12l7-7 7 7" />
          </LineIcon>
        </button>
        <button
          ref={downRef}
          type="button"
          className={iconButton}
          onClick={() => !moveDisabled && onMove(index + 1)}
          disabled={last}
          aria-disabled={moveDisabled || undefined}
          aria-label={`Move picture ${place} down`}
          title="Move down"
        >
          <LineIcon className="h-4 w-4" strokeWidth={2.5}>
            <path d="M12 5v14M5 12l7 7 7-7" />
          </LineIcon>
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm border-red-700 text-red-700 hover:bg-red-700 hover:text-white"
          onClick={onRemove}
          disabled={removeDisabled}
          aria-label={`Remove picture ${place}`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
