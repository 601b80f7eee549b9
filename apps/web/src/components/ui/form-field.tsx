import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';

/** What a form control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: string;
  /** The field's validation message, under it, in red, and read with the field. */
  error?: string;
  /** A calm line under the field (a format, a limit), read with the field. */
  hint?: ReactNode;
  /** Renders the control (input, textarea, select) with the ids and aria attributes given. */
  children: (control: FieldControlProps) => ReactNode;
  className?: string;
}

/**
 * A labelled form control with an optional hint and its error underneath (aria-invalid,
 * aria-describedby). The control is the caller's, so inputs, textareas and disabled fields all
 * share one layout.
 */
export function FormField({ label, error, hint, children, className = '' }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`fieldset py-1 ${className}`}>
      <label htmlFor={id} className="fieldset-legend pb-1">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="text-base-content/70 text-xs">
          {hint}
        </p>
      )}
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

/** A labelled input with its hint and error: the common case of FormField. */
export function TextField({ label, hint, error, ...input }: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <input
          className={`input w-full ${error ? 'input-error' : ''} ${input.readOnly ? 'bg-base-200' : ''}`}
          {...control}
          {...input}
        />
      )}
    </FormField>
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
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          rows={rows}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
          {...control}
          {...textarea}
        />
      )}
    </FormField>
  );
}

interface SearchFieldProps {
  label: string;
  /** What is typed, as typed (the list debounces it). */
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}

/** The search box of a list's filters (a back-office list): labelled, at most 100 characters. */
export function SearchField({ label, value, onChange, placeholder }: SearchFieldProps) {
  return (
    <FormField label={label}>
      {(control) => (
        <input
          {...control}
          type="search"
          className="input w-full"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          maxLength={100}
        />
      )}
    </FormField>
  );
}
