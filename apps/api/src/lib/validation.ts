import { zValidator } from '@hono/zod-validator';
import { controlCharactersMessage, hasControlCharacters } from '@shop/shared';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError } from './errors';

/**
 * zod validation for a request part, failing with the one error shape:
 * 400 VALIDATION_FAILED and the messages per field (the same messages the forms show).
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) =>
  zValidator(target, schema, (result) => {
    if (result.success) return;
    const fields: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.length > 0 ? issue.path.join('.') : '_';
      (fields[key] ??= []).push(issue.message);
    }
    const first = result.error.issues[0];
    const message = first
      ? `${first.path.join('.') || target}: ${first.message}`
      : 'Invalid request';
    throw new AppError('VALIDATION_FAILED', message, fields);
  });

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
