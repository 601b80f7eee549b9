/**
 * Mass assignment (issue 8): on every write route, fields the client must not set are refused
 * (400) or ignored, and the database proves nothing was written through them.
 */
import type { Order, Tool } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { describeEachDatabase } from '../test/databases';
import { postAuth, newPerson, send, signUpAdmin, signUpWithToken } from '../test/identity';
import { type TestApp, createTestApp } from '../test/test-app';
import { DELIVERY } from '../test/shop';

const forbidden = {
  price: 0.01,
  paid: true,
  transactionId: 'pi_forged',
  role: 'admin',
  userEmail: 'mallory@example.com',
  _id: '00000000-0000-4000-8000-000000000000',
  availableQuantity: 999_999,
  status: 'paid',
} as const;
type Field = keyof typeof forbidden;
/** Every forbidden field: none of them is a field of the route's body. */
const everyField = Object.keys(forbidden) as Field[];

describeEachDatabase('fields a client must not set', (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  let alice: Awaited<ReturnType<typeof signUpWithToken>>;
  let tool: Tool;
  let order: Order;

  const count = async (table: keyof Database) =>
    Number(
      (
        await app.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Everything a forbidden field could have changed, read from the database. */
  const snapshot = async () => ({
    orders: await app.database.db
      .selectFrom('orders')
      .select(['id', 'status', 'price_cents', 'transaction_id', 'user_email'])
      .orderBy('id')
      .execute(),
    tools: await app.database.db
      .selectFrom('tools')
      .select(['id', 'price_cents', 'available_quantity'])
      .orderBy('id')
      .execute(),
    users: await app.database.db
      .selectFrom('users')
      .select(['id', 'role', 'email'])
      .orderBy('id')
      .execute(),
    reviews: await count('reviews'),
    profiles: await count('profiles'),
    cartLines: await app.database.db
      .selectFrom('cart_lines')
      .select(['user_id', 'tool_id', 'quantity', 'added_unit_price_cents'])
      .orderBy('user_id')
      .orderBy('tool_id')
      .execute(),
    orderLines: await count('order_lines'),
  });

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
    alice = await signUpWithToken(app);
    tool = (await (
      await send(app, 'POST', '/api/tools', admin.token, {
        name: 'Guarded Tool',
        description: 'x',
        minOrderQuantity: 1,
        availableQuantity: 50,
        price: 10,
        img: '/images/tools/nvme-ssd.svg',
      })
    ).json()) as Tool;
    order = (await (
      await send(app, 'POST', '/api/purchase', alice.token, {
        toolId: tool._id,
        quantity: 2,
        ...DELIVERY,
        address: 'a',
      })
    ).json()) as Order;
    await send(app, 'POST', '/api/cart/lines', alice.token, { toolId: tool._id, quantity: 2 });
  });
  afterAll(() => app.close());

  const writes: {
    route: string;
    fields: Field[];
    call: (extra: Record<string, unknown>) => Promise<Response>;
  }[] = [
    {
      route: 'POST /api/purchase',
      fields: everyField,
      call: (extra) =>
        send(app, 'POST', '/api/purchase', alice.token, {
          toolId: tool._id,
          quantity: 1,
          ...DELIVERY,
          address: 'a',
          ...extra,
        }),
    },
    {
      route: 'POST /api/cart/lines',
      fields: everyField,
      call: (extra) =>
        send(app, 'POST', '/api/cart/lines', alice.token, {
          toolId: tool._id,
          quantity: 1,
          ...extra,
        }),
    },
    {
      route: 'PATCH /api/cart/lines/:toolId',
      fields: everyField,
      call: (extra) =>
        send(app, 'PATCH', `/api/cart/lines/${tool._id}`, alice.token, { quantity: 1, ...extra }),
    },
    // Alice's cart holds the tool (beforeAll): a checkout the rule let through would order it.
    {
      route: 'POST /api/checkout',
      fields: everyField,
      call: (extra) =>
        send(app, 'POST', '/api/checkout', alice.token, { ...DELIVERY, address: 'a', ...extra }),
    },
    {
      route: 'POST /api/tools',
      fields: ['paid', 'transactionId', 'role', 'userEmail', '_id', 'status'],
      call: (extra) =>
        send(app, 'POST', '/api/tools', admin.token, {
          name: 'New',
          description: 'x',
          minOrderQuantity: 1,
          availableQuantity: 1,
          price: 1,
          img: '/images/tools/nvme-ssd.svg',
          ...extra,
        }),
    },
    {
      route: 'PATCH /api/tools/:id',
      fields: ['paid', 'transactionId', 'role', 'userEmail', '_id', 'status'],
      call: (extra) =>
        send(app, 'PATCH', `/api/tools/${tool._id}`, admin.token, {
          description: 'Same',
          ...extra,
        }),
    },
    {
      route: 'POST /api/reviews',
      fields: ['price', 'paid', 'transactionId', 'role', 'userEmail', '_id', 'status'],
      call: (extra) =>
        send(app, 'POST', '/api/reviews', alice.token, {
          name: 'A',
          review: 'B',
          location: 'C',
          description: 'D',
          img: '/images/avatars/avatar-1.svg',
          ...extra,
        }),
    },
    {
      route: 'PUT /api/userInfo/:email',
      fields: ['price', 'paid', 'transactionId', 'role', 'userEmail', '_id', 'status'],
      call: (extra) =>
        send(app, 'PUT', `/api/userInfo/${alice.email}`, alice.token, {
          birthDate: '01-01-90',
          address: 'a',
          phone: '1',
          profileLink: 'https://example.com/a',
          ...extra,
        }),
    },
    {
      route: 'PUT /api/user/:email',
      fields: ['price', 'paid', 'transactionId', 'role', 'userEmail', '_id', 'status'],
      call: (extra) =>
        app.request(`/api/user/${alice.email}`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Cookie: alice.cookie },
          body: JSON.stringify({ email: alice.email, ...extra }),
        }),
    },
    {
      route: 'PATCH /api/purchase/:id',
      fields: ['price', 'paid', 'role', 'userEmail', '_id', 'status'],
      call: (extra) =>
        send(app, 'PATCH', `/api/purchase/${order._id}`, alice.token, {
          transactionId: 'pi_sandbox_x',
          ...extra,
        }),
    },
    {
      route: 'POST /api/auth/sign-up/email',
      fields: ['price', 'paid', 'transactionId', 'role', 'userEmail', '_id', 'status'],
      call: (extra) => postAuth(app, '/sign-up/email', { ...newPerson('mass'), ...extra }),
    },
  ];

  it.each(
    writes.flatMap((write) => write.fields.map((field) => [write.route, field, write] as const)),
  )('%s refuses %s and stores nothing', async (_route, field, write) => {
    const before = await snapshot();
    const response = await write.call({ [field]: forbidden[field] });
    expect(response.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('POST /api/create-payment-intent ignores a price: the amount is the stored order’s', async () => {
    const response = await send(app, 'POST', '/api/create-payment-intent', alice.token, {
      orderId: order._id,
      price: 0.01,
    });
    expect(response.status).toBe(200);
    const intent = await app.database.db
      .selectFrom('sandbox_payment_intents')
      .select('amount_cents')
      .where('order_id', '=', order._id)
      .executeTakeFirstOrThrow();
    // The stored total: 2 x $ 10 and US Ground's $ 6.99 below its free threshold.
    expect(intent.amount_cents).toBe(2000 + 699);
  });
});
