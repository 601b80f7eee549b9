import { type Kysely, sql } from 'kysely';

/**
 * Invoices and credit notes (issue 36).
 *
 * - `document_sequences`: the last number given in each series ('invoice', 'credit_note') and
 *   calendar year. A document takes the next number by updating its row, in the transaction that
 *   issues it (the payment's, the refund's), so the row is held until that transaction commits
 *   or rolls back: numbers follow each other without a gap or a repeat, whatever the
 *   concurrency, and a crash takes back the number with the payment it belonged to.
 * - `billing_documents`: each document as issued, its whole content in `body`, one invoice per
 *   order and one credit note per refund (`refund_key`). Never changed: a trigger refuses any
 *   update or delete.
 * - `shop_settings`: the shop's legal details printed on them.
 * - `email_outbox.attachments`: what to attach to an email, drawn when it is sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table document_sequences (
      series text not null check (series in ('invoice', 'credit_note')),
      year integer not null,
      last_number integer not null,
      primary key (series, year)
    )`.execute(db);
  await sql`
    create table billing_documents (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind in ('invoice', 'credit_note')),
      year integer not null,
      sequence integer not null check (sequence > 0),
      number text not null unique,
      order_id uuid not null references orders (id),
      invoice_id uuid references billing_documents (id),
      refund_key text unique,
      issued_at timestamptz not null default now(),
      total_cents integer not null,
      body jsonb not null,
      unique (kind, year, sequence),
      check ((kind = 'invoice') = (invoice_id is null)),
      check ((kind = 'invoice') = (refund_key is null))
    )`.execute(db);
  await sql`create unique index billing_documents_one_invoice on billing_documents (order_id)
    where kind = 'invoice'`.execute(db);
  await sql`create index billing_documents_order_idx on billing_documents (order_id, issued_at)`.execute(
    db,
  );
  await sql`
    create function billing_documents_unchanged() returns trigger language plpgsql as $$
    begin
      raise exception 'an issued invoice or credit note is never changed';
    end $$`.execute(db);
  await sql`create trigger billing_documents_unchanged before update or delete on billing_documents
    for each row execute function billing_documents_unchanged()`.execute(db);
  await sql`
    alter table shop_settings
      add column legal_name text not null default 'Laptop Parts Shop',
      add column legal_address text not null
        default ${sql.lit('1200 Harbor Way, Suite 4\nOakland, CA 94607\nUnited States')},
      add column tax_number text not null default ''`.execute(db);
  await sql`alter table email_outbox add column attachments jsonb not null default '[]'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table email_outbox drop column attachments`.execute(db);
  await sql`alter table shop_settings drop column legal_name, drop column legal_address,
    drop column tax_number`.execute(db);
  await sql`drop table billing_documents`.execute(db);
  await sql`drop function billing_documents_unchanged()`.execute(db);
  await sql`drop table document_sequences`.execute(db);
}
