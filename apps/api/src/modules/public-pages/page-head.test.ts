import type { LaptopPage, PartPage } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { laptopHead, missingHead, partHead } from './page-head';

const PUBLIC_URL = 'https://shop.example';

const part = (changes: Partial<PartPage['part']> = {}): PartPage => ({
  slug: 't480-battery-24wh-lps100011',
  part: {
    _id: '0b7f4c1e-7d43-4a57-9a41-2f0f7f0e2a11',
    name: 'T480 Battery 24Wh',
    title: 'Lenovo ThinkPad T480 Internal Battery 24Wh 3-cell',
    img: '/images/tools/laptop-battery.svg',
    description: 'Genuine Lenovo 3-cell internal battery.',
    minOrderQuantity: 1,
    availableQuantity: 12,
    price: 54.5,
    sku: 'LPS-100011',
    category: { slug: 'battery', name: 'Batteries' },
    brand: 'Lenovo',
    condition: 'refurbished',
    weightGrams: 245,
    shippingClass: 'lithium_battery',
    partNumbers: [
      { kind: 'fru', maker: 'Lenovo', number: '01AV419' },
      { kind: 'mpn', maker: 'Lenovo', number: 'SB10K97576' },
    ],
    fits: { count: 2, models: [] },
    ...changes,
  },
  fits: [
    { slug: 'lenovo-thinkpad-t470', name: 'ThinkPad T470', brand: 'Lenovo' },
    { slug: 'lenovo-thinkpad-t480', name: 'ThinkPad T480', brand: 'Lenovo' },
  ],
  images: [],
  reviews: [],
});

/** A JSON-LD object as the tests read it. */
interface StructuredData {
  [property: string]: unknown;
  name: string;
  description: string;
  image: string[];
  offers: { availability: string };
}

/** The head's tags as a search engine reads them. */
function read(head: string) {
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const meta = (key: string) => {
    const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(head);
    return match ? decode(match[1]!) : undefined;
  };
  const scripts = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
    meta,
    data: scripts.map(([, json]) => JSON.parse(json!) as StructuredData),
  };
}

describe("a part's page head", () => {
  it("carries the Product Google's merchant listings ask for, with the API's values", () => {
    const { data, canonical, title } = read(partHead(part(), PUBLIC_URL));
    const url = `${PUBLIC_URL}/parts/t480-battery-24wh-lps100011`;
    expect(title).toBe('Lenovo ThinkPad T480 Internal Battery 24Wh 3-cell | Laptop Parts Shop');
    expect(canonical).toBe(url);
    expect(data[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Lenovo ThinkPad T480 Internal Battery 24Wh 3-cell',
      description: 'Genuine Lenovo 3-cell internal battery.',
      image: [`${PUBLIC_URL}/images/tools/laptop-battery.svg`],
      sku: 'LPS-100011',
      mpn: 'SB10K97576',
      brand: { '@type': 'Brand', name: 'Lenovo' },
      category: 'Batteries',
      url,
      offers: {
        '@type': 'Offer',
        url,
        price: '54.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/RefurbishedCondition',
      },
      isAccessoryOrSparePartFor: [
        {
          '@type': 'Product',
          name: 'Lenovo ThinkPad T470',
          url: `${PUBLIC_URL}/laptops/lenovo-thinkpad-t470`,
        },
        {
          '@type': 'Product',
          name: 'Lenovo ThinkPad T480',
          url: `${PUBLIC_URL}/laptops/lenovo-thinkpad-t480`,
        },
      ],
    });
    expect(data[1]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Batteries',
          item: `${PUBLIC_URL}/search?category=battery`,
        },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Lenovo ThinkPad T480 Internal Battery 24Wh 3-cell',
          item: url,
        },
      ],
    });
  });

  it.each([
    [0, 1],
    [4, 5],
  ])('is out of stock with %i left of a minimum order of %i', (available, minimum) => {
    const head = partHead(
      part({ availableQuantity: available, minOrderQuantity: minimum }),
      PUBLIC_URL,
    );
    const { data, meta } = read(head);
    expect(data[0]!.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(meta('description')).toContain('out of stock');
  });

  it('is in stock with exactly its minimum order left', () => {
    const { data } = read(
      partHead(part({ availableQuantity: 5, minOrderQuantity: 5 }), PUBLIC_URL),
    );
    expect(data[0]!.offers.availability).toBe('https://schema.org/InStock');
  });

  it('leaves out the MPN of a part that has none, and keeps an absolute picture as it is', () => {
    const { data, meta } = read(
      partHead(part({ partNumbers: [], img: 'https://images.example/battery.jpg' }), PUBLIC_URL),
    );
    expect(data[0]).not.toHaveProperty('mpn');
    expect(data[0]!.image).toEqual(['https://images.example/battery.jpg']);
    expect(meta('og:image')).toBe('https://images.example/battery.jpg');
    expect(meta('twitter:card')).toBe('summary_large_image');
  });

  it('names the uploaded images, in order, rather than the picture typed by hand', () => {
    const image = (hash: string) => ({
      id: '6f1c4a52-3a3e-4c3e-8d59-0b0c0f3e2a11',
      position: 1,
      alt: 'The battery',
      width: 1600,
      height: 1200,
      src: `/images/parts/${hash}-1600.jpg`,
      sources: [],
    });
    const { data, meta } = read(
      partHead({ ...part(), images: [image('aa'), image('bb')] }, PUBLIC_URL),
    );
    expect(data[0]!.image).toEqual([
      `${PUBLIC_URL}/images/parts/aa-1600.jpg`,
      `${PUBLIC_URL}/images/parts/bb-1600.jpg`,
    ]);
    expect(meta('og:image')).toBe(`${PUBLIC_URL}/images/parts/aa-1600.jpg`);
  });

  it('gives link previews their title, description, address and picture', () => {
    const { meta } = read(partHead(part(), PUBLIC_URL));
    expect(meta('og:type')).toBe('product');
    expect(meta('og:title')).toBe('Lenovo ThinkPad T480 Internal Battery 24Wh 3-cell');
    expect(meta('og:url')).toBe(`${PUBLIC_URL}/parts/t480-battery-24wh-lps100011`);
    expect(meta('og:image')).toBe(`${PUBLIC_URL}/images/tools/laptop-battery.svg`);
    expect(meta('twitter:title')).toBe('Lenovo ThinkPad T480 Internal Battery 24Wh 3-cell');
    expect(meta('description')).toBe(
      'T480 Battery 24Wh: refurbished batteries by Lenovo, $ 54.50, in stock. Fits Lenovo ' +
        'ThinkPad T470 and Lenovo ThinkPad T480. SKU LPS-100011.',
    );
    expect(meta('og:description')).toBe(meta('description'));
  });

  it('keeps a long description to what a search engine shows, cut at a word', () => {
    const { meta } = read(
      partHead(part({ name: `Battery ${'extra-long-name '.repeat(20)}` }), PUBLIC_URL),
    );
    const description = meta('description')!;
    expect(description.length).toBeLessThanOrEqual(155);
    expect(description).toMatch(/-name…$/);
  });

  it('keeps text a part was named with inside its tags and its structured data', () => {
    const name = '</script><script>alert(1)</script> "Battery" <b>';
    const head = partHead(part({ title: name, description: '</script>' }), PUBLIC_URL);
    expect(head).not.toContain('<script>alert(1)');
    expect(head).not.toContain('<b>');
    const { data, title, meta } = read(head);
    expect(data[0]!.name).toBe(name);
    expect(data[0]!.description).toBe('</script>');
    expect(title).toBe(`${name} | Laptop Parts Shop`);
    expect(meta('og:title')).toBe(name);
  });
});

describe("a laptop model's page head", () => {
  const laptop: LaptopPage = {
    model: {
      slug: 'lenovo-thinkpad-t480',
      name: 'ThinkPad T480',
      aliases: ['20L5', '20L6', 'T480'],
      brand: { slug: 'lenovo', name: 'Lenovo' },
      series: { slug: 'thinkpad-t', name: 'ThinkPad T-series' },
    } as LaptopPage['model'],
    groups: [
      { category: { slug: 'battery', name: 'Batteries' }, items: [part().part, part().part] },
      { category: { slug: 'screen', name: 'Screens' }, items: [part().part] },
    ],
  };

  it('names the model, its other names and its parts, with a breadcrumb to its series', () => {
    const { title, canonical, meta, data } = read(laptopHead(laptop, PUBLIC_URL));
    const url = `${PUBLIC_URL}/laptops/lenovo-thinkpad-t480`;
    expect(title).toBe('Parts for Lenovo ThinkPad T480 | Laptop Parts Shop');
    expect(canonical).toBe(url);
    expect(meta('description')).toBe(
      '3 parts for the Lenovo ThinkPad T480 (20L5, 20L6): batteries, screens. Shipped all over the world.',
    );
    expect(meta('og:type')).toBe('website');
    expect(meta('twitter:card')).toBe('summary');
    expect(data).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
          {
            '@type': 'ListItem',
            position: 2,
            name: 'Lenovo',
            item: `${PUBLIC_URL}/?brand=lenovo`,
          },
          {
            '@type': 'ListItem',
            position: 3,
            name: 'ThinkPad T-series',
            item: `${PUBLIC_URL}/?brand=lenovo&series=thinkpad-t`,
          },
          { '@type': 'ListItem', position: 4, name: 'ThinkPad T480', item: url },
        ],
      },
    ]);
  });

  it('says so when the model has no parts yet', () => {
    const { meta } = read(laptopHead({ ...laptop, groups: [] }, PUBLIC_URL));
    expect(meta('description')).toBe(
      'Parts for the Lenovo ThinkPad T480: new parts arrive every week at Laptop Parts Shop.',
    );
  });
});

it('keeps a missing page out of the index', () => {
  expect(missingHead()).toContain('<meta name="robots" content="noindex" />');
});
