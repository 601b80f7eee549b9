import type { ReactNode } from 'react';
import { SubmitButton } from './submit-button';

/**
 * The foot of a form that opens in place of a list's row or button (a zone, a method, a saved
 * address): its submit button, then Cancel, which closes it without sending.
 */
export function FormActions({
  busy,
  onCancel,
  children,
}: {
  busy: boolean;
  onCancel: () => void;
  /** The submit button's words ("Add zone", "Save address"). */
  children: ReactNode;
}) {
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <SubmitButton busy={busy} className="">
        {children}
      </SubmitButton>
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </div>
  );
}
