import { zValidator } from '@hono/zod-validator';
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
    throw new AppError(400, 'VALIDATION_FAILED', message, fields);
  });
