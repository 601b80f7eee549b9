import {
  centsToDollars,
  dollarsToCents,
  type PartNumber,
  type Tool,
  type ToolInput,
  type ToolListQuery,
  type ToolUpdate,
} from '@shop/shared';
import { hash as digest } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { compileOnce } from '../../db/compile-once';
import { containing } from '../../db/like-pattern';
import type { Database, ToolRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { createCatalogueCache } from './catalogue-cache';

/**
 * What the catalogue shows of a tool besides its own row (migration 0021): its part type and its
 * part numbers, each a subquery of the one statement that reads the tool.
 */
const catalogueFields = [
  sql<Tool['category']>`(select json_build_object('slug', c.slug, 'name', c.name)
    from categories c where c.id = tools.category_id)`.as('category'),
  sql<PartNumber[]>`coalesce((select json_agg(json_build_object('kind', p.kind, 'maker', p.maker,
      'number', p.number) order by p.kind, p.normalised)
    from part_numbers p where p.tool_id = tools.id), '[]'::json)`.as('part_numbers'),
];

/** A tool's row with its catalogue fields. */
type CatalogueRow = ToolRow & { category: Tool['category']; part_numbers: PartNumber[] };

export function toTool(row: CatalogueRow): Tool {
  return {
    _id: row.id,
    name: row.name,
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
    partNumbers: row.part_numbers,
  };
}

/** PostgreSQL's answer when a row is still referred to by another table's foreign key. */
const isForeignKeyViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';

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
}

export function createToolsService(db: Kysely<Database>, options: ToolsServiceOptions) {
  const activeTools = () => db.selectFrom('tools').where('retired_at', 'is', null);
  // The catalogue's statements without a search: every uncached page runs both.
  const activePage = compileOnce(db, (limit: number, offset: number) =>
    activeTools()
      .selectAll()
      .select(catalogueFields)
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
   * One page of the shop's tools, oldest first so the catalogue reads in a stable order, and
   * how many there are in all; with `retired`, the retired tools instead (Manage Tools).
   */
  async function list({
    search,
    retired,
    page,
    limit,
  }: ToolListQuery): Promise<{ tools: Tool[]; total: number }> {
    const offset = (page - 1) * limit;
    if (search || retired) {
      const pattern = search ? containing(search) : undefined;
      return searchPage({ pattern, retired: retired ?? false }, limit, offset);
    }
    const [rows, counted] = await Promise.all([activePage(limit, offset), activeCount()]);
    return { tools: rows.map(toTool), total: counted[0]!.total };
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
      .select((eb) =>
        eb
          .selectFrom('matches')
          .select(sql<number>`count(*)::int`.as('count'))
          .as('total'),
      )
      .orderBy('page.created_at')
      .orderBy('page.id')
      .execute();
    if (rows[0]) return { tools: rows.map(toTool), total: rows[0].total ?? 0 };
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

    async create(input: ToolInput): Promise<Tool> {
      const row = await db
        .insertInto('tools')
        .values({
          name: input.name,
          description: input.description,
          img: input.img,
          min_order_quantity: input.minOrderQuantity,
          available_quantity: input.availableQuantity,
          price_cents: dollarsToCents(input.price),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      changed();
      return written(row.id);
    },

    /** Restock or reprice in place; stock is set to a value, never computed from the browser. */
    async update(id: string, update: ToolUpdate): Promise<Tool> {
      const row = await db
        .updateTable('tools')
        // Kysely leaves out what is undefined: only the fields sent are set.
        .set({
          price_cents: update.price === undefined ? undefined : dollarsToCents(update.price),
          available_quantity: update.availableQuantity,
          description: update.description,
        })
        .where('id', '=', id)
        .where('retired_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!row) throw notFound('Tool');
      changed();
      return written(row.id);
    },

    /**
     * A tool with orders is retired (hidden, its orders intact); one without is erased. The
     * database's foreign keys know whether anything still refers to the tool, so this module
     * never reads the orders' table: an erase they refuse becomes a retirement. A purchase
     * racing the erase holds the tool's row, so the erase waits and then sees its order.
     */
    async remove(id: string): Promise<{ retired: boolean }> {
      let removed: { retired: boolean };
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
