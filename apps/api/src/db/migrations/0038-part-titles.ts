import { type Kysely, sql } from 'kysely';

/**
 * A part's full title beside the spec's short name (issue 49): "Lenovo ThinkPad T480 Internal
 * Battery 24Wh 3-cell" beside "T480 Battery 24Wh". At most 150 characters; empty for the parts
 * made before, which go by their name where a title is shown.
 *
 * An order's line keeps the title it was bought under, as it keeps the name (migration 0012):
 * the invoice names it. Lines bought before have none (null) and go by their name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tools
      add column title text not null default '' check (char_length(title) <= 150)`.execute(db);
  await sql`alter table order_lines add column tool_title text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_lines drop column tool_title`.execute(db);
  await sql`alter table tools drop column title`.execute(db);
}
