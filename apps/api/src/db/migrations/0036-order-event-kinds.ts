import { type Kysely, sql } from 'kysely';

/**
 * Each step of an order's history says what it is (issue point 4, "The order history tells the
 * truth"): a step that keeps the order's status was shown as a refund of lines, so a return
 * asked for read as money given back.
 *
 * - `order_events.kind`: placed, a change of status, a refund of lines, or a return's step
 *   (requested, authorised, refused, parts received); `what`: what the step concerns (a
 *   return's lines, what a refund of lines gave back), while `reason` keeps only the why.
 * - The history trigger takes both from `shop.event_kind` and `shop.event_what` when the code
 *   names them (the refund of the last lines changes the status), as it takes the actor.
 * - Older steps are told apart by the text the code wrote into their reason; a step that kept
 *   the status and whose text says neither is a `note`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_events add column kind text not null default 'status_changed',
    add column what text`.execute(db);
  await sql`update order_events set kind = 'placed' where from_status is null`.execute(db);

  // A return's step: 'Return requested: Fan x 1, Board x 2 (Does not fit)'.
  await sql`update order_events set
      kind = case m[1] when 'received' then 'parts_received' else 'return_' || m[1] end,
      what = ${linesOf(sql`m[2]`)}, reason = m[3]
    from (select id as event_id, regexp_match(reason,
        '^Return (requested|authorised|refused|received): (.*) \\(([^()]*)\\)$') as m
      from order_events where reason like 'Return %') found
    where id = found.event_id and found.m is not null`.execute(db);
  // A refund of lines: 'Fan x 1 refunded ($ 29.75): Does not fit', the status kept or, for the
  // last lines, changed to refunded.
  await sql`update order_events set kind = 'lines_refunded',
      what = m[2] || ' · ' || ${linesOf(sql`m[1]`)}, reason = m[3]
    from (select id as event_id, regexp_match(reason,
        '^(.* x [0-9]+) refunded \\((\\$ [0-9.,]+)\\): (.*)$') as m
      from order_events where reason like '% refunded ($%') found
    where id = found.event_id and found.m is not null`.execute(db);
  await sql`update order_events set kind = 'note'
    where kind = 'status_changed' and from_status = to_status`.execute(db);

  await sql`alter table order_events add constraint order_events_kind_check check (kind in
    ('placed', 'status_changed', 'lines_refunded', 'return_requested', 'return_authorised',
      'return_refused', 'parts_received', 'note'))`.execute(db);

  await recordEvents(
    db,
    sql`coalesce(nullif(current_setting('shop.event_kind', true), ''), 'placed')`,
    sql`coalesce(nullif(current_setting('shop.event_kind', true), ''), 'status_changed')`,
  );
}

/** 'Fan x 1, Board x 2' as the code now writes lines: '1 × Fan, 2 × Board'. */
const linesOf = (list: ReturnType<typeof sql>) =>
  sql`(select string_agg(p[2] || ' × ' || p[1], ', ' order by n)
    from regexp_matches(${list}, '([^,]+?) x ([0-9]+)(?:, |$)', 'g') with ordinality as t(p, n))`;

/** Migration 0013's history trigger, with each step's kind and what it concerns. */
const recordEvents = (
  db: Kysely<unknown>,
  placedKind: ReturnType<typeof sql>,
  changedKind: ReturnType<typeof sql>,
) =>
  sql`create or replace function orders_record_event() returns trigger language plpgsql as $$
    declare
      actor uuid := nullif(current_setting('shop.actor_id', true), '')::uuid;
      why text := nullif(current_setting('shop.reason', true), '');
      about text := nullif(current_setting('shop.event_what', true), '');
    begin
      if tg_op = 'INSERT' then
        insert into order_events (order_id, from_status, to_status, actor_id, reason, kind, what)
        values (new.id, null, new.status, coalesce(actor, new.user_id), why, ${placedKind}, about);
      elsif old.status is distinct from new.status then
        insert into order_events (order_id, from_status, to_status, actor_id, reason, kind, what)
        values (new.id, old.status, new.status, actor, why, ${changedKind}, about);
      end if;
      return null;
    end $$`.execute(db);

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function orders_record_event() returns trigger language plpgsql as $$
    declare
      actor uuid := nullif(current_setting('shop.actor_id', true), '')::uuid;
    begin
      if tg_op = 'INSERT' then
        insert into order_events (order_id, from_status, to_status, actor_id, reason)
        values (new.id, null, new.status, coalesce(actor, new.user_id),
          nullif(current_setting('shop.reason', true), ''));
      elsif old.status is distinct from new.status then
        insert into order_events (order_id, from_status, to_status, actor_id, reason)
        values (new.id, old.status, new.status, actor,
          nullif(current_setting('shop.reason', true), ''));
      end if;
      return null;
    end $$`.execute(db);
  await sql`alter table order_events drop column kind, drop column what`.execute(db);
}
