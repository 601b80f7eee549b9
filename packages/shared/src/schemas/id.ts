import { z } from 'zod';

/** Every record id is a UUID; anything else cannot name a record. */
export const IdSchema = z.uuid();

/**
 * The `{id}` of a route's path: a value that cannot be an id names no record, so the answer is
 * the same "not found" as for an unknown one (404).
 */
export const idParams = (record: string) =>
  z.object({ id: z.uuid({ error: `${record} not found` }) });
