import {
  centsToDollars,
  dollarsToCents,
  type ListedTool,
  messages,
  type PartNumber,
  type Tool,
  type PartFieldsInput,
  type PicturedToolInput,
  type ToolInput,
  type ToolListQuery,
  type ToolUpdate,
  titleOf,
} from '@shop/shared';
import { hash as digest } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { compileOnce } from '../../db/compile-once';
import { containing } from '../../db/like-pattern';
import type { Database, ToolRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors';
import type { ImagesService } from '../images/images.service';
import { createCatalogueCache } from './catalogue-cache';

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

const toListedTool = (row: CatalogueRow & { fits_count: number }): ListedTool => ({
  ...toTool(row),
  fitsCount: row.fits_count,
});

/** A second tool with the same SKU, whatever its case (the unique index of migration 0021). */
const isSkuTaken = (error: unknown) => isUniqueViolation(error, 'tools_sku_key');

/** The part type's id for its slug; an unknown slug is refused by name. */
async function categoryIdOf(trx: Transaction<Database>, slug: string | undefined) {
  if (slug === undefined) return undefined;
  const category = await trx
    .selectFrom('categories')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (category) return category.id;
  const message = messages.catalogue.unknownCategory(slug);
  throw new AppError('VALIDATION_FAILED', message, { category: [message] });
}

/** The laptop models' ids for their slugs; every unknown slug is named, nothing is written. */
async function modelIdsOf(trx: Transaction<Database>, slugs: string[] | undefined) {
  if (slugs === undefined) return undefined;
  if (slugs.length === 0) return [];
  const models = await trx
    .selectFrom('laptop_models')
    .select(['id', 'slug'])
    .where('slug', 'in', slugs)
    .execute();
  const known = new Set(models.map((model) => model.slug));
  const unknown = slugs.filter((slug) => !known.has(slug));
  if (unknown.length === 0) return models.map((model) => model.id);
  const message = messages.catalogue.unknownModels(unknown);
  throw new AppError('VALIDATION_FAILED', message, { fits: [message] });
}

/** The tool's columns of the parts catalogue that a write sets; what is not sent stays. */
const partColumns = (fields: PartFieldsInput, categoryId: string | undefined) => ({
  sku: fields.sku,
  category_id: categoryId,
  brand: fields.brand,
  condition: fields.condition,
  weight_grams: fields.weightGrams,
  shipping_class: fields.shippingClass,
});

/** Replaces the part's numbers and the models it fits, each set only when it was sent. */
async function replaceSets(
  trx: Transaction<Database>,
  toolId: string,
  partNumbers: PartFieldsInput['partNumbers'],
  modelIds: string[] | undefined,
) {
  if (partNumbers !== undefined) {
    await trx.deleteFrom('part_numbers').where('tool_id', '=', toolId).execute();
    if (partNumbers.length > 0) {
      await trx
        .insertInto('part_numbers')
        .values(partNumbers.map((part) => ({ tool_id: toolId, ...part })))
        .execute();
    }
  }
  if (modelIds !== undefined) {
    await trx.deleteFrom('fitment').where('tool_id', '=', toolId).execute();
    if (modelIds.length > 0) {
      await trx
        .insertInto('fitment')
        .values(modelIds.map((modelId) => ({ tool_id: toolId, model_id: modelId })))
        .execute();
    }
  }
}

/** How many of the sequence's SKUs a new tool without one tries (admins may have taken some). */
const DEFAULT_SKU_ATTEMPTS = 20;

/**
 * A write refused for the SKU it gives answers 409 naming it. One that gave none met a SKU an
 * admin typed that the sequence has reached: it is written again with the sequence's next.
 */
async function refusingTakenSku<T>(sku: string | undefined, write: () => Promise<T>) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isSkuTaken(error)) throw error;
      if (sku === undefined) {
        if (attempt < DEFAULT_SKU_ATTEMPTS) continue;
        throw error;
      }
      const message = messages.catalogue.skuTaken(sku);
      throw new AppError('CONFLICT', message, { sku: [message] });
    }
  }
}

/** One page of the catalogue, ready to send: its JSON, the total before paging, an ETag. */
export interface CataloguePage {
  json: string;
  total: number;
  etag: string;
}

/** The catalogue cache's bounds in the shop: at most this many pages, and this many bytes (4 MiB). */
export const CATALOGUE_CACHE_PAGES = 200;
export const CATALOGUE_CACHE_BYTES = 4_194_304;

export interface ToolsServiceOptions {
  /**
   * The catalogue cache (decision 010): how long a page may be served from memory (`ttlMs`, 0
   * turns it off) and how many pages and bytes it holds. app.ts gives CATALOGUE_CACHE_MS and the
   * bounds above; a test gives its own.
   */
  cache: { ttlMs: number; maxEntries: number; maxBytes: number };
  /** Told after every committed change to tools or their stock (other caches forget too). */
  onChange?: () => void;
  /** False while changes made by other processes could be missed: no page is cached. */
  cacheOn?: () => boolean;
  /** A part's images, whose files an erase leaves behind unless removed (images module). */
  images?: Pick<
    ImagesService,
    'picturesOf' | 'removeFilesOf' | 'prepare' | 'imageOf' | 'attachFirst' | 'discard'
  >;
}

export function createToolsService(db: Kysely<Database>, options: ToolsServiceOptions) {
  const activeTools = () => db.selectFrom('tools').where('retired_at', 'is', null);
  // The catalogue's statements without a search: every uncached page runs both.
  const activePage = compileOnce(db, (limit: number, offset: number) =>
    activeTools()
      .selectAll()
      .select(catalogueFields)
      .select(fitsCountField)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .offset(offset),
  );
  const activeCount = compileOnce(db, () =>
    activeTools().select(sql<number>`count(*)::int`.as('total')),
  );
  const pages = createCatalogueCache<CataloguePage>((page) => page.json.length, {
    ...options.cache,
    enabled: options.cacheOn,
  });
  /** One tool as the API shows it after a write: not found if removed meanwhile. */
  const written = async (id: string) => {
    const row = await db
      .selectFrom('tools')
      .selectAll()
      .select(catalogueFields)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Tool');
    return toTool(row);
  };
  const changed = () => {
    pages.invalidate();
    options.onChange?.();
  };

  /**
   * A new tool with its part fields, numbers and fitment in one transaction (and whatever
   * `alsoWrite` writes of it there): an unknown part type or model, or a SKU taken, leaves
   * nothing written.
   */
  async function createTool(
    input: ToolInput,
    alsoWrite?: (trx: Transaction<Database>, toolId: string) => Promise<unknown>,
  ): Promise<Tool> {
    const { partNumbers, fits, ...fields } = input;
    const id = await refusingTakenSku(input.sku, () =>
      db.transaction().execute(async (trx) => {
        const categoryId = await categoryIdOf(trx, fields.category);
        const modelIds = await modelIdsOf(trx, fits);
        const row = await trx
          .insertInto('tools')
          .values({
            name: fields.name,
            title: fields.title,
            description: fields.description,
            img: fields.img,
            min_order_quantity: fields.minOrderQuantity,
            available_quantity: fields.availableQuantity,
            price_cents: dollarsToCents(fields.price),
            ...partColumns(fields, categoryId),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await replaceSets(trx, row.id, partNumbers, modelIds);
        await alsoWrite?.(trx, row.id);
        return row.id;
      }),
    );
    changed();
    return written(id);
  }

  /**
   * One page of the shop's tools, oldest first so the catalogue reads in a stable order, and
   * how many there are in all; with `retired`, the retired tools instead (Manage Tools).
   */
  async function list({
    search,
    retired,
    page,
    limit,
  }: ToolListQuery): Promise<{ tools: ListedTool[]; total: number }> {
    const offset = (page - 1) * limit;
    if (search || retired) {
      const pattern = search ? containing(search) : undefined;
      return searchPage({ pattern, retired: retired ?? false }, limit, offset);
    }
    const [rows, counted] = await Promise.all([activePage(limit, offset), activeCount()]);
    return { tools: rows.map(toListedTool), total: counted[0]!.total };
  }

  /**
   * A name search (`ILIKE '%text%'`) in one statement: the matches are found once, through the
   * trigram index (migration 0006), then paged and counted. Asked apart, the page query would
   * walk the date index and test every name until a page is full, which for a rare name reads
   * the whole table. The retired tools are few: the same statement lists them.
   */
  async function searchPage(
    { pattern, retired }: { pattern?: string; retired: boolean },
    limit: number,
    offset: number,
  ) {
    const matches = db.with(
      (cte) => cte('matches').materialized(),
      (qb) =>
        qb
          .selectFrom('tools')
          .select(['id', 'created_at'])
          .where('retired_at', retired ? 'is not' : 'is', null)
          .$if(pattern !== undefined, (query) => query.where('name', 'ilike', pattern!)),
    );
    const rows = await matches
      .with('page', (qb) =>
        qb
          .selectFrom('matches')
          .selectAll()
          .orderBy('created_at')
          .orderBy('id')
          .limit(limit)
          .offset(offset),
      )
      .selectFrom('page')
      .innerJoin('tools', 'tools.id', 'page.id')
      .selectAll('tools')
      .select(catalogueFields)
      .select(fitsCountField)
      .select((eb) =>
        eb
          .selectFrom('matches')
          .select(sql<number>`count(*)::int`.as('count'))
          .as('total'),
      )
      .orderBy('page.created_at')
      .orderBy('page.id')
      .execute();
    if (rows[0]) return { tools: rows.map(toListedTool), total: rows[0].total ?? 0 };
    // Past the last page: no row carries the count.
    const count = await matches
      .selectFrom('matches')
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow();
    return { tools: [], total: count.total };
  }

  return {
    list,

    /** `list` as JSON with its ETag, from the short-lived catalogue cache when it is there. */
    listPage(query: ToolListQuery): Promise<CataloguePage> {
      const key = JSON.stringify([
        query.search ?? '',
        query.retired ?? false,
        query.page,
        query.limit,
      ]);
      return pages.get(key, async () => {
        const { tools, total } = await list(query);
        const json = JSON.stringify(tools);
        const etagHash = digest('sha1', `${json};${total}`, 'base64url');
        return { json, total, etag: `W/"${etagHash}"` };
      });
    },

    /** Called after any committed change to tools or their stock, here or in another module. */
    catalogueChanged: changed,

    /**
     * A new tool with its part fields, numbers and fitment in one transaction: an unknown part
     * type or model, or a SKU taken, leaves nothing written.
     */
    async create(input: ToolInput): Promise<Tool> {
      return createTool(input);
    },

    /**
     * Add Tool with its first picture (issue 49): the picture is checked and its variants made
     * first, outside any transaction; then the part, its details and the picture are written in
     * one transaction. Without an image URL the picture becomes the part's image, so no part is
     * ever without one.
     */
    async createWithPicture(
      input: PicturedToolInput,
      file: Uint8Array,
      alt: string,
    ): Promise<Tool> {
      const images = options.images;
      if (!images) throw new Error('Pictures need the images service (app.ts)');
      const image = await images.prepare(file);
      try {
        return await createTool({ ...input, img: input.img ?? images.imageOf(image) }, (trx, id) =>
          images.attachFirst(trx, id, image, alt),
        );
      } catch (error) {
        await images.discard(image);
        throw error;
      }
    },

    /**
     * Restock or reprice in place; stock is set to a value, never computed from the browser.
     * The part fields sent, and the whole sets of part numbers and fitment sent, change in the
     * same transaction.
     */
    async update(id: string, update: ToolUpdate): Promise<Tool> {
      const { partNumbers, fits, ...fields } = update;
      await refusingTakenSku(update.sku, () =>
        db.transaction().execute(async (trx) => {
          const categoryId = await categoryIdOf(trx, fields.category);
          // Kysely leaves out what is undefined: only the fields sent are set.
          const columns = {
            price_cents: fields.price === undefined ? undefined : dollarsToCents(fields.price),
            available_quantity: fields.availableQuantity,
            description: fields.description,
            title: fields.title,
            ...partColumns(fields, categoryId),
          };
          const setsAny = Object.values(columns).some((value) => value !== undefined);
          const row = setsAny
            ? await trx
                .updateTable('tools')
                .set(columns)
                .where('id', '=', id)
                .where('retired_at', 'is', null)
                .returning('id')
                .executeTakeFirst()
            : // Only the sets change: the row is held so a removal waits for them.
              await trx
                .selectFrom('tools')
                .select('id')
                .where('id', '=', id)
                .where('retired_at', 'is', null)
                .forUpdate()
                .executeTakeFirst();
          if (!row) throw notFound('Tool');
          await replaceSets(trx, id, partNumbers, await modelIdsOf(trx, fits));
        }),
      );
      changed();
      return written(id);
    },

    /**
     * A tool with orders is retired (hidden, its orders intact); one without is erased. The
     * database's foreign keys know whether anything still refers to the tool, so this module
     * never reads the orders' table: an erase they refuse becomes a retirement. A purchase
     * racing the erase holds the tool's row, so the erase waits and then sees its order.
     */
    async remove(id: string): Promise<{ retired: boolean }> {
      let removed: { retired: boolean };
      // Read before: the erase takes the rows with it, and their files would stay.
      const pictures = (await options.images?.picturesOf(id)) ?? [];
      try {
        const deleted = await db
          .deleteFrom('tools')
          .where('id', '=', id)
          .where('retired_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!deleted) throw notFound('Tool');
        removed = { retired: false };
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        const retired = await db
          .updateTable('tools')
          .set({ retired_at: sql<Date>`now()` })
          .where('id', '=', id)
          .where('retired_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!retired) throw notFound('Tool');
        removed = { retired: true };
      }
      // A retired part keeps its images: its orders still show it.
      if (!removed.retired) await options.images?.removeFilesOf(pictures);
      changed();
      return removed;
    },

    async get(id: string): Promise<Tool> {
      const row = await activeTools()
        .selectAll()
        .select(catalogueFields)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound('Tool');
      return toTool(row);
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
