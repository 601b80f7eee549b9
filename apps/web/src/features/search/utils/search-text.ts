import {
  FITS_NAMED_MAX,
  type FitsSummary,
  type LaptopModel,
  type PartCondition,
  type PartNumber,
  type SearchResult,
} from '@shop/shared';
import { formatCount } from '../../../lib/format';

/** "37 parts for “t480 battery”", or "37 parts" when nothing was typed. */
export function partsFound(total: number, q: string) {
  const parts = `${formatCount(total)} ${total === 1 ? 'part' : 'parts'}`;
  return q ? `${parts} for “${q}”` : parts;
}

const CONDITION_LABELS: Record<PartCondition, string> = {
  new: 'New',
  refurbished: 'Refurbished',
  used: 'Used',
  compatible: 'Compatible',
};
export const conditionLabel = (condition: PartCondition) => CONDITION_LABELS[condition];

/** The kinds of number as a card names them, the one a repairer looks for first first. */
const NUMBER_KINDS: Record<PartNumber['kind'], { label: string; rank: number }> = {
  fru: { label: 'FRU', rank: 0 },
  mpn: { label: 'MPN', rank: 1 },
  oem: { label: 'OEM', rank: 2 },
  'cross-reference': { label: 'Part no.', rank: 3 },
};

/**
 * The number a card shows ("FRU 01AV489"): the API lists a part's numbers by kind name, which
 * puts cross-references first, so the card picks by kind (FRU, then MPN, OEM, cross-reference),
 * keeping the API's order within a kind.
 */
export function shownPartNumber(numbers: readonly PartNumber[]) {
  const best = numbers.reduce<PartNumber | undefined>(
    (chosen, number) =>
      chosen && NUMBER_KINDS[chosen.kind].rank <= NUMBER_KINDS[number.kind].rank ? chosen : number,
    undefined,
  );
  return best && { label: NUMBER_KINDS[best.kind].label, number: best.number };
}

/**
 * Every number of a part as its page lists them ("FRU 01AV489", by Lenovo): by kind as a card
 * picks them (FRU, MPN, OEM, cross-reference), the API's order kept within a kind.
 */
export const partNumbersInOrder = (numbers: readonly PartNumber[]) =>
  [...numbers]
    .sort((a, b) => NUMBER_KINDS[a.kind].rank - NUMBER_KINDS[b.kind].rank)
    .map(({ kind, maker, number }) => ({ label: NUMBER_KINDS[kind].label, number, maker }));

/** "165 g", "1,250 g"; nothing for 0 g, the weight of a part nobody weighed (the shop's default). */
export const weightText = (grams: number) => (grams > 0 ? `${formatCount(grams)} g` : null);

/**
 * What the search's answer says a part fits (`fits`: the count and the first models), from
 * every model it fits (`GET /api/tools/{id}/fits`, by brand, then by name, as the search names
 * them): the purchase page says it as a card does.
 */
export const fitsSummaryOf = (models: readonly LaptopModel[]): FitsSummary => ({
  count: models.length,
  models: models
    .slice(0, FITS_NAMED_MAX)
    .map(({ slug, name, brand }) => ({ slug, name, brand: brand.name })),
});

/** "A", "A and B", "A, B and C". */
const joinAnd = (items: string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * What a card says a part fits: "Fits ThinkPad T480, T470 and 3 more". A name that starts with
 * the same word as the one before it drops that word (the family: "ThinkPad", "Latitude"). The
 * "and N more" is returned apart, since the card makes it the button that lists them all.
 */
export function fitsSummary(fits: FitsSummary): { text: string; more: number } | null {
  if (fits.count === 0 || fits.models.length === 0) return null;
  const names = fits.models.map(({ name }, index) => {
    const [family, ...rest] = name.split(' ');
    const previousFamily = fits.models[index - 1]?.name.split(' ')[0];
    return index > 0 && rest.length > 0 && family === previousFamily ? rest.join(' ') : name;
  });
  const more = Math.max(0, fits.count - names.length);
  return {
    text: more > 0 ? `Fits ${names.join(', ')}` : `Fits ${joinAnd(names)}`,
    more,
  };
}

/** A page number, or a gap between two runs of them. */
export type PageItem = number | 'gap';

/**
 * The page numbers a pager shows: every page up to 7, otherwise the first, the last, the
 * current one and its neighbours, with a gap for each run left out (always 7 items, so the
 * pager does not change width as one pages through).
 */
export function pageItems(page: number, pageCount: number): PageItem[] {
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => from + index);
  if (pageCount <= 7) return range(1, pageCount);
  if (page <= 4) return [...range(1, 5), 'gap', pageCount];
  if (page >= pageCount - 3) return [1, 'gap', ...range(pageCount - 4, pageCount)];
  return [1, 'gap', page - 1, page, page + 1, 'gap', pageCount];
}

type FacetValue = SearchResult['facets']['category'][number];

/**
 * A facet's choices as the filter lists them. The chosen value stays listed (with 0) when the
 * words typed since find none of it, so it can still be seen and unchosen.
 */
export function facetChoices(values: readonly FacetValue[], chosen: string | undefined) {
  if (!chosen || values.some((value) => value.value === chosen)) return [...values];
  return [{ value: chosen, label: chosen, count: 0 }, ...values];
}
