import type { Country } from '@shop/shared';

/** Folds accents and case away: "Åland" is found by "aland". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The countries a typed text names: its code exactly first ("NO"), then those whose name starts
 * with it, then those with a word that starts with it ("guinea" finds Papua New Guinea).
 */
export function matchingCountries(countries: readonly Country[], typed: string): Country[] {
  const text = fold(typed.trim());
  if (!text) return [];
  const code = countries.filter((country) => country.code.toLowerCase() === text);
  const starts = countries.filter(
    (country) => !code.includes(country) && fold(country.name).startsWith(text),
  );
  const words = countries.filter(
    (country) =>
      !code.includes(country) &&
      !starts.includes(country) &&
      fold(country.name)
        .split(/[\s(),.-]+/)
        .some((word) => word.startsWith(text)),
  );
  return [...code, ...starts, ...words];
}
