import { type Kysely, sql } from 'kysely';

/**
 * A refund claims its order before it asks the provider (issue 31): the claim is set only on a
 * paid or shipped order, and a shipment or a delivery changes only an unclaimed one, so the
 * money never goes back for an order marked delivered meanwhile. The claim of a refund that
 * failed at the provider is lifted; one left by a process that stopped is taken over by the
 * next refund request of an admin, so no order stays blocked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column refund_started_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column refund_started_at`.execute(db);
}
