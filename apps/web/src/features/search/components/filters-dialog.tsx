import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { LineIcon } from '../../../components/ui/line-icon';

interface FiltersDialogProps {
  /** How many filters are set, shown on the button. */
  filterCount: number;
  /** "Show 12 parts": the dialog's last button, which closes it onto the results. */
  showLabel: string;
  children: ReactNode;
}

/**
 * The filters on phones and tablets: a "Filters" button opening them in a modal dialog (the
 * native `<dialog>` with `showModal()`: the page behind is inert, so focus stays inside, and
 * Escape closes it). Choices apply at once; focus returns to the button on closing.
 */
export function FiltersDialog({ filterCount, showLabel, children }: FiltersDialogProps) {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) {
      dialog.close();
      openerRef.current?.focus();
    }
  }, [open]);

  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className="btn btn-outline btn-sm"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <LineIcon className="h-4 w-4">
          <path d="M4 6h16M7 12h10M10 18h4" strokeLinecap="round" />
        </LineIcon>
        Filters
        {filterCount > 0 && (
          <span className="badge badge-primary badge-sm">
            {filterCount}
            <span className="sr-only"> set</span>
          </span>
        )}
      </button>
      <dialog
        ref={dialogRef}
        className="modal modal-bottom sm:modal-middle"
        aria-labelledby={titleId}
        onCancel={(event) => {
          // Escape: React's state closes the dialog, not the browser.
          event.preventDefault();
          setOpen(false);
        }}
      >
        <div className="modal-box flex max-h-[85vh] flex-col gap-4 p-0">
          <div className="border-base-300 flex items-center justify-between border-b px-5 py-3">
            <h2 id={titleId} className="text-lg font-bold">
              Filters
            </h2>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-square"
              aria-label="Close filters"
              onClick={() => setOpen(false)}
            >
              <LineIcon className="h-5 w-5">
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </LineIcon>
            </button>
          </div>
          <div className="overflow-y-auto px-5">{children}</div>
          <div className="border-base-300 border-t px-5 py-3">
            <button type="button" className="btn btn-primary w-full" onClick={() => setOpen(false)}>
              {showLabel}
            </button>
          </div>
        </div>
        <div className="modal-backdrop" aria-hidden="true" onClick={() => setOpen(false)} />
      </dialog>
    </>
  );
}
