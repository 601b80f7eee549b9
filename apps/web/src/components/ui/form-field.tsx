import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';

interface FieldFrameProps {
  label: string;
  /** A hint under the label (e.g. the format to use), read out with the field. */
  hint?: string;
  /** The field's validation message, shown under it and tied to it for screen readers. */
  error?: string;
  children: (control: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}

/** A label, an optional hint, the control and its message (aria-invalid, aria-describedby). */
function FieldFrame({ label, hint, error, children }: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className="fieldset py-1">
      <label htmlFor={id} className="fieldset-legend pb-1">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-base-content/70 -mt-1 pb-1 text-xs">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'className'> {
  label: string;
  hint?: string;
  error?: string;
}

/** A labelled input with its hint and error (the form-field pattern of every form). */
export function TextField({ label, hint, error, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <input
          className={`input w-full ${error ? 'input-error' : ''} ${input.readOnly ? 'bg-base-200' : ''}`}
          {...control}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'className'> {
  label: string;
  hint?: string;
  error?: string;
}

/** A labelled textarea, the same way. */
export function TextAreaField({ label, hint, error, rows = 3, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          rows={rows}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
          {...control}
          {...textarea}
        />
      )}
    </FieldFrame>
  );
}
