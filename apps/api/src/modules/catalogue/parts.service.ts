import {
  type LaptopRef,
  messages,
  PART_PAGE_REVIEWS,
  type PartPage,
  partSlug,
  type Review,
  skuOfPartSlug,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { type ImageRow, type ImagesService, toPartImage } from './images/images.service';
import { type PartRow, partFields, toPart } from './part-fields';

export function createPartsService(
  db: Kysely<Database>,
  { images }: { images: Pick<ImagesService, 'imagesColumn'> },
) {
  return {
    /**
     * `GET /api/parts/{slug}`: a part's public page. The slug's last word is the part's SKU
     * normalised, which finds it (the index of migration 0022); the words before it are its
     * name's when the slug was made, so a renamed part is still found by an old link, and the
     * answer names the slug its page now lives at. Parts whose SKUs differ only by punctuation
     * ("AB.1", "AB-1") are told apart by their names.
     */
    async page(slug: string): Promise<PartPage> {
      const sku = skuOfPartSlug(slug);
      if (!sku) throw notFound('Part');
      const rows = (await db
        .selectFrom('tools')
        .selectAll()
        .select(partFields)
        .select(
          sql<LaptopRef[]>`coalesce((select json_agg(json_build_object('slug', m.slug,
              'name', m.name, 'brand', b.name) order by b.name, m.name, m.slug)
            from fitment f
            join laptop_models m on m.id = f.model_id
            join laptop_series s on s.id = m.series_id
            join laptop_brands b on b.id = s.brand_id
            where f.tool_id = tools.id), '[]'::json)`.as('fits_all'),
        )
        // In the same statement: a page is one round trip.
        .select(images.imagesColumn(sql.ref('tools.id')).as('images'))
        .select(
          sql<Review[]>`coalesce((select json_agg(json_build_object('_id', r.id,
              'review', r.review, 'description', r.description, 'img', r.img, 'name', r.name,
              'location', r.location) order by r.created_at desc, r.id)
            from (select * from reviews
              where lower(btrim(review)) = lower(btrim(tools.name))
              order by created_at desc, id limit ${PART_PAGE_REVIEWS}) r), '[]'::json)`.as(
            'reviews',
          ),
        )
        .where(sql<string>`shop_normalised_number(sku)`, '=', sku)
        .orderBy(sql`retired_at is not null`)
        .orderBy('created_at')
        .orderBy('id')
        .execute()) as (PartRow & {
        fits_all: LaptopRef[];
        images: ImageRow[];
        reviews: Review[];
      })[];
      const row = rows.find((part) => partSlug(part.name, part.sku) === slug) ?? rows[0];
      if (!row) throw notFound('Part');
      if (row.retired_at) throw new AppError('GONE', messages.failure.partRetired);
      return {
        part: toPart(row),
        slug: partSlug(row.name, row.sku),
        fits: row.fits_all,
        images: row.images.map(toPartImage),
        reviews: row.reviews,
      };
    },
  };
}

export type PartsService = ReturnType<typeof createPartsService>;
