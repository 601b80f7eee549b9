import { FITS_NAMED_MAX, type FitsSummary, type LaptopRef, type Part } from '@shop/shared';
import { sql } from 'kysely';
import { type CatalogueRow, catalogueFields, fitsCountField, toTool } from '../tools/tools.service';

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
