import type { LaptopModel } from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** A laptop model's row as `modelsOf` reads it. */
export interface ModelRow {
  slug: string;
  name: string;
  brand_slug: string;
  brand_name: string;
  series_slug: string;
  series_name: string;
  aliases: string[];
}

export const toModel = (row: ModelRow): LaptopModel => ({
  slug: row.slug,
  name: row.name,
  brand: { slug: row.brand_slug, name: row.brand_name },
  series: { slug: row.series_slug, name: row.series_name },
  aliases: row.aliases,
});

/** Models with their series, brand and aliases (by alias), as `LaptopModel` needs them. */
export const modelsOf = (db: Kysely<Database>) =>
  db
    .selectFrom('laptop_models as m')
    .innerJoin('laptop_series as s', 's.id', 'm.series_id')
    .innerJoin('laptop_brands as b', 'b.id', 's.brand_id')
    .select([
      'm.id',
      'm.slug',
      'm.name',
      'b.slug as brand_slug',
      'b.name as brand_name',
      's.slug as series_slug',
      's.name as series_name',
      sql<string[]>`coalesce((select json_agg(a.alias order by a.normalised)
        from model_aliases a where a.model_id = m.id), '[]'::json)`.as('aliases'),
    ]);
