import { type ComponentPropsWithRef, useId } from 'react';

interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'className'> {
  label: string;
  /** The field's validation message, shown under it and tied to it for screen readers. */
  error?: string;
}

/** A labelled input with its error underneath (aria-invalid, aria-describedby). */
export function TextField({ label, error, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="fieldset py-1">
      <label htmlFor={id} className="fieldset-legend pb-1">
        {label}
      </label>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
