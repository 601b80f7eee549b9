/**
 * PostgreSQL's refusals the shop answers in its own words, by their SQLSTATE code (PGlite and
 * node-postgres both carry `code` and, for a constraint, its name in `constraint`).
 */
const field = (error: unknown, name: 'code' | 'constraint'): unknown =>
  typeof error === 'object' && error !== null
    ? (error as Record<string, unknown>)[name]
    : undefined;

/**
 * The name of the unique index or constraint that refused a row (23505, unique_violation);
 * '' when the driver did not name it; undefined for any other error.
 */
export function uniqueViolation(error: unknown): string | undefined {
  if (field(error, 'code') !== '23505') return undefined;
  const constraint = field(error, 'constraint');
  return typeof constraint === 'string' ? constraint : '';
}

/** Whether a unique index refused a row: any, or the one named. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  const refusedBy = uniqueViolation(error);
  return refusedBy !== undefined && (constraint === undefined || refusedBy === constraint);
};

/** Whether a foreign key refused a row or a removal (23503, foreign_key_violation). */
export const isForeignKeyViolation = (error: unknown): boolean => field(error, 'code') === '23503';
