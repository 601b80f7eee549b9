import { type Kysely, sql } from 'kysely';

/**
 * Carriers and tracking (issue 49).
 *
 * - `carriers`: the list admins keep of who takes the parcels, each with its tracking page's
 *   address, `{tracking}` standing for the number; names unique whatever their case. Seeded
 *   with common carriers and their public tracking pages.
 * - `orders.carrier`, `tracking_number`, `tracking_url`: how an order left, written when it is
 *   shipped. The link is kept as it was built, so a carrier edited or removed later changes no
 *   past order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table carriers (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      tracking_url_template text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index carriers_name_unique on carriers (lower(name))`.execute(db);
  await sql`
    insert into carriers (name, tracking_url_template) values
      ('DHL', 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={tracking}&submit=1'),
      ('UPS', 'https://www.ups.com/track?tracknum={tracking}'),
      ('FedEx', 'https://www.fedex.com/fedextrack/?trknbr={tracking}'),
      ('USPS', 'https://tools.usps.com/go/TrackConfirmAction?tLabels={tracking}'),
      ('Royal Mail', 'https://www.royalmail.com/track-your-item#/tracking-results/{tracking}'),
      ('DPD', 'https://tracking.dpd.de/status/en_US/parcel/{tracking}')`.execute(db);
  await sql`
    alter table orders
      add column carrier text,
      add column tracking_number text,
      add column tracking_url text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders
      drop column carrier,
      drop column tracking_number,
      drop column tracking_url`.execute(db);
  await sql`drop table carriers`.execute(db);
}
