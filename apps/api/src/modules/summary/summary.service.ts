import type { SummaryItem } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function createSummaryService(db: Kysely<Database>) {
  return {
    async list(): Promise<SummaryItem[]> {
      const rows = await db.selectFrom('summary_items').selectAll().orderBy('position').execute();
      return rows.map((row) => ({
        _id: row.id,
        img: row.img,
        description: row.description,
        number: row.number,
      }));
    },
  };
}

export type SummaryService = ReturnType<typeof createSummaryService>;
