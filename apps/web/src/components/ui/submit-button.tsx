import type { ReactNode } from 'react';

interface SubmitButtonProps {
  /** The form is being sent: the button waits and shows a spinner. */
  busy: boolean;
  /** Other reasons the form cannot be sent yet. */
  disabled?: boolean;
  /** Where it sits: by default a field's height below the form, full width on phones. */
  className?: string;
  /** The small size, for a form inside a table row: it sits in a row of buttons. */
  small?: boolean;
  children: ReactNode;
}

/** A form's primary submit button, the same in every form (the card forms' Pay included). */
export function SubmitButton({
  busy,
  disabled = false,
  small = false,
  className = small ? '' : 'mt-4 w-full sm:w-auto',
  children,
}: SubmitButtonProps) {
  const classes = ['btn btn-primary', small ? 'btn-sm' : '', className].filter(Boolean).join(' ');
  return (
    <button type="submit" className={classes} disabled={busy || disabled}>
      {busy && (
        <span
          className={`loading loading-spinner ${small ? 'loading-xs' : 'loading-sm'}`}
          aria-hidden="true"
        />
      )}
      {children}
    </button>
  );
}
