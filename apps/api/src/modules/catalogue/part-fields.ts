import {
  centsToDollars,
  FITS_NAMED_MAX,
  type FitsSummary,
  type LaptopRef,
  type ListedTool,
  type Part,
  type PartNumber,
  type Tool,
  titleOf,
} from '@shop/shared';
import { sql } from 'kysely';
import type { ToolRow } from '../../db/schema';

/*
 * A part's rows to the API's words, and the columns that carry them: subqueries of the one
 * statement that reads the tools (`from tools`), lent to the modules that list parts (search,
 * laptops' model pages) through the catalogue's index.
 */

/**
 * What the catalogue shows of a tool besides its own row (migration 0021): its part type and its
 * part numbers, each a subquery of the one statement that reads the tool.
 */
export const catalogueFields = [
  sql<Tool['category']>`(select json_build_object('slug', c.slug, 'name', c.name)
    from categories c where c.id = tools.category_id)`.as('category'),
  sql<PartNumber[]>`coalesce((select json_agg(json_build_object('kind', p.kind, 'maker', p.maker,
      'number', p.number) order by p.kind, p.normalised)
    from part_numbers p where p.tool_id = tools.id), '[]'::json)`.as('part_numbers'),
];

/** A tool's row with its catalogue fields. */
export type CatalogueRow = ToolRow & { category: Tool['category']; part_numbers: PartNumber[] };

export function toTool(row: CatalogueRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    title: titleOf(row),
    img: row.img,
    description: row.description,
    minOrderQuantity: row.min_order_quantity,
    availableQuantity: row.available_quantity,
    price: centsToDollars(row.price_cents),
    sku: row.sku,
    category: row.category,
    brand: row.brand,
    condition: row.condition,
    weightGrams: row.weight_grams,
    shippingClass: row.shipping_class,
    partNumbers: row.part_numbers,
  };
}

/**
 * How many laptop models a tool fits, a subquery of the statement that reads a page of tools
 * (the fitment's primary key starts with the tool): Manage Tools' "Fits N models".
 */
export const fitsCountField = sql<number>`(select count(*)::int from fitment f
  where f.tool_id = tools.id)`.as('fits_count');

export const toListedTool = (row: CatalogueRow & { fits_count: number }): ListedTool => ({
  ...toTool(row),
  fitsCount: row.fits_count,
});

/**
 * What search results, model pages and cards show of a part besides the tool itself: how many
 * models it fits and the first few by brand and name. Subqueries of the statement that reads
 * the tools (`from tools`), so a page of parts is one statement.
 */
export const partFields = [
  ...catalogueFields,
  fitsCountField,
  sql<LaptopRef[]>`coalesce((select json_agg(json_build_object('slug', named.slug,
      'name', named.name, 'brand', named.brand) order by named.brand, named.name)
    from (select m.slug, m.name, b.name as brand
      from fitment f
      join laptop_models m on m.id = f.model_id
      join laptop_series s on s.id = m.series_id
      join laptop_brands b on b.id = s.brand_id
      where f.tool_id = tools.id
      order by b.name, m.name
      limit ${sql.lit(FITS_NAMED_MAX)}) as named), '[]'::json)`.as('fits_named'),
];

export type PartRow = CatalogueRow & { fits_count: number; fits_named: LaptopRef[] };

export function toPart(row: PartRow): Part {
  const fits: FitsSummary = { count: row.fits_count, models: row.fits_named };
  return { ...toTool(row), fits };
}
