import {
  dollarsToCents,
  type PicturedToolInput,
  type Tool,
  type ToolInput,
  type ToolListQuery,
  type ToolUpdate,
} from '@shop/shared';
import { hash as digest } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { isForeignKeyViolation } from '../../db/pg-errors';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { createCatalogueCache } from './catalogue-cache';
import type { ImagesService } from './images/images.service';
import { catalogueFields, toTool } from './part-fields';
import {
  categoryIdOf,
  modelIdsOf,
  partColumns,
  refusingTakenSku,
  replaceSets,
} from './part-writes';
import { createToolListing } from './tools.listing';

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
  const { list } = createToolListing(db);
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
