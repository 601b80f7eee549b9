import {
  formatMoney,
  isInStock,
  type LaptopPage,
  type LaptopRef,
  laptopPage,
  normalisePartNumber,
  type PartCondition,
  type PartPage,
  partPage,
  SHOP_CURRENCY,
} from '@shop/shared';
import { html, raw } from 'hono/html';
import type {
  BreadcrumbList,
  ItemAvailability,
  OfferItemCondition,
  Product,
  WithContext,
} from 'schema-dts';

/** The shop's name, as index.html titles every other page. */
const SHOP_NAME = 'Laptop Parts Shop';

/** The search page listing one part type (its filter), where a part's breadcrumb leads. */
const partTypePath = (category: string) => `/search?${new URLSearchParams({ category })}`;

/** schema.org's words for a part's condition; a compatible part is a new one of another maker. */
const ITEM_CONDITION: Record<PartCondition, OfferItemCondition> = {
  new: 'https://schema.org/NewCondition',
  compatible: 'https://schema.org/NewCondition',
  refurbished: 'https://schema.org/RefurbishedCondition',
  used: 'https://schema.org/UsedCondition',
};

/** What a search engine shows under the title: at most about 155 characters, cut at a word. */
function shortened(text: string, limit = 155) {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), limit / 2))}…`;
}

/**
 * JSON in a script that never runs, each `<` escaped so no text of the data can close it: safe
 * as it is, so `raw` (hono's `html` would escape its quotes as text).
 */
const jsonLd = (data: object) =>
  html`<script type="application/ld+json">
    ${raw(JSON.stringify(data).replace(/</g, '\\u003c'))}
  </script>`;

interface HeadOptions {
  title: string;
  description: string;
  /** The page's own absolute URL. */
  url: string;
  /** An absolute URL of its picture, for link previews. */
  image?: string;
  type: 'product' | 'website';
  structuredData: object[];
}

/** The `<head>` tags of one page: its title, description, canonical URL, link previews and structured data. */
function headTags({ title, description, url, image, type, structuredData }: HeadOptions) {
  const fullTitle = `${title} | ${SHOP_NAME}`;
  return html`<title>${fullTitle}</title>
    <meta name="description" content="${description}" />
    <link rel="canonical" href="${url}" />
    <meta property="og:site_name" content="${SHOP_NAME}" />
    <meta property="og:type" content="${type}" />
    <meta property="og:title" content="${title}" />
    <meta property="og:description" content="${description}" />
    <meta property="og:url" content="${url}" />
    ${image ? html`<meta property="og:image" content="${image}" />` : ''}
    <meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />
    <meta name="twitter:title" content="${title}" />
    <meta name="twitter:description" content="${description}" />
    ${image ? html`<meta name="twitter:image" content="${image}" />` : ''}
    ${structuredData.map(jsonLd)}`.toString();
}

/** A breadcrumb trail as schema.org lists it: each step but the page itself links somewhere. */
function breadcrumbs(steps: { name: string; url: string }[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

const modelName = (model: LaptopRef) => `${model.brand} ${model.name}`;

/** "Fits Lenovo ThinkPad T480, T470 and 12 more laptops." */
function fitsText(fits: readonly LaptopRef[]) {
  if (fits.length === 0) return '';
  const named = fits.slice(0, 3).map(modelName);
  const more = fits.length - named.length;
  return more > 0
    ? `Fits ${named.join(', ')} and ${more} more.`
    : `Fits ${named.slice(0, -1).join(', ')}${named.length > 1 ? ' and ' : ''}${named.at(-1)}.`;
}

/** A part's pictures, absolute: its uploaded images in order, else the picture typed by hand. */
const pictures = ({ part, images }: PartPage, publicUrl: string) =>
  (images.length > 0 ? images.map((image) => image.src) : [part.img]).map(
    (src) => new URL(src, publicUrl).href,
  );

/**
 * The Product a part's page describes, with what Google's merchant listings require and
 * recommend: name, image, description, SKU, MPN, brand, the offer (price, currency,
 * availability, condition, URL) and every laptop it is a spare part for.
 */
export function partProduct(page: PartPage, pageUrl: string, publicUrl: string) {
  const { part, fits } = page;
  const mpn = part.partNumbers.find((number) => number.kind === 'mpn')?.number;
  const inStock = isInStock(part);
  const availability: ItemAvailability = inStock
    ? 'https://schema.org/InStock'
    : 'https://schema.org/OutOfStock';
  const product: WithContext<Product> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: part.title,
    description: part.description,
    image: pictures(page, publicUrl),
    sku: part.sku,
    ...(mpn ? { mpn } : {}),
    brand: { '@type': 'Brand', name: part.brand },
    category: part.category.name,
    url: pageUrl,
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      price: part.price.toFixed(2),
      priceCurrency: SHOP_CURRENCY,
      availability,
      itemCondition: ITEM_CONDITION[part.condition],
    },
    isAccessoryOrSparePartFor: fits.map((model) => ({
      '@type': 'Product',
      name: modelName(model),
      url: `${publicUrl}${laptopPage(model.slug)}`,
    })),
  };
  return product;
}

/** The head of a part's page (`/parts/{slug}`). */
export function partHead(page: PartPage, publicUrl: string) {
  const { part, fits } = page;
  const url = `${publicUrl}${partPage(page.slug)}`;
  const inStock = isInStock(part);
  const description = shortened(
    `${part.name}: ${part.condition} ${part.category.name.toLowerCase()} by ${part.brand}, ` +
      `${formatMoney(part.price)}, ${inStock ? 'in stock' : 'out of stock'}. ${fitsText(fits)} ` +
      `SKU ${part.sku}.`,
  );
  return headTags({
    title: part.title,
    description,
    url,
    image: pictures(page, publicUrl)[0],
    type: 'product',
    structuredData: [
      partProduct(page, url, publicUrl),
      breadcrumbs([
        { name: 'Home', url: `${publicUrl}/` },
        {
          name: part.category.name,
          url: `${publicUrl}${partTypePath(part.category.slug)}`,
        },
        { name: part.title, url },
      ]),
    ],
  });
}

/** The head of a laptop model's page (`/laptops/{slug}`). */
export function laptopHead({ model, groups }: LaptopPage, publicUrl: string) {
  const url = `${publicUrl}${laptopPage(model.slug)}`;
  const name = `${model.brand.name} ${model.name}`;
  const count = groups.reduce((sum, group) => sum + group.items.length, 0);
  const types = groups.map((group) => group.category.name.toLowerCase());
  // Its other names, as its page tells them: those its name does not already say.
  const aliases = model.aliases.filter(
    (alias) => !normalisePartNumber(model.name).includes(normalisePartNumber(alias)),
  );
  const description = shortened(
    count === 0
      ? `Parts for the ${name}: new parts arrive every week at ${SHOP_NAME}.`
      : `${count} ${count === 1 ? 'part' : 'parts'} for the ${name}` +
          `${aliases.length > 0 ? ` (${aliases.join(', ')})` : ''}: ` +
          `${types.join(', ')}. Shipped all over the world.`,
  );
  const home = `${publicUrl}/`;
  return headTags({
    title: `Parts for ${name}`,
    description,
    url,
    type: 'website',
    structuredData: [
      breadcrumbs([
        { name: 'Home', url: home },
        {
          name: model.brand.name,
          url: `${home}?${new URLSearchParams({ brand: model.brand.slug })}`,
        },
        {
          name: model.series.name,
          url: `${home}?${new URLSearchParams({ brand: model.brand.slug, series: model.series.slug })}`,
        },
        { name: model.name, url },
      ]),
    ],
  });
}

/** The head of a page that names nothing the shop has: no title of its own, and not to be indexed. */
export const missingHead = () =>
  html`<title>Page not found | ${SHOP_NAME}</title>
    <meta name="robots" content="noindex" />`.toString();
