import { CATALOGUE_COLUMNS, centsToDollars } from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';
import { csvLines, headerLine, listCell } from './catalogue-csv';

const COLUMNS = CATALOGUE_COLUMNS.parts;

/** Parts read per statement of an export. */
const EXPORT_BATCH = 1000;

/**
 * The parts on sale as a parts file, by SKU, a batch of parts per statement (keyset on the
 * SKU's unique index): numbers by kind, then number; fits by brand, then model.
 */
export async function* exportParts(db: Kysely<Database>): AsyncGenerator<string> {
  yield headerLine(COLUMNS);
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .selectFrom('tools')
      .innerJoin('categories', 'categories.id', 'tools.category_id')
      .select([
        'tools.sku',
        'tools.name',
        'tools.title',
        'categories.slug as category',
        'tools.brand',
        'tools.condition',
        'tools.price_cents',
        'tools.min_order_quantity',
        'tools.available_quantity',
        'tools.weight_grams',
        'tools.shipping_class',
        'tools.description',
        'tools.img',
        sql<string[]>`coalesce((select json_agg(p.kind || ':' || p.number
            order by p.kind, p.normalised)
          from part_numbers p where p.tool_id = tools.id), '[]'::json)`.as('numbers'),
        sql<string[]>`coalesce((select json_agg(b.name || ' ' || m.name order by b.name, m.name)
          from fitment f
          join laptop_models m on m.id = f.model_id
          join laptop_series s on s.id = m.series_id
          join laptop_brands b on b.id = s.brand_id
          where f.tool_id = tools.id), '[]'::json)`.as('fits'),
        sql<string>`upper(tools.sku)`.as('sku_key'),
      ])
      .where('tools.retired_at', 'is', null)
      .$if(after !== undefined, (query) => query.where(sql<string>`upper(tools.sku)`, '>', after!))
      .orderBy(sql`upper(tools.sku)`)
      .limit(EXPORT_BATCH)
      .execute();
    if (rows.length === 0) return;
    yield csvLines(
      rows.map((row) => [
        { text: row.sku },
        { text: row.name },
        { text: row.title },
        { text: row.category },
        { text: row.brand },
        { text: row.condition },
        { number: centsToDollars(row.price_cents) },
        { number: row.min_order_quantity },
        { number: row.available_quantity },
        { number: row.weight_grams },
        { text: row.shipping_class },
        { text: row.description },
        { text: row.img },
        { text: listCell(row.numbers) },
        { text: listCell(row.fits) },
      ]),
    );
    if (rows.length < EXPORT_BATCH) return;
    after = rows.at(-1)!.sku_key;
  }
}
