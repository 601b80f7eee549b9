import { type SearchResult, SearchResultSchema } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoTools } from '../../db/demo-catalogue';
import { describeEachDatabase } from '../../test/databases';
import { type TestApp, createTestApp } from '../../test/test-app';

/**
 * The hyphenated words of the demo parts' names and descriptions ("Wi-Fi", "USB-C"), read
 * from the catalogue so that a new part's words are searched too. A numeric range ("5-20 V")
 * is no word: only words with a letter.
 */
const hyphenatedWords = [
  ...new Map(
    demoTools
      .flatMap(
        (part) =>
          `${part.name} ${part.description}`.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu) ?? [],
      )
      .filter((word) => /\p{L}/u.test(word))
      .map((word) => [word.toLowerCase(), word] as const),
  ).values(),
];

/** A text's words with their hyphens taken out, lower case: "Wi-Fi 6" -> wifi, 6. */
const joinedWords = (text: string) =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? []).map((word) =>
    word.replaceAll('-', ''),
  );

/** Searching a hyphenated word of the catalogue, or it joined (issue point 15). */
describeEachDatabase('GET /api/search with hyphenated words', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: true });
  });
  afterAll(() => app.close());

  const search = async (q: string): Promise<SearchResult> => {
    const response = await app.request(`/api/search?${new URLSearchParams({ q })}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return SearchResultSchema.parse(await response.json());
  };

  it('reads the catalogue’s hyphenated words', () => {
    expect(hyphenatedWords).toEqual(expect.arrayContaining(['USB-C', 'Wi-Fi', 'SO-DIMM']));
  });

  it.each(hyphenatedWords)(
    '%j, hyphenated or joined, finds a part holding it first',
    async (word) => {
      const joined = word.replaceAll('-', '').toLowerCase();
      for (const spelling of [word, word.toLowerCase(), word.toUpperCase(), joined]) {
        const first = (await search(spelling)).items[0];
        expect(first, spelling).toBeDefined();
        expect(joinedWords(`${first!.name} ${first!.description}`), spelling).toContain(joined);
      }
    },
  );

  it.each(['usb-c 65w', 'usb-c 65', 'USB-C 65W', 'usbc 65w', 'usbc 65', '65w usb-c'])(
    '%j lists the 65 W USB-C chargers first',
    async (q) => {
      const result = await search(q);
      expect(result.items.length).toBeGreaterThanOrEqual(3);
      // The parts holding both words, and only those, before any other.
      const both = (name: string) => /usb-c/i.test(name) && /\b65\s?w\b/i.test(name);
      const names = result.items.map((item) => item.name);
      const holding = names.filter(both).length;
      expect(holding, names.join(', ')).toBeGreaterThanOrEqual(3);
      expect(names.slice(0, holding).every(both), names.join(', ')).toBe(true);
    },
  );

  it.each(['wifi', 'wi-fi', 'Wi-Fi', 'WIFI', 'wifi 6', 'wi-fi 6'])(
    '%j finds "Wi-Fi 6 M.2 Card" first',
    async (q) => {
      const result = await search(q);
      expect(result.items[0]?.name).toBe('Wi-Fi 6 M.2 Card');
    },
  );
});
