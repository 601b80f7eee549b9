import { type Kysely, sql } from 'kysely';

/**
 * Returns (issue 36): a buyer's request to send lines of a delivered order back, and its steps.
 *
 * - `return_requests`: one request, its reason, its status (requested, then authorised or
 *   refused, then received, then refunded), the restocking fee in percent fixed when asked, and
 *   once refunded what went back and the fee kept.
 * - `return_lines`: the order's lines it returns, whether each can be sold again once received.
 *   A line is in one live return at most (a refused one lets it go): a partial unique index.
 * - `shop_settings`: the return window after delivery, in days, and each reason's fee.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table shop_settings
      add column return_window_days integer not null default 30
        check (return_window_days between 0 and 365),
      add column restocking_fees jsonb not null default
        '{"does_not_fit": 15, "changed_mind": 15, "faulty": 0, "damaged_in_transit": 0}'`.execute(
    db,
  );
  await sql`
    create table return_requests (
      id uuid primary key default gen_random_uuid(),
      order_id uuid not null references orders (id),
      user_id uuid references users (id) on delete set null,
      status text not null default 'requested'
        check (status in ('requested', 'authorised', 'refused', 'received', 'refunded')),
      reason text not null
        check (reason in ('does_not_fit', 'faulty', 'damaged_in_transit', 'changed_mind')),
      comment text,
      message text,
      fee_percent numeric(5, 2) not null check (fee_percent between 0 and 100),
      refund_cents integer,
      fee_cents integer,
      refund_key text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index return_requests_order_idx on return_requests (order_id, created_at)`.execute(
    db,
  );
  await sql`create index return_requests_status_idx on return_requests (status, created_at)`.execute(
    db,
  );
  await sql`
    create table return_lines (
      return_id uuid not null references return_requests (id),
      order_id uuid not null,
      tool_id uuid not null,
      live boolean not null default true,
      resaleable boolean,
      primary key (return_id, tool_id),
      foreign key (order_id, tool_id) references order_lines (order_id, tool_id)
    )`.execute(db);
  await sql`create unique index return_lines_once on return_lines (order_id, tool_id)
    where live`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table return_lines`.execute(db);
  await sql`drop table return_requests`.execute(db);
  await sql`alter table shop_settings drop column return_window_days,
    drop column restocking_fees`.execute(db);
}
