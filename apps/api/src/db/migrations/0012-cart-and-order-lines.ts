import { type Kysely, sql } from 'kysely';

/**
 * Cart and checkout (issue 17): an order holds one or several tools.
 *
 * - `order_lines`: what an order bought, a line per tool, as it was then (name, picture, unit
 *   price). Every order has at least one; the orders placed before get theirs from the order's
 *   own columns. A line's tool can never be erased (the removal of a tool with orders becomes
 *   a retirement), as with the order's own `tool_id`.
 * - `orders.line_count`: how many lines it has, so a list reads the lines of several-tool
 *   orders only. For those, the order's own columns are its summary: `tool_id` and `tool_img`
 *   of the first line, `tool_name` "first + N more", `quantity` the units of all lines,
 *   `price_cents` the total, and no single unit price or stock left (null).
 * - `cart_lines`: a signed-in customer's cart, kept on the server so every device sees the same
 *   one. `added_unit_price_cents` is the price when the line was last added to or changed, so
 *   the cart can say a price moved since.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('line_count', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`line_count >= 1`),
    )
    .execute();
  await sql`alter table orders alter column unit_price_cents drop not null`.execute(db);
  await sql`alter table orders alter column available_after drop not null`.execute(db);

  await db.schema
    .createTable('order_lines')
    .addColumn('order_id', 'uuid', (col) =>
      col.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('tool_id', 'uuid', (col) => col.notNull().references('tools.id'))
    .addColumn('tool_name', 'text', (col) => col.notNull())
    .addColumn('tool_img', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_cents', 'integer', (col) =>
      col.notNull().check(sql`unit_price_cents > 0`),
    )
    .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents > 0`))
    .addColumn('available_after', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('order_lines_pkey', ['order_id', 'tool_id'])
    .execute();
  await db.schema.createIndex('order_lines_tool_idx').on('order_lines').column('tool_id').execute();
  await sql`insert into order_lines (order_id, position, tool_id, tool_name, tool_img, quantity,
      unit_price_cents, price_cents, available_after)
    select id, 0, tool_id, tool_name, tool_img, quantity, unit_price_cents, price_cents,
      available_after from orders`.execute(db);

  await db.schema
    .createTable('cart_lines')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tool_id', 'uuid', (col) => col.notNull().references('tools.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('added_unit_price_cents', 'integer', (col) => col.notNull())
    .addColumn('added_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('cart_lines_pkey', ['user_id', 'tool_id'])
    .execute();
  await db.schema.createIndex('cart_lines_tool_idx').on('cart_lines').column('tool_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cart_lines').execute();
  await db.schema.dropTable('order_lines').execute();
  await db.schema.alterTable('orders').dropColumn('line_count').execute();
}
