import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tool_id', 'uuid', (col) => col.notNull().references('tools.id'))
    // What was bought and by whom, as it was then: a later rename or removal changes no order.
    .addColumn('tool_name', 'text', (col) => col.notNull())
    .addColumn('tool_img', 'text', (col) => col.notNull())
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'text', (col) => col.notNull())
    .addColumn('user_email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_cents', 'integer', (col) =>
      col.notNull().check(sql`unit_price_cents > 0`),
    )
    .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents > 0`))
    .addColumn('available_after', 'integer', (col) => col.notNull())
    .addColumn('needed_by', 'date')
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('unpaid')
        .check(sql`status in ('unpaid', 'paid', 'shipped', 'cancelled')`),
    )
    .addColumn('transaction_id', 'text', (col) => col.unique())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('orders_user_email_created_idx')
    .on('orders')
    .columns(['user_email', 'created_at'])
    .execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
  await db.schema.createIndex('orders_tool_idx').on('orders').column('tool_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('orders').execute();
}
