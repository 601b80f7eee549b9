import { type ReactNode, useEffect, useId, useRef } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in words. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The action runs: both buttons wait, Escape does nothing. */
  busy?: boolean;
  /** Why the action failed; the dialog stays open to try again or leave. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A modal question with two answers (daisyUI modal on the native <dialog>): the browser keeps
 * focus inside and Escape closes it; the safe answer gets focus first, and focus goes back to
 * what opened it (when that is still on the page).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  error = null,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const safeButtonRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      safeButtonRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      const opener = openerRef.current;
      if (opener?.isConnected) opener.focus();
      openerRef.current = null;
    }
  }, [open]);

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        // Escape: the parent owns `open`, so the dialog closes through it.
        event.preventDefault();
        close();
      }}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <div id={descriptionId} className="py-4">
          {children}
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="modal-action">
          <button ref={safeButtonRef} type="button" className="btn" onClick={close} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className="btn btn-error" onClick={onConfirm} disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
      {/* A click outside the box closes it, as daisyUI's backdrop does. */}
      <div className="modal-backdrop" aria-hidden="true" onClick={close} />
    </dialog>
  );
}
