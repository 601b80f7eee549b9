import { type Kysely, sql } from 'kysely';

/** The lists whose sizes are kept, and the column each is counted by. */
const COUNTED = [
  { table: 'orders', bucket: 'status' },
  { table: 'users', bucket: 'role' },
] as const;

/**
 * The back office at a million orders (issue 18). How many orders each status holds and how
 * many users each role: counting a million
 * orders for Manage All Orders' header took most of its 175 ms page, and counting 100,000 users
 * read them all. Each statement on those tables appends its change per bucket (`+n`, `-n`)
 * instead of updating one row per bucket: a counter row would be locked by every purchase until
 * it commits, serialising them, and a refund that locked it before a tool could deadlock with a
 * purchase that locked the tool first. The housekeeping sweep folds the rows into one per
 * bucket (order-expiry.ts: `foldListCounts`), so a count reads a few rows.
 *
 * And the indexes a million orders need: the order every list of orders now sorts by, newest
 * first with the id descending (`orders_created_idx` becomes (created_at desc, id desc) and the
 * status index gains `id desc`), so a deep page walks an index alone for the ids it skips
 * (orders.service.ts: `pageQuery`); and the sales dashboard's paid orders, covered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table list_counts (
    list text not null,
    bucket text not null,
    rows bigint not null
  )`.execute(db);
  // The trigger's arguments: the list's name, and the column it is counted by.
  await sql`create function list_counts_added() returns trigger language plpgsql as $$
    begin
      execute format('insert into list_counts (list, bucket, rows)
        select %L, %I, count(*) from added group by %I', tg_argv[0], tg_argv[1], tg_argv[1]);
      return null;
    end $$`.execute(db);
  await sql`create function list_counts_removed() returns trigger language plpgsql as $$
    begin
      execute format('insert into list_counts (list, bucket, rows)
        select %L, %I, -count(*) from removed group by %I', tg_argv[0], tg_argv[1], tg_argv[1]);
      return null;
    end $$`.execute(db);
  await sql`create function list_counts_moved() returns trigger language plpgsql as $$
    begin
      execute format('insert into list_counts (list, bucket, rows)
        select %L, bucket, sum(change) from (
          select %I as bucket, -1 as change from removed
          union all
          select %I as bucket, 1 as change from added
        ) changes group by bucket having sum(change) <> 0',
        tg_argv[0], tg_argv[1], tg_argv[1]);
      return null;
    end $$`.execute(db);

  for (const { table, bucket } of COUNTED) {
    const list = sql.lit(table);
    const column = sql.lit(bucket);
    await sql`insert into list_counts (list, bucket, rows)
      select ${list}, ${sql.ref(bucket)}, count(*) from ${sql.table(table)}
      group by ${sql.ref(bucket)}`.execute(db);
    // One event per trigger: PostgreSQL allows transition tables on single-event triggers only.
    await sql`create trigger ${sql.id(`${table}_count_added`)} after insert on ${sql.table(table)}
      referencing new table as added
      for each statement execute function list_counts_added(${list}, ${column})`.execute(db);
    await sql`create trigger ${sql.id(`${table}_count_removed`)} after delete on ${sql.table(table)}
      referencing old table as removed
      for each statement execute function list_counts_removed(${list}, ${column})`.execute(db);
    await sql`create trigger ${sql.id(`${table}_count_moved`)} after update on ${sql.table(table)}
      referencing old table as removed new table as added
      for each statement execute function list_counts_moved(${list}, ${column})`.execute(db);
  }

  await sql`drop index orders_created_idx`.execute(db);
  await sql`create index orders_created_idx on orders (created_at desc, id desc)`.execute(db);
  await sql`drop index orders_status_created_idx`.execute(db);
  await sql`create index orders_status_created_idx on orders (status, created_at desc, id desc)`.execute(
    db,
  );
  // A prefix of the index above: one index less for every order to update.
  await sql`drop index orders_status_idx`.execute(db);
  // Manage Tools' retired tools, oldest first: a few, found without reading every tool.
  await sql`create index tools_retired_created_idx on tools (created_at, id)
    where retired_at is not null`.execute(db);
  // The dashboard's 30 days of paid orders (about 80,000 at a million) read from the index
  // alone, with what revenue per day and the best-selling tools of one-line orders need.
  await sql`drop index orders_paid_at_idx`.execute(db);
  await sql`create index orders_paid_at_idx on orders (paid_at)
    include (price_cents, tool_id, quantity, line_count)
    where status in ('paid', 'shipped', 'delivered')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index tools_retired_created_idx`.execute(db);
  await sql`drop index orders_paid_at_idx`.execute(db);
  await sql`create index orders_paid_at_idx on orders (paid_at)
    where status in ('paid', 'shipped', 'delivered')`.execute(db);
  await sql`create index orders_status_idx on orders (status)`.execute(db);
  await sql`drop index orders_status_created_idx`.execute(db);
  await sql`create index orders_status_created_idx on orders (status, created_at desc, id)`.execute(
    db,
  );
  await sql`drop index orders_created_idx`.execute(db);
  await sql`create index orders_created_idx on orders (created_at)`.execute(db);
  for (const { table } of COUNTED) {
    for (const event of ['added', 'removed', 'moved']) {
      await sql`drop trigger ${sql.id(`${table}_count_${event}`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
  }
  for (const event of ['added', 'removed', 'moved']) {
    await sql`drop function ${sql.id(`list_counts_${event}`)}()`.execute(db);
  }
  await sql`drop table list_counts`.execute(db);
}
