import type { ReactNode } from 'react';

interface SubmitButtonProps {
  /** The form is being sent: the button waits and shows a spinner. */
  busy: boolean;
  /** Other reasons the form cannot be sent yet. */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

/** A form's primary submit button, the same in every form. */
export function SubmitButton({
  busy,
  disabled = false,
  className = 'w-full sm:w-auto',
  children,
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`btn btn-primary mt-4 ${className}`}
      disabled={busy || disabled}
    >
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
