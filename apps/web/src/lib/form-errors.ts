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
