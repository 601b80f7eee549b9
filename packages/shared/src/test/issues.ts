import type { z } from 'zod';

/** The messages a schema gives for a value, in order; empty when the value is accepted. */
export function messagesFor(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The message shown for one field of an object schema; undefined when that field is accepted. */
export function fieldMessage(schema: z.ZodType, value: unknown, field: string): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message;
}
