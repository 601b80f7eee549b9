import { z } from 'zod';

export const QUANTITY_MAX = 100_000;

/** Units of one part: in a purchase, a cart line, a quote. */
export const QuantitySchema = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(QUANTITY_MAX, `Quantity must be at most ${QUANTITY_MAX}`);
