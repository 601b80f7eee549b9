/**
 * The parts catalogue's words (issue 33): a part's condition, and the kinds of number printed on
 * a part or listed by its maker.
 */
export const PART_CONDITIONS = ['new', 'refurbished', 'used', 'compatible'] as const;
export type PartCondition = (typeof PART_CONDITIONS)[number];

/**
 * `mpn`: the maker's part number; `fru`: a field-replaceable-unit number (Lenovo's, for example);
 * `oem`: the number of the original part a compatible one replaces; `cross-reference`: another
 * number the same part is sold under.
 */
export const PART_NUMBER_KINDS = ['mpn', 'fru', 'oem', 'cross-reference'] as const;
export type PartNumberKind = (typeof PART_NUMBER_KINDS)[number];

/**
 * A part number or model code as the catalogue compares it: letters and digits only, in upper
 * case ("01-av-431" and "01AV431" are the same). The database's `shop_normalised_number`
 * (migration 0021) is the same rule: ASCII letters and digits are kept, then upper-cased.
 */
export const normalisePartNumber = (value: string) =>
  value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
