import { type Kysely, sql } from 'kysely';

/**
 * What a part's public page (decision 036) reads besides its row: its images, and the reviews
 * that name it (a review's headline is the tool's name: the spec's "review", labelled Tool
 * Name), found by the name folded (trimmed, lower case), newest first.
 *
 * Each process may replay the page from memory: a change to either is announced as a catalogue
 * change (migration 0011), once per statement, as the other catalogue tables' are (0021).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger part_images_announce
    after insert or update or delete on part_images
    for each statement execute function shop_announce_catalogue()`.execute(db);
  await sql`
    create trigger reviews_announce
    after insert or update or delete on reviews
    for each statement execute function shop_announce_catalogue()`.execute(db);
  await sql`create index reviews_by_tool_name on reviews (lower(btrim(review)), created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index reviews_by_tool_name`.execute(db);
  await sql`drop trigger reviews_announce on reviews`.execute(db);
  await sql`drop trigger part_images_announce on part_images`.execute(db);
}
