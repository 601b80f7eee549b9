import { type Kysely, sql } from 'kysely';

/**
 * A part's images are on its public page (decision 036), which each process may replay from
 * memory: a change to them is announced as a catalogue change (migration 0011), by the
 * database, once per statement, as the other catalogue tables' are (migration 0021).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger part_images_announce
    after insert or update or delete on part_images
    for each statement execute function shop_announce_catalogue()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger part_images_announce on part_images`.execute(db);
}
