import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';

/** The words to show for a failed sign-in or sign-up: the API's message, never a stack. */
export const errorMessage = (error: unknown) =>
  error instanceof Error && error.message
    ? error.message
    : 'Something went wrong. Please try again.';

/**
 * The API checks the same schema again; when it still finds a field wrong (400 with
 * `fields`), the message goes under that field as well.
 */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
) {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const name of fieldNames) {
    const message = error.fields[name]?.[0];
    if (message) setError(name, { type: 'server', message });
  }
}
