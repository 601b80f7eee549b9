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

/** A part's public page's slug: its SKU normalised, in lower case, and nothing after it. */
const PART_SLUG = /^(?:[a-z0-9]+-)*([a-z0-9]+)$/;

/**
 * A part's public page (`/parts/{slug}`): the words of its name, for people and search engines,
 * then its SKU normalised, which finds it ("T480 Battery 24Wh", "LPS-100011":
 * "t480-battery-24wh-lps100011"). A renamed part keeps being found by its old slug, whose page
 * then points to the new one.
 */
export const partSlug = (name: string, sku: string) => {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const number = normalisePartNumber(sku).toLowerCase();
  return words ? `${words}-${number}` : number;
};

/** The normalised SKU a part slug ends with ("LPS100011"), or null when it is no part slug. */
export const skuOfPartSlug = (slug: string): string | null => {
  const match = PART_SLUG.exec(slug);
  return match && slug.length <= 200 ? match[1]!.toUpperCase() : null;
};
