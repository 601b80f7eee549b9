import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TOOL_TITLE_MAX, ToolTitleSchema } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { type DemoPart, demoLaptops, demoTools, modelSlug } from './demo-catalogue';
import { demoReviews } from './seed';

/**
 * The units a figure is written in. A unit comes before any shorter one it starts with ("W/mK"
 * before "W", "mAh" before "m"), for the first that fits is taken; "3 cells" reads as "3cell",
 * as "3-cell" does.
 */
const UNITS = [
  'w/mk',
  'mb/s',
  'gb/s',
  'gbps',
  'mbps',
  'cells',
  'cell',
  'nits',
  'mah',
  'ghz',
  'mhz',
  'pin',
  'wh',
  'hz',
  'gb',
  'tb',
  'mm',
  'v',
  'w',
  'a',
  'g',
  'm',
];
const UNIT_AFTER_NUMBER = new RegExp(
  `(\\d)(?:\\s+|-)?(${UNITS.join('|')})(?![a-z0-9]|\\.\\d)`,
  'g',
);

/**
 * A text as the checks compare it: lower case, a figure written one way ("56 Wh", "56Wh" and
 * "56-Wh" are all "56wh"; "15.6″", "15.6-inch" and "15.6in" are all "15.6in"; "1920 × 1080" is
 * "1920x1080"), and a standard joined to its version ("Wi-Fi 6" is "wi-fi-6", "Bluetooth 5.2"
 * is "bt-5.2", "M.2 2230" is "m.2-2230"), so that "Wi-Fi 6" is not found in "Wi-Fi 6E".
 */
function normalised(text: string): string {
  return text
    .toLowerCase()
    .replace(/(\d),(\d{3})(?!\d)/g, '$1$2')
    .replace(/(\d)\s*(?:″|")/g, '$1in')
    .replace(/(\d)(?:\s+|-)inch(?:es)?\b/g, '$1in')
    .replace(/×/g, 'x')
    .replace(/(\d)\s*x\s*(\d)/g, '$1x$2')
    .replace(UNIT_AFTER_NUMBER, (_, digit: string, unit: string) =>
      unit === 'cells' ? `${digit}cell` : `${digit}${unit}`,
    )
    .replace(/\bfull hd\b/g, 'fhd')
    .replace(/\bwi-?fi\b/g, 'wi-fi')
    .replace(/\bbluetooth\b/g, 'bt')
    .replace(/\b(wi-fi|bt|m\.2|pcie|cat|gen)[\s-]+(?=\d)/g, '$1-');
}

/**
 * A text's words (a slash stays only between letters, as in "mb/s": "2.4/5/6" is three
 * words), without the full stop or hyphen that ends a sentence or a range.
 */
const wordsOf = (text: string) =>
  (normalised(text).match(/[a-z0-9](?:[a-z0-9.+-]|\/(?=[a-z]))*/g) ?? []).map((word) =>
    word.replace(/[.+-]+$/, ''),
  );

/** The figures of a text: its words with a digit ("56wh", "wi-fi-6", "m.2-2230", "t480"). */
const figuresOf = (text: string) => [...new Set(wordsOf(text).filter((word) => /\d/.test(word)))];

/**
 * What a text can be checked against: its words, and each part of a hyphenated one, so that
 * "DDR4-3200" also says "ddr4" and "i5-8350U" also says "8350u".
 */
const vocabularyOf = (text: string) =>
  new Set(wordsOf(text).flatMap((word) => [word, ...word.split('-').filter(Boolean)]));

/**
 * Words that tell one variant of a part from another of its kind: a keyboard's layout, a
 * screen's resolution, panel and finish, a drive's or card's interface, and what a tool is.
 * A picture or title that says one of them says it of every part it is shown for.
 */
const VARIANT_WORDS = [
  'us',
  'uk',
  'hd',
  'fhd',
  'qhd',
  'wqhd',
  'uhd',
  'ips',
  'oled',
  'touch',
  'anti-glare',
  'matte',
  'glossy',
  'backlit',
  'nvme',
  'sata',
  'wi-fi',
  'lte',
  'wwan',
  'usb-c',
  'paste',
  'pad',
  'spudger',
  'screwdriver',
  'kit',
];

/** The variant words a text says, one word or its plural ("spudgers" says "spudger"). */
const variantsOf = (text: string) => {
  const said = normalised(text);
  return VARIANT_WORDS.filter((word) =>
    new RegExp(`(?<![a-z0-9])${word.replace(/[.-]/g, '\\$&')}s?(?![a-z0-9])`).test(said),
  );
};

/** The words of a picture a reader is given: its title and description, and the text drawn. */
function pictureText(img: string): string {
  const file = fileURLToPath(new URL(`../../../web/public${img}`, import.meta.url));
  const svg = readFileSync(file, 'utf8');
  return [...svg.matchAll(/<(?:title|desc|text|tspan)\b[^>]*>([^<]*)/g)]
    .map(([, text]) => text!)
    .join(' · ')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** What a buyer reads of a part beside its picture. */
const partText = (part: DemoPart) => `${part.name} · ${part.title} · ${part.description}`;

/** Every laptop model by its slug, with the names buyers know it by. */
const modelNames = new Map(
  demoLaptops.flatMap((brand) =>
    brand.series.flatMap((series) =>
      series.models.map(
        (model) => [modelSlug(brand, model), [model.name, ...model.aliases].join(' · ')] as const,
      ),
    ),
  ),
);

/** What a title may draw on: the name, description, part numbers and the laptops it fits. */
const titleSources = (part: DemoPart) =>
  [
    part.name,
    part.description,
    ...part.partNumbers.map((number) => number.number),
    ...part.fits.map((slug) => modelNames.get(slug)!),
  ].join(' · ');

/** A part number as the shop compares them: letters and digits only, upper case. */
const numberKey = (number: string) => number.toUpperCase().replace(/[^0-9A-Z]/g, '');

/**
 * The part numbers a description cites: after "FRU", "part" or a maker's name, a code of five
 * or more capitals, digits and hyphens with a digit in it ("Lenovo FRU 02DL028", "Dell part
 * 0XJ4M1", "HP KT03XL packs").
 */
const citedNumbers = (description: string) =>
  [
    ...description.matchAll(
      /\b(?:FRU|part|Lenovo|Dell|HP|ASUS)\s+((?=[0-9A-Z-]*\d)[0-9A-Z][0-9A-Z-]{3,}[0-9A-Z])\b/g,
    ),
  ].map(([, number]) => number!);

/**
 * Phrases by which a description offers the buyer something besides the part: each must stand
 * in a sentence that names the catalogue's part it means ("pairs with our DDR4 SO-DIMM 16GB"),
 * for "sold separately" of a part the shop does not sell sends the buyer looking for nothing.
 */
const OFFERS = [
  /\bsold separately\b/i,
  /\bavailable separately\b/i,
  /\balso (?:sold|available|stocked)\b/i,
  /\bour\b/i,
  /\bwe (?:sell|stock|carry)\b/i,
  /\b(?:pairs|goes) (?:well )?with\b/i,
  /\bpair (?:it|them|this) with\b/i,
  /\bsee (?:also|the matching)\b/i,
];

/** The sentences of a description that offer something and name no part of the catalogue. */
function unnamedOffers(description: string, partNames: readonly string[]): string[] {
  const named = partNames.map((name) => name.toLowerCase());
  // A sentence ends at a full stop before a space, not at the one in "11.4 V".
  return description
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => OFFERS.some((offer) => offer.test(sentence)))
    .filter((sentence) => !named.some((name) => sentence.toLowerCase().includes(name)));
}

describe('reading a figure', () => {
  it('reads a figure however it is spaced, and keeps apart what differs', () => {
    expect(figuresOf('Li-ion 6-cell · 11.4V · 56 Wh')).toEqual(['6cell', '11.4v', '56wh']);
    expect(figuresOf('15.6″ · 15.6-inch · 15.6 inch · 15.6in')).toEqual(['15.6in']);
    expect(figuresOf('1920×1080, 1920 x 1080')).toEqual(['1920x1080']);
    expect(figuresOf('a 3-cell pack, three cells of 2 cells')).toEqual(['3cell', '2cell']);
    expect(figuresOf('up to 3,400 MB/s on 2.4/5/6 GHz')).toEqual(['3400mb/s', '2.4', '5', '6ghz']);
    expect(figuresOf('Wi-Fi 6 and Bluetooth 5.2')).toEqual(['wi-fi-6', 'bt-5.2']);
    expect(figuresOf('WiFi 6E, BT 5.3')).toEqual(['wi-fi-6e', 'bt-5.3']);
    expect(figuresOf('M.2 2230 · A+E key')).toEqual(['m.2-2230']);
    expect(figuresOf('M.2 3042 LTE Cat 6')).toEqual(['m.2-3042', 'cat-6']);
    expect(figuresOf('Bluetooth 5.2 M.2 card, a 1.8 m cable')).toEqual(['bt-5.2', 'm.2', '1.8m']);
  });

  it('reads the variant words a text says', () => {
    expect(variantsOf('Laptop keyboard · US layout, USB-C')).toEqual(['us', 'usb-c']);
    expect(variantsOf('Full HD IPS, anti-glare; not backlit')).toEqual([
      'fhd',
      'ips',
      'anti-glare',
      'backlit',
    ]);
    expect(variantsOf('Spudgers & opening picks, thermal pads')).toEqual(['pad', 'spudger']);
  });

  it('reads the part numbers a description cites, and only those', () => {
    expect(
      citedNumbers(
        'Replaces Lenovo FRU 02DL028 and Dell part 0XJ4M1, like HP KT03XL packs; a 65 W Dell 90W unit for the Latitude 5490.',
      ),
    ).toEqual(['02DL028', '0XJ4M1', 'KT03XL']);
  });

  it('finds an offer that names no part, and lets one that names a part stand', () => {
    const names = ['DDR4 SO-DIMM 16GB'];
    expect(unnamedOffers('Fits the T480. The 11.4 V rear pack is sold separately.', names)).toEqual(
      ['The 11.4 V rear pack is sold separately.'],
    );
    expect(unnamedOffers('Pair it with our DDR4 SO-DIMM 16GB. Fits most laptops.', names)).toEqual(
      [],
    );
    expect(
      unnamedOffers('Uses your laptop’s antenna leads. A hinge pair with brackets.', names),
    ).toEqual([]);
  });
});

describe('the demo catalogue, as a buyer reads it', () => {
  const partNames = demoTools.map((part) => part.name);

  it('gives every part a full title of its own, within the limit', () => {
    const wrong = demoTools
      .filter(
        (part) =>
          !ToolTitleSchema.safeParse(part.title).success ||
          part.title.trim() !== part.title ||
          part.title.length === 0 ||
          part.title.length > TOOL_TITLE_MAX ||
          part.title === part.name,
      )
      .map((part) => part.name);
    expect(wrong).toEqual([]);
    expect(new Set(demoTools.map((part) => part.title)).size).toBe(demoTools.length);
  });

  it("shows every part a picture whose figures are the part's own", () => {
    const untrue = demoTools.flatMap((part) => {
      const own = vocabularyOf(partText(part));
      return figuresOf(pictureText(String(part.img)))
        .filter((figure) => !own.has(figure))
        .map((figure) => `${part.name}: ${part.img} says ${figure}`);
    });
    expect(untrue).toEqual([]);
  });

  it('shows every part a picture that names no variant the part is not', () => {
    const untrue = demoTools.flatMap((part) => {
      const own = variantsOf(partText(part));
      return variantsOf(pictureText(String(part.img)))
        .filter((word) => !own.includes(word))
        .map((word) => `${part.name}: ${part.img} says ${word}`);
    });
    expect(untrue).toEqual([]);
  });

  it('titles every part with only what its name, description, numbers and laptops say', () => {
    const untrue = demoTools.flatMap((part) => {
      const sources = titleSources(part);
      const own = vocabularyOf(sources);
      const variants = variantsOf(sources);
      return [
        ...figuresOf(part.title).filter((figure) => !own.has(figure)),
        ...variantsOf(part.title).filter((word) => !variants.includes(word)),
      ].map((said) => `${part.name}: its title says ${said}`);
    });
    expect(untrue).toEqual([]);
  });

  it('offers the buyer, besides the part, only parts the shop carries, by their name', () => {
    const unnamed = demoTools.flatMap((part) =>
      unnamedOffers(part.description, partNames).map((sentence) => `${part.name}: ${sentence}`),
    );
    expect(unnamed).toEqual([]);
  });

  it('cites in a description only part numbers a search of the shop finds', () => {
    const carried = new Set(
      demoTools.flatMap((part) => part.partNumbers.map((number) => numberKey(number.number))),
    );
    const unknown = demoTools.flatMap((part) =>
      citedNumbers(part.description)
        .filter((number) => !carried.has(numberKey(number)))
        .map((number) => `${part.name}: ${number}`),
    );
    expect(unknown).toEqual([]);
  });

  it('reviews only parts the shop sells', () => {
    expect(
      demoReviews.map((review) => review.review).filter((name) => !partNames.includes(name)),
    ).toEqual([]);
  });
});
