import type { Order, OrderStatus, Tool } from '@shop/shared';
import type { Kysely } from 'kysely';
import Stripe from 'stripe';
import type { Database } from '../db/schema';
import { expect } from 'vitest';
import { createStripeProvider } from '../modules/payments/stripe-provider';
import { createToolsService } from '../modules/catalogue';
import { send, signUpAdmin, signUpWithToken } from './identity';
import { startStripeStandIn } from './stripe-stand-in';
import type { AppEnv } from '../app';
import { SEEDED } from '../db/migrations/0027-shipping-and-tax';
import type { TestDatabaseKind } from './databases';
import { type TestApp, createTestApp } from './test-app';

/** The tools service as a test builds its own orders service on it: no catalogue cache. */
export const uncachedTools = (db: Kysely<Database>) =>
  createToolsService(db, { cache: { ttlMs: 0, maxEntries: 0, maxBytes: 0 } });

export type Account = Awaited<ReturnType<typeof signUpWithToken>>;

/** A card as the payment form sends it; the number decides the outcome (Stripe's test cards). */
export const card = (number: string, overrides: Record<string, unknown> = {}) => ({
  number,
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: '123',
  ...overrides,
});

/** A `POST /api/tools` body: a drive, 2 at least, 50 in stock at $12.50, unless overridden. */
export const toolInput = (overrides: Partial<Record<string, unknown>> = {}) => ({
  name: 'Test SSD',
  description: 'A drive for the tests',
  minOrderQuantity: 2,
  availableQuantity: 50,
  price: 12.5,
  img: '/images/tools/nvme-ssd.svg',
  ...overrides,
});

/** What a test may set of a tool's amounts. */
export type ToolAmount = 'minOrderQuantity' | 'availableQuantity' | 'price';

/** A tool an admin adds through the API: 500 at $10 a piece unless `fields` say otherwise. */
export async function createTool(
  app: TestApp,
  admin: Account,
  fields: Partial<Pick<Tool, ToolAmount>> & Pick<Tool, 'name' | 'description'>,
): Promise<Tool> {
  const created = await send(app, 'POST', '/api/tools', admin.token, {
    minOrderQuantity: 1,
    availableQuantity: 500,
    price: 10,
    img: '/images/tools/nvme-ssd.svg',
    ...fields,
  });
  expect(created.status).toBe(201);
  return (await created.json()) as Tool;
}

/** An admin and one tool at $14.50 to buy. */
export async function setUpShop(app: TestApp, availableQuantity = 500) {
  const admin = await signUpAdmin(app);
  const created = await send(app, 'POST', '/api/tools', admin.token, {
    name: 'Pay Test Fan',
    description: 'A fan',
    minOrderQuantity: 1,
    availableQuantity,
    price: 14.5,
    img: '/images/tools/cooling-fan.svg',
  });
  return { admin, tool: (await created.json()) as Tool };
}

/**
 * Where the tests' orders go unless they say otherwise: Portland, Oregon (no sales tax), by the
 * seeded US Ground (free from $ 99, else $ 6.99; migration 0027).
 */
export const DELIVERY = {
  phone: '+1 503 555 0100',
  address: '1 Market Street',
  country: 'US',
  region: 'OR',
  city: 'Portland',
  postalCode: '97204',
  shippingMethodId: SEEDED.methods.usGround,
};

/** Berlin, by the seeded EU Road ($ 14.99 up to 1 kg), VAT 19 % on the goods and on shipping. */
export const BERLIN = {
  phone: '+49 30 901820',
  address: 'Invalidenstraße 116',
  country: 'DE',
  city: 'Berlin',
  postalCode: '10115',
  shippingMethodId: SEEDED.methods.euRoad,
};

/**
 * New parts at the given prices, one of each in `buyer`'s cart, checked out to Berlin: the
 * unpaid order and its tools, in the order given.
 */
export async function orderToBerlin(
  app: TestApp,
  admin: Account,
  buyer: Account,
  parts: readonly (readonly [name: string, price: number])[],
) {
  const tools: Tool[] = [];
  for (const [name, price] of parts) {
    tools.push(await createTool(app, admin, { name, description: 'A part', price }));
  }
  for (const tool of tools) {
    const added = await send(app, 'POST', '/api/cart/lines', buyer.token, {
      toolId: tool._id,
      quantity: 1,
    });
    expect(added.status).toBe(200);
  }
  const placed = await send(app, 'POST', '/api/checkout', buyer.token, BERLIN);
  expect(placed.status).toBe(201);
  return { order: (await placed.json()) as Order, tools };
}

/** US Ground's price below its free threshold, in dollars. */
export const US_GROUND = 6.99;

/** A valid `POST /api/purchase` body; the server sets everything else. */
export const purchaseBody = (toolId: string, overrides: Record<string, unknown> = {}) => ({
  toolId,
  quantity: 2,
  ...DELIVERY,
  ...overrides,
});

/** A POST as the web app sends one that places an order, with an Idempotency-Key when given. */
const postOrdering =
  (path: string) => (app: TestApp, buyer: Account, body: unknown, key?: string) =>
    app.request(path, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${buyer.token}`,
        'Content-Type': 'application/json',
        ...(key === undefined ? {} : { 'Idempotency-Key': key }),
      },
      body: JSON.stringify(body),
    });

/** `POST /api/purchase` as the purchase form sends it. */
export const postPurchase = postOrdering('/api/purchase');
/** `POST /api/checkout` as the checkout form sends it. */
export const postCheckout = postOrdering('/api/checkout');

export const order = async (app: TestApp, buyer: Account, toolId: string, quantity = 2) => {
  const response = await send(app, 'POST', '/api/purchase', buyer.token, {
    toolId,
    quantity,
    ...DELIVERY,
    address: '5 Elm Street',
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Order;
};

export const orderNow = async (app: TestApp, buyer: Account, id: string) =>
  (await (await send(app, 'GET', `/api/purchase/${id}`, buyer.token)).json()) as Order;

export const stockOf = async (app: TestApp, toolId: string) =>
  ((await (await app.request(`/api/tools/${toolId}`)).json()) as Tool).availableQuantity;

/** The payment page's intent for an order: its client secret and the intent id inside it. */
export async function openPayment(app: TestApp, buyer: Account, orderId: string) {
  const response = await send(app, 'POST', '/api/create-payment-intent', buyer.token, { orderId });
  expect(response.status).toBe(200);
  const { clientSecret } = (await response.json()) as { clientSecret: string };
  return { clientSecret, intentId: clientSecret.split('_secret_')[0] ?? '' };
}

/**
 * Pays an order in test mode as the payment page does, with 4242 4242 4242 4242: the intent,
 * the card, then the order marked paid. Answers the order as paid and the transaction id.
 */
export async function payInTestMode(app: TestApp, buyer: Account, orderId: string) {
  const { clientSecret } = await openPayment(app, buyer, orderId);
  const confirmed = await send(app, 'POST', '/api/sandbox/confirm', buyer.token, {
    clientSecret,
    card: card('4242 4242 4242 4242'),
    billingName: buyer.name,
    billingEmail: buyer.email,
  });
  expect(confirmed.status).toBe(200);
  const { id } = (await confirmed.json()) as { id: string };
  const paid = await send(app, 'PATCH', `/api/purchase/${orderId}`, buyer.token, {
    transactionId: id,
  });
  expect(paid.status).toBe(200);
  return { order: (await paid.json()) as Order, transactionId: id };
}

/** The error's code and message (and fields); its `requestId` is checked against the header. */
export const errorOf = async (response: Response) => {
  const { requestId, ...error } = (
    (await response.json()) as {
      error: {
        code: string;
        message: string;
        fields?: Record<string, string[]>;
        requestId: string;
      };
    }
  ).error;
  expect(requestId).toBe(response.headers.get('x-request-id'));
  return error;
};

/**
 * A shop whose payments go through the official Stripe SDK to a local stand-in of Stripe's API,
 * on a database of that kind, with an admin, a tool and a customer; `close` stops both.
 */
export async function createStripeShop(
  kind: TestDatabaseKind,
  webhookSecret: string,
  env: Partial<AppEnv> = {},
) {
  const standIn = await startStripeStandIn();
  const provider = createStripeProvider({
    secretKey: 'sk_test_shop',
    webhookSecret,
    api: standIn.api,
  });
  const app = await createTestApp(kind, { seed: false, paymentProvider: provider, env });
  const { tool } = await setUpShop(app);
  const alice = await signUpWithToken(app);
  return {
    standIn,
    provider,
    app,
    tool,
    alice,
    close: async () => {
      await app.close();
      await standIn.close();
    },
  };
}

const signer = new Stripe('sk_test_signer');

/**
 * A `payment_intent.succeeded` event about `intent`, signed with `webhookSecret` as Stripe signs
 * its events, delivered to the shop's webhook. `signature` replaces the header ('' sends none).
 */
export function deliverSucceededEvent(
  app: TestApp,
  webhookSecret: string,
  intent: object,
  signature?: string,
) {
  const payload = JSON.stringify({
    id: `evt_test_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: intent },
  });
  const header =
    signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  return app.request('/api/stripe/webhook', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(header === '' ? {} : { 'Stripe-Signature': header }),
    },
    body: payload,
  });
}

/** An order's status set directly in the database: what another process or a race leaves. */
export const setOrderStatus = (app: TestApp, orderId: string, status: OrderStatus) =>
  app.database.db.updateTable('orders').set({ status }).where('id', '=', orderId).execute();

/** A test-mode intent's status as the provider keeps it. */
export const sandboxIntentStatus = async (app: TestApp, intentId: string) =>
  (
    await app.database.db
      .selectFrom('sandbox_payment_intents')
      .select('status')
      .where('id', '=', intentId)
      .executeTakeFirstOrThrow()
  ).status;
