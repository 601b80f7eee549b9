import { IdSchema, type Tool, type ToolListQuery } from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database, ToolRow } from '../../db/schema';
import { notFound } from '../../lib/errors';

export const centsToDollars = (cents: number) => cents / 100;

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
