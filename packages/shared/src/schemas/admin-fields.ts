import { z } from 'zod';
import { noControlCharacters } from './text';

/** The fields of the back office's forms (shipping and tax), one rule each. */

/** Within a millionth of a whole number of `unit`s: 0.1 * 100 is 10.000000000000002. */
export const isWhole = (value: number, per: number) =>
  Math.abs(value * per - Math.round(value * per)) < 1e-6;

export const adminText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(noControlCharacters(label))
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must have at most ${max} characters`);
