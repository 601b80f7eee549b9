import type { Order, SavedAddress, Tool } from '@shop/shared';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { SEEDED } from '../../db/migrations/0027-shipping-and-tax';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type Account, errorOf, purchaseBody, stockOf, toolInput } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

/** Toronto, whose postal codes start with M: Ontario, 13 % HST (migration 0027). */
const TORONTO = {
  address: '100 King Street West',
  phone: '+1 416 555 0100',
  country: 'CA',
  region: 'ON',
  city: 'Toronto',
  postalCode: 'M5H 2N2',
  shippingMethodId: SEEDED.methods.caGround,
};

/** Beverly Hills, 90210: a California ZIP code (7.25 % sales tax), Oregon none. */
const BEVERLY_HILLS = {
  address: '9400 Brighton Way',
  phone: '+1 310 555 0100',
  country: 'US',
  region: 'CA',
  city: 'Beverly Hills',
  postalCode: '90210',
  shippingMethodId: SEEDED.methods.usGround,
};

describeEachDatabase('the region agrees with the postal code (issue point 9)', (kind) => {
  let app: TestApp;
  let part: Tool;
  let buyer: Account;

  beforeAll(async () => {
    app = await createTestApp(kind);
    const admin = await signUpAdmin(app);
    part = (await (
      await send(
        app,
        'POST',
        '/api/tools',
        admin.token,
        toolInput({ name: 'Keyboard T480', minOrderQuantity: 1, price: 100 }),
      )
    ).json()) as Tool;
  });
  afterAll(() => app?.close());
  beforeEach(async () => {
    buyer = await signUpWithToken(app);
  });

  const checkout = async (body: unknown) => {
    const added = await send(app, 'POST', '/api/cart/lines', buyer.token, {
      toolId: part._id,
      quantity: 1,
    });
    expect(added.status).toBe(200);
    return send(app, 'POST', '/api/checkout', buyer.token, body);
  };

  it('refuses a checkout to Toronto with Alberta under the postal code, and takes nothing', async () => {
    const stock = await stockOf(app, part._id);
    const refused = await checkout({ ...TORONTO, region: 'AB' });
    expect(refused.status).toBe(400);
    const error = await errorOf(refused);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({
      postalCode: ['Postal code M5H 2N2 is in Ontario, not Alberta'],
    });
    expect(await stockOf(app, part._id)).toBe(stock);
  });

  it('places the checkout to Toronto in Ontario, taxed at 13 % HST', async () => {
    const placed = await checkout(TORONTO);
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as Order;
    expect(order.shipTo).toMatchObject({ country: 'CA', region: 'ON', postalCode: 'M5H 2N2' });
    // $ 100 and Ground's first band ($ 12.99), both taxed: 13.00 + 1.69 (1.6887).
    expect(order.totals).toEqual({
      subtotal: 100,
      shipping: 12.99,
      tax: 14.69,
      taxName: 'HST',
      taxRate: 13,
      total: 127.68,
      pricesIncludeTax: false,
    });
  });

  it('refuses a purchase to Beverly Hills 90210 in Oregon, and places it in California', async () => {
    const refused = await send(
      app,
      'POST',
      '/api/purchase',
      buyer.token,
      purchaseBody(part._id, { quantity: 1, ...BEVERLY_HILLS, region: 'OR' }),
    );
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).fields).toEqual({
      postalCode: ['ZIP code 90210 is in California, not Oregon'],
    });

    const placed = await send(
      app,
      'POST',
      '/api/purchase',
      buyer.token,
      purchaseBody(part._id, { quantity: 1, ...BEVERLY_HILLS }),
    );
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as Order;
    expect(order.totals).toMatchObject({ taxName: 'Sales tax', taxRate: 7.25 });
  });

  it('refuses the contradiction in the address book too, and keeps the address that agrees', async () => {
    const { shippingMethodId: _method, ...address } = TORONTO;
    const entry = { ...address, recipient: 'Tom Toronto' };
    const refused = await send(app, 'POST', '/api/addresses', buyer.token, {
      ...entry,
      region: 'AB',
    });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).fields).toEqual({
      postalCode: ['Postal code M5H 2N2 is in Ontario, not Alberta'],
    });
    const saved = await send(app, 'POST', '/api/addresses', buyer.token, entry);
    expect(saved.status).toBe(201);
    const book = (await (
      await send(app, 'GET', '/api/addresses', buyer.token)
    ).json()) as SavedAddress[];
    expect(book.map((a) => [a.region, a.postalCode])).toEqual([['ON', 'M5H 2N2']]);
  });
});
