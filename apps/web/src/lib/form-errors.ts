import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** For a failure with nothing to tell the user. */
export const somethingWentWrong = 'Something went wrong. Please try again.';

/** The words to show for a failed call: the API's message, never a stack. */
export const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : somethingWentWrong;

/**
 * The API checks the same schema again; when it still finds fields wrong (400 with `fields`),
 * each message goes under its field. Answers whether any field took a message; when none did,
 * the form shows the error above itself.
 */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let shown = false;
  for (const name of fieldNames) {
    const message = error.fields[name]?.[0];
    if (message) {
      setError(name, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}

export interface SubmitFailureOptions<T extends FieldValues> {
  /** The fields the API's `fields` may name. */
  fieldNames: readonly Path<T>[];
  setError: UseFormSetError<T>;
  /** The words go above the form even when fields took messages (the sign-in screens). */
  alwaysShowFailure?: boolean;
}

/**
 * What a server-backed form does with a failed send: the API's field messages go under their
 * fields, and the answer is the message to show above the form, or null when the fields
 * already say it all.
 */
export function submitFailure<T extends FieldValues>(
  error: unknown,
  { fieldNames, setError, alwaysShowFailure = false }: SubmitFailureOptions<T>,
): string | null {
  const onFields = showFieldErrors(error, fieldNames, setError);
  return onFields && !alwaysShowFailure ? null : errorMessage(error);
}
