import { type Kysely, sql } from 'kysely';

/**
 * Product images (issue 34): a part's uploaded images, in its order, each with its alt text.
 * The files are not here: `content_hash` (SHA-256 of the uploaded bytes, hex) names the variants
 * in the image storage (`{hash}-{width}.{avif|webp|jpg}`), so the same picture uploaded twice is
 * stored once, and its files go when the last row naming it does. `width` and `height` are the
 * original's, upright: the box a page reserves, and the widths its variants were made at.
 *
 * A part's images are read by part, in order (its page, its list): the unique (tool_id,
 * position) is that index. Checked at the commit, so a reorder renumbers in one statement. A
 * removal asks whether another row still names the hash: `part_images_by_hash`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table part_images (
      id uuid primary key default gen_random_uuid(),
      tool_id uuid not null references tools (id) on delete cascade,
      position integer not null check (position >= 1),
      alt text not null check (length(alt) between 1 and 200),
      content_hash text not null check (content_hash ~ '^[0-9a-f]{64}$'),
      width integer not null check (width between 1 and 12000),
      height integer not null check (height between 1 and 12000),
      created_at timestamptz not null default now(),
      constraint part_images_order unique (tool_id, position) deferrable initially deferred
    )`.execute(db);
  await sql`create index part_images_by_hash on part_images (content_hash)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table part_images`.execute(db);
}
