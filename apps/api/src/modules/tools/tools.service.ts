import {
  IdSchema,
  type Tool,
  type ToolInput,
  type ToolListQuery,
  type ToolUpdate,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database, ToolRow } from '../../db/schema';
import { notFound } from '../../lib/errors';

export const centsToDollars = (cents: number) => cents / 100;
const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

export function toTool(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    description: row.description,
    minOrderQuantity: row.min_order_quantity,
    availableQuantity: row.available_quantity,
    price: centsToDollars(row.price_cents),
  };
}

/** `%`, `_` and `\` are wildcards in LIKE; a customer's search means them literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export function createToolsService(db: Kysely<Database>) {
  const activeTools = () => db.selectFrom('tools').where('retired_at', 'is', null);

  return {
    /** One page of the shop's tools, oldest first so the catalogue reads in a stable order. */
    async list({ search, page, limit }: ToolListQuery): Promise<{ tools: Tool[]; total: number }> {
      let query = activeTools();
      if (search) query = query.where('name', 'ilike', `%${escapeLike(search)}%`);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('created_at')
          .orderBy('id')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { tools: rows.map(toTool), total: count.total };
    },

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
        .returningAll()
        .executeTakeFirstOrThrow();
      return toTool(row);
    },

    /** Restock or reprice in place; stock is set to a value, never computed from the browser. */
    async update(id: string, update: ToolUpdate): Promise<Tool> {
      if (!IdSchema.safeParse(id).success) throw notFound('Tool');
      const row = await db
        .updateTable('tools')
        .set({
          ...(update.price !== undefined ? { price_cents: dollarsToCents(update.price) } : {}),
          ...(update.availableQuantity !== undefined
            ? { available_quantity: update.availableQuantity }
            : {}),
          ...(update.description !== undefined ? { description: update.description } : {}),
        })
        .where('id', '=', id)
        .where('retired_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound('Tool');
      return toTool(row);
    },

    /** A tool with orders is retired (hidden, its orders intact); one without is erased. */
    async remove(id: string): Promise<{ retired: boolean }> {
      if (!IdSchema.safeParse(id).success) throw notFound('Tool');
      return db.transaction().execute(async (trx) => {
        const tool = await trx
          .selectFrom('tools')
          .select('id')
          .where('id', '=', id)
          .where('retired_at', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!tool) throw notFound('Tool');
        const ordered = await trx
          .selectFrom('orders')
          .select('id')
          .where('tool_id', '=', id)
          .limit(1)
          .executeTakeFirst();
        if (ordered) {
          await trx
            .updateTable('tools')
            .set({ retired_at: new Date() })
            .where('id', '=', id)
            .execute();
          return { retired: true };
        }
        await trx.deleteFrom('tools').where('id', '=', id).execute();
        return { retired: false };
      });
    },

    async get(id: string): Promise<Tool> {
      // A malformed id cannot name a tool; checking it here keeps PostgreSQL from raising.
      if (!IdSchema.safeParse(id).success) throw notFound('Tool');
      const row = await activeTools().selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('Tool');
      return toTool(row);
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
