import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Each access token belongs to the Better Auth session that asked for it, so one session
  // keeps only a few live tokens. Tokens issued before this have none and simply expire.
  await db.schema.alterTable('access_tokens').addColumn('session_id', 'text').execute();
  await db.schema
    .createIndex('access_tokens_session_idx')
    .on('access_tokens')
    .columns(['session_id', 'created_at'])
    .execute();

  // Failed sign-ins count per (address, email) pair: a guesser locks only their own address.
  await db.schema
    .alterTable('sign_in_failures')
    .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('sign_in_failures_email_address_idx')
    .on('sign_in_failures')
    .columns(['email', 'address', 'failed_at'])
    .execute();

  // Fixed-window request counters kept in the database, so several servers share them.
  await db.schema
    .createTable('request_counters')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('window_started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('hits', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('request_counters_window_idx')
    .on('request_counters')
    .column('window_started_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('request_counters').execute();
  await db.schema.dropIndex('sign_in_failures_email_address_idx').execute();
  await db.schema.alterTable('sign_in_failures').dropColumn('address').execute();
  await db.schema.dropIndex('access_tokens_session_idx').execute();
  await db.schema.alterTable('access_tokens').dropColumn('session_id').execute();
}
