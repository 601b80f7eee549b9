import { type Kysely, sql } from 'kysely';

/**
 * The shop's outgoing emails, kept in the database until they are sent (issue 19). A request
 * that causes an email inserts its row (in its own transaction when it has one) and answers at
 * once; the mail worker of any process claims due rows (`for update skip locked`, with a lease
 * so a dead claimer lets them go), sends each, and marks it sent in the same step. A failure
 * keeps the row, counts the attempt, keeps the error and waits longer each time before the next.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('template', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('data', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('lease_until', 'timestamptz')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('message_id', 'text')
    .execute();
  // The worker's question: the unsent rows whose time has come.
  await sql`create index email_outbox_due_idx on email_outbox (next_attempt_at)
    where sent_at is null`.execute(db);
  // The admins' question: the rows that failed at least once, newest first.
  await sql`create index email_outbox_failed_idx on email_outbox (created_at desc)
    where last_error is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_outbox').execute();
}
