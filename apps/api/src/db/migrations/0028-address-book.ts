import { type Kysely, sql } from 'kysely';

/**
 * My Profile's address book (issue 35): a customer's places to send orders to, checked as an
 * order's destination is (country, region, city, postal code, phone as E.164). At most one is
 * the default, which the checkout starts from: a unique index over the default ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table saved_addresses (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      recipient text not null,
      address text not null,
      country text not null check (country ~ '^[A-Z]{2}$'),
      region text,
      city text not null,
      postal_code text,
      phone text not null,
      is_default boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index saved_addresses_user_idx on saved_addresses (user_id, created_at)`.execute(
    db,
  );
  await sql`create unique index saved_addresses_one_default on saved_addresses (user_id)
    where is_default`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table saved_addresses`.execute(db);
}
