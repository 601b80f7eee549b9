import type { PartFieldsInput } from '@shop/shared';

/** The part details of a tool as Add Tool and the editor hold them (issue 33). */
export type PartDetailsValues = PartFieldsInput;

/** The part details the API may name in a refusal: each message goes under its field. */
export const partDetailsServerFields = [
  'sku',
  'category',
  'brand',
  'condition',
  'weightGrams',
  'shippingClass',
  'partNumbers',
  'fits',
] as const;
