import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What is about to happen, in words. */
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirmed action is running: the buttons wait and Escape does nothing. */
  busy?: boolean;
  /** Why the action failed; the dialog stays open to try again or leave. */
  error?: string | null;
  onConfirm: () => void;
  /** Cancel, Escape or a click on the backdrop. */
  onCancel: () => void;
  /** Where focus goes on closing when the element that opened the dialog is gone. */
  fallbackFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * A modal question (daisyUI's `modal` on the native `<dialog>`): `showModal()` makes the rest
 * of the page inert, so focus stays inside; it opens on Cancel, the safe choice; Escape and
 * the backdrop cancel; focus goes back to where it was when the dialog closes.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  busy = false,
  error = null,
  onConfirm,
  onCancel,
  fallbackFocusRef,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusRef.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      // The opener may be gone (its row removed); then the page says where focus goes.
      const opener = returnFocusRef.current;
      if (opener?.isConnected) opener.focus();
      else fallbackFocusRef?.current?.focus();
      returnFocusRef.current = null;
    }
  }, [open, fallbackFocusRef]);

  const cancel = () => {
    if (!busy) onCancel();
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: React's state closes the dialog, not the browser.
        event.preventDefault();
        cancel();
      }}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <div id={bodyId} className="py-4">
          {children}
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="modal-action">
          <button
            ref={cancelRef}
            type="button"
            className="btn btn-ghost"
            onClick={cancel}
            disabled={busy}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            className="btn border-red-700 bg-red-700 text-white hover:bg-red-800"
            onClick={onConfirm}
            disabled={busy}
          >
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
      {/* A click beside the box cancels; keyboard users have Cancel and Escape. */}
      <div className="modal-backdrop" aria-hidden="true" onClick={cancel} />
    </dialog>
  );
}
