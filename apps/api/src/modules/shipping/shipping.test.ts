import type { Order, ShippingQuote, Tool } from '@shop/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEEDED } from '../../db/migrations/0027-shipping-and-tax';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import {
  type Account,
  createStripeShop,
  errorOf,
  openPayment,
  purchaseBody,
  payInTestMode,
  stockOf,
  toolInput,
} from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

/** A buyer in Berlin: the EU zone (Road; Air refuses batteries), German VAT at 19 %. */
const BERLIN = {
  country: 'DE',
  city: 'Berlin',
  postalCode: '10115',
  phone: '+49 30 901820',
  region: undefined,
  address: 'Invalidenstraße 116',
};
const TOKYO = {
  country: 'JP',
  city: 'Tokyo',
  postalCode: '100-0001',
  phone: '+81 3-1234-5678',
  region: undefined,
  address: '1-1 Marunouchi, Chiyoda-ku',
};

describeEachDatabase('shipping and tax at checkout', (kind) => {
  let app: TestApp;
  let admin: Account;
  let buyer: Account;
  let battery: Tool;
  let ssd: Tool;

  const createPart = async (overrides: Record<string, unknown>) =>
    (await (
      await send(
        app,
        'POST',
        '/api/tools',
        admin.token,
        toolInput({ minOrderQuantity: 1, ...overrides }),
      )
    ).json()) as Tool;
  const quote = async (body: unknown) => send(app, 'POST', '/api/shipping/quote', undefined, body);
  const buy = (body: unknown) => send(app, 'POST', '/api/purchase', buyer.token, body);

  beforeAll(async () => {
    app = await createTestApp(kind);
    admin = await signUpAdmin(app);
    // The Batteries part type makes a part a lithium battery (migration 0027).
    battery = await createPart({ name: 'T480 Battery 24Wh', price: 54.9, category: 'battery' });
    ssd = await createPart({ name: 'NVMe SSD 512GB', price: 100, availableQuantity: 50 });
  });
  afterAll(() => app?.close());
  // A buyer of their own for each test: one holds only so many unpaid orders.
  beforeEach(async () => {
    buyer = await signUpWithToken(app);
  });

  it('quotes each method of the zone with its price and VAT, and says why the others cannot', async () => {
    const response = await quote({
      country: 'DE',
      lines: [
        { toolId: battery._id, quantity: 1 },
        { toolId: ssd._id, quantity: 2 },
      ],
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as ShippingQuote;
    expect(answer).toMatchObject({
      country: 'DE',
      countryName: 'Germany',
      taxName: 'VAT',
      taxRate: 19,
      refusal: null,
      unavailable: [{ name: 'Air', reason: 'Does not carry lithium battery parts' }],
    });
    expect(answer.options.map((o) => o.name)).toEqual(['Road']);
    const [road] = answer.options;
    // 54.90 + 2 x 100 = 254.90; Road's first band ($ 14.99); 19 % on each line and its share.
    expect(road).toMatchObject({
      subtotal: 254.9,
      shipping: 14.99,
      withinPromise: false,
      minDays: 6,
      maxDays: 10,
      pricesIncludeTax: false,
    });
    expect(road!.lines.map((l) => [l.tax, l.shipping, l.shippingTax])).toEqual([
      // 54.90 x 19 % = 10.431; its share of 14.99: 14.99 x 54.90 / 254.90 = 3.228 -> 3.23 (the
      // larger remainder), tax 0.6137 -> 0.61.
      [10.43, 3.23, 0.61],
      // 200 x 19 % = 38; the rest of the shipping, 11.76, tax 2.2344 -> 2.23.
      [38, 11.76, 2.23],
    ]);
    // 10.43 + 0.61 + 38 + 2.23, and 254.90 + 14.99 + 51.27.
    expect(road!.tax).toBe(51.27);
    expect(road!.total).toBe(321.16);
  });

  it('refuses a battery to a zone that refuses batteries, naming the line, and ships it by ground elsewhere', async () => {
    const answer = (await (
      await quote({ country: 'JP', lines: [{ toolId: battery._id, quantity: 1 }] })
    ).json()) as ShippingQuote;
    expect(answer.options).toEqual([]);
    expect(answer.refusal).toEqual({
      message: 'We cannot ship T480 Battery 24Wh to Japan. Remove it to order the rest.',
      lines: { [battery._id]: ['T480 Battery 24Wh cannot be shipped to Japan (lithium battery)'] },
    });

    const refused = await buy(
      purchaseBody(battery._id, {
        quantity: 1,
        ...TOKYO,
        shippingMethodId: SEEDED.methods.worldAirMail,
      }),
    );
    expect(refused.status).toBe(422);
    const error = await errorOf(refused);
    expect(error.code).toBe('CANNOT_SHIP');
    expect(error.fields?.[battery._id]).toEqual([
      'T480 Battery 24Wh cannot be shipped to Japan (lithium battery)',
    ]);
    expect(await stockOf(app, battery._id)).toBe(battery.availableQuantity);

    // To Germany: not by Air, but by Road.
    const byAir = await buy(
      purchaseBody(battery._id, { quantity: 1, ...BERLIN, shippingMethodId: SEEDED.methods.euAir }),
    );
    expect(byAir.status).toBe(422);
    expect((await errorOf(byAir)).fields).toEqual({
      shippingMethodId: ['Air cannot carry this order: does not carry lithium battery parts.'],
    });
    const byRoad = await buy(
      purchaseBody(battery._id, {
        quantity: 1,
        ...BERLIN,
        shippingMethodId: SEEDED.methods.euRoad,
      }),
    );
    expect(byRoad.status).toBe(201);
    const placed = (await byRoad.json()) as Order;
    expect(placed.shipping).toEqual({ method: 'Road', minDays: 6, maxDays: 10 });
    expect(placed.shipTo).toEqual({
      recipient: buyer.name,
      country: 'DE',
      countryName: 'Germany',
      region: null,
      city: 'Berlin',
      postalCode: '10115',
    });
    expect(placed.phone).toBe('+4930901820');
  });

  it('refuses a method of another zone', async () => {
    const response = await buy(
      purchaseBody(ssd._id, { quantity: 1, ...BERLIN, shippingMethodId: SEEDED.methods.usGround }),
    );
    expect(response.status).toBe(422);
    expect((await errorOf(response)).fields).toEqual({
      shippingMethodId: [
        'This shipping method does not deliver to Germany. Choose one of the methods offered.',
      ],
    });
  });

  describe('an address checked for its country, each message under its field', () => {
    it.each([
      [
        'a German postal code of 4 digits',
        { ...BERLIN, postalCode: '1011' },
        'postalCode',
        'This is not a valid postal code in Germany',
      ],
      [
        'a US ZIP code of 4 digits',
        { postalCode: '9720' },
        'postalCode',
        'This is not a valid zip code in United States',
      ],
      ['no ZIP code in the US', { postalCode: undefined }, 'postalCode', 'ZIP code is required'],
      ['no state in the US', { region: undefined }, 'region', 'State is required'],
      [
        'a state that is none',
        { region: 'XX' },
        'region',
        'Choose a state of United States from the list',
      ],
      ['a country that is none', { country: 'XX' }, 'country', 'Choose a country from the list'],
      ['no city', { city: ' ' }, 'city', 'City is required'],
      [
        'a phone too short for Germany',
        { ...BERLIN, phone: '+49 30 12' },
        'phone',
        'This is not a valid phone number for Germany: include the area code, or start with + and the country code',
      ],
      [
        "a phone without a digit (the spec's rule)",
        { phone: 'none' },
        'phone',
        'Phone number must contain a digit',
      ],
    ])('refuses %s', async (_case, change, field, message) => {
      const response = await buy(purchaseBody(ssd._id, { quantity: 1, ...change }));
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields?.[field]).toEqual([message]);
    });

    it.each([
      ['a ZIP+4 code', { postalCode: '97204-1234' }],
      ['a state in lower case', { region: 'or' }],
      ['a phone written the local way', { phone: '(503) 555-0100' }],
      ['a country in lower case', { country: 'us' }],
    ])('takes %s', async (_case, change) => {
      const response = await buy(purchaseBody(ssd._id, { quantity: 1, ...change }));
      expect(response.status).toBe(201);
      const placed = (await response.json()) as Order;
      expect(placed.shipTo).toMatchObject({ country: 'US', region: 'OR' });
      expect(placed.phone).toBe('+15035550100');
    });

    it('keeps no region or postal code where the country has none', async () => {
      const response = await buy(
        purchaseBody(ssd._id, {
          quantity: 1,
          country: 'HK',
          region: 'Kowloon',
          city: 'Hong Kong',
          postalCode: '000',
          phone: '+852 2123 4567',
          shippingMethodId: SEEDED.methods.worldAirMail,
        }),
      );
      expect(response.status).toBe(201);
      expect(((await response.json()) as Order).shipTo).toMatchObject({
        country: 'HK',
        region: null,
        postalCode: null,
      });
    });
  });

  it('charges the stored total, VAT and shipping included, in test mode', async () => {
    const response = await buy(
      purchaseBody(ssd._id, { quantity: 1, ...BERLIN, shippingMethodId: SEEDED.methods.euAir }),
    );
    const placed = (await response.json()) as Order;
    // $ 100 + Air $ 34.99, and 19 % VAT on both: 19.00 + 6.65 (6.6481).
    expect(placed.totals).toEqual({
      subtotal: 100,
      shipping: 34.99,
      tax: 25.65,
      taxName: 'VAT',
      taxRate: 19,
      total: 160.64,
      pricesIncludeTax: false,
    });
    expect(placed.price).toBe(160.64);
    const { order: paid } = await payInTestMode(app, buyer, placed._id);
    expect(paid.status).toBe('paid');
    const payment = await app.database.db
      .selectFrom('order_payments')
      .select('amount_cents')
      .where('order_id', '=', placed._id)
      .executeTakeFirstOrThrow();
    expect(payment.amount_cents).toBe(16064);
  });
});

describe('shipping and tax through Stripe (the stand-in)', () => {
  it('asks Stripe for the stored total', async () => {
    const { standIn, app, tool, alice, close } = await createStripeShop('pglite', 'whsec_shipping');
    try {
      const response = await send(
        app,
        'POST',
        '/api/purchase',
        alice.token,
        purchaseBody(tool._id, { quantity: 3, ...BERLIN, shippingMethodId: SEEDED.methods.euRoad }),
      );
      expect(response.status).toBe(201);
      const placed = (await response.json()) as Order;
      // 3 x $ 14.50 = 43.50, Road's first band 14.99, 19 % VAT: 8.27 (8.265) + 2.85 (2.8481).
      expect(placed.totals.total).toBe(69.61);
      await openPayment(app, alice, placed._id);
      expect(standIn.creates.at(-1)?.params.get('amount')).toBe('6961');
    } finally {
      await close();
    }
  });
});
