import { z } from 'zod';

/** Every record id is a UUID; anything else cannot name a record. */
export const IdSchema = z.uuid();
