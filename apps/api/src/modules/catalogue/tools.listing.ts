import type { ListedTool, ToolListQuery } from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import { compileOnce } from '../../db/compile-once';
import { containing } from '../../db/like-pattern';
import type { Database } from '../../db/schema';
import { catalogueFields, fitsCountField, toListedTool } from './part-fields';

/** The catalogue's pages of tools (the public list and Manage Tools), as the database reads them. */
export function createToolListing(db: Kysely<Database>) {
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

  return { list };
}
