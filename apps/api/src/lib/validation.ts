import type { Hook } from '@hono/zod-openapi';
import { controlCharactersMessage, hasControlCharacters } from '@shop/shared';
import type { z } from 'zod';
import { AppError } from './errors';

/** A zod failure as the one error shape's fields: the messages per field (the forms' own). */
export function fieldsOf(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * What every route declaration's validation answers on failure (the routes' `defaultHook`):
 * 400 VALIDATION_FAILED and the messages per field. A path's `id` (or `toolId`, `imageId`, an
 * invoice's `number`) names a record, so one that cannot be one is "not found", as an unknown one
 * is (404, its schema's message). A header's
 * messages name the header already.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one hook for every route's input
export const validationHook: Hook<any, any, any, any> = (result) => {
  if (result.success) return;
  const { issues } = result.error;
  const first = issues[0];
  const namesRecord = (key: PropertyKey | undefined) =>
    key === 'id' || key === 'toolId' || key === 'imageId' || key === 'number';
  if (result.target === 'param' && first && issues.every((issue) => namesRecord(issue.path[0]))) {
    throw new AppError('NOT_FOUND', first.message);
  }
  const message = !first
    ? 'Invalid request'
    : result.target === 'header'
      ? first.message
      : `${first.path.join('.') || result.target}: ${first.message}`;
  throw new AppError('VALIDATION_FAILED', message, fieldsOf(result.error));
};

/**
 * Where a parsed JSON body holds control characters (the shared rule, single-line): the dotted
 * path of each such key or string value. For bodies no schema of ours describes (Better Auth's
 * other endpoints). A walk with its own stack, so a deeply nested body cannot overflow ours.
 */
export function controlCharacterPaths(body: unknown): string[] {
  const found: string[] = [];
  const pending: Array<{ value: unknown; path: string }> = [{ value: body, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (hasControlCharacters(value)) found.push(path || '_');
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasControlCharacters(key)) found.push(childPath);
        else pending.push({ value: child, path: childPath });
      }
    }
  }
  return found;
}

/** The names of the query parameters whose name or a value holds control characters. */
export const controlCharacterParameters = (query: URLSearchParams) => [
  ...new Set(
    [...query]
      .filter(([name, value]) => hasControlCharacters(name) || hasControlCharacters(value))
      .map(([name]) => name),
  ),
];

/** 400 in the one error shape, naming each field that holds control characters. */
export function refuseControlCharacters(fields: string[]) {
  if (fields.length === 0) return;
  throw new AppError(
    'VALIDATION_FAILED',
    controlCharactersMessage(fields[0]!),
    Object.fromEntries(fields.map((field) => [field, [controlCharactersMessage(field)]])),
  );
}
