import type { PartCondition, PartNumberKind } from '@shop/shared';

/** A part's condition as the admin chooses it. */
export const conditionLabels: Record<PartCondition, string> = {
  new: 'New',
  refurbished: 'Refurbished',
  used: 'Used',
  compatible: 'Compatible (not original)',
};

/** The kinds of part number, short enough for a phone's select; `partNumberKindsHint` says them. */
export const partNumberKindLabels: Record<PartNumberKind, string> = {
  mpn: 'MPN',
  fru: 'FRU',
  oem: 'OEM',
  'cross-reference': 'Cross-reference',
};

export const partNumberKindsHint =
  "MPN: the maker's part number. FRU: a field-replaceable unit number. OEM: the original part a compatible one replaces. Cross-reference: another number it is sold under.";

/** "Fits 1 model", "Fits 12 models". */
export const fitsCount = (count: number) => `Fits ${count} ${count === 1 ? 'model' : 'models'}`;
