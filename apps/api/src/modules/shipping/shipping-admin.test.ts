import type {
  Order,
  ShippingMethod,
  ShippingQuote,
  ShippingZone,
  TaxRate,
  TaxSettings,
  Tool,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED } from '../../db/migrations/0027-shipping-and-tax';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type Account, DELIVERY, errorOf, toolInput } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

const zoneBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Nordics',
  countries: ['NO', 'IS'],
  restOfWorld: false,
  refusedClasses: [],
  ...overrides,
});

const flatMethod = (overrides: Record<string, unknown> = {}) => ({
  name: 'Post',
  rateKind: 'flat',
  price: 19.5,
  minDays: 3,
  maxDays: 5,
  refusedClasses: [],
  ...overrides,
});

const weightMethod = (upTo: number[]) =>
  flatMethod({
    name: `Bands ${upTo.join(' ')}`,
    rateKind: 'weight',
    price: undefined,
    weightBands: upTo.map((upToGrams, index) => ({ upToGrams, price: 10 + index })),
  });

describeEachDatabase('the shipping back office', (kind) => {
  let app: TestApp;
  let admin: Account;
  let customer: Account;

  const as = (method: string, path: string, body?: unknown) =>
    send(app, method, path, admin.token, body);
  const createZone = async (overrides: Record<string, unknown> = {}) => {
    const response = await as('POST', '/api/shipping/zones', zoneBody(overrides));
    expect(response.status).toBe(201);
    return (await response.json()) as ShippingZone;
  };
  const zones = async () =>
    (await (await as('GET', '/api/shipping/zones')).json()) as ShippingZone[];

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
    customer = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  describe('is for admins only', () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/shipping/zones'],
      ['POST', '/api/shipping/zones', zoneBody({ name: 'Guarded' })],
      ['PUT', `/api/shipping/zones/${SEEDED.zones.us}`, zoneBody({ countries: ['US'] })],
      ['DELETE', `/api/shipping/zones/${SEEDED.zones.us}`],
      ['POST', `/api/shipping/zones/${SEEDED.zones.us}/methods`, flatMethod()],
      ['PUT', `/api/shipping/methods/${SEEDED.methods.usGround}`, flatMethod()],
      ['DELETE', `/api/shipping/methods/${SEEDED.methods.usGround}`],
      ['GET', '/api/shipping/tax-rates'],
      ['PUT', '/api/shipping/tax-rates', { country: 'DE', name: 'VAT', rate: 1 }],
      ['DELETE', '/api/shipping/tax-rates?country=DE'],
      ['GET', '/api/settings/tax'],
      ['PUT', '/api/settings/tax', { pricesIncludeTax: true, taxShipping: true }],
    ];
    it.each(routes)(
      '%s %s: 401 without a token, 403 NOT_ADMIN for a customer',
      async (method, path, body) => {
        expect((await send(app, method, path, undefined, body)).status).toBe(401);
        const refused = await send(app, method, path, customer.token, body);
        expect(refused.status).toBe(403);
        expect((await errorOf(refused)).code).toBe('NOT_ADMIN');
      },
    );

    it('changed nothing for them', async () => {
      const us = (await zones()).find((zone) => zone.id === SEEDED.zones.us);
      expect(us?.methods.map((method) => method.name)).toEqual(['Ground', 'Express']);
    });
  });

  it('lists the seeded zones with their countries by name and their methods in order', async () => {
    const listed = await zones();
    const eu = listed.find((zone) => zone.id === SEEDED.zones.eu)!;
    expect(eu.countries).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(eu.methods.map((method) => method.name)).toEqual(['Road', 'Air']);
    expect(eu.methods[0]).toMatchObject({
      rateKind: 'weight',
      price: 0,
      freeOver: null,
      weightBands: [
        { upToGrams: 1000, price: 14.99 },
        { upToGrams: 5000, price: 29.99 },
        { upToGrams: 20000, price: 59.99 },
      ],
      minDays: 6,
      maxDays: 10,
      refusedClasses: ['oversized'],
    });
    const usGround = listed.find((zone) => zone.id === SEEDED.zones.us)!.methods[0];
    expect(usGround).toMatchObject({ rateKind: 'free_over', price: 6.99, freeOver: 99 });
    expect(listed.at(-1)).toMatchObject({ name: 'Rest of the world', restOfWorld: true });
  });

  describe('zones', () => {
    it('refuses a country another zone has, naming that zone, until it leaves it', async () => {
      const refused = await as(
        'POST',
        '/api/shipping/zones',
        zoneBody({ name: 'DACH', countries: ['DE', 'AT', 'CH'] }),
      );
      expect(refused.status).toBe(409);
      const error = await errorOf(refused);
      expect(error.fields?.countries).toEqual([
        'Austria is already in European Union',
        'Germany is already in European Union',
      ]);
      expect((await zones()).some((zone) => zone.name === 'DACH')).toBe(false);

      const eu = (await zones()).find((zone) => zone.id === SEEDED.zones.eu)!;
      const left = await as('PUT', `/api/shipping/zones/${eu.id}`, {
        name: eu.name,
        countries: eu.countries.map((c) => c.code).filter((c) => c !== 'DE' && c !== 'AT'),
        restOfWorld: false,
        refusedClasses: eu.refusedClasses,
      });
      expect(left.status).toBe(200);
      const dach = await createZone({ name: 'DACH', countries: ['DE', 'AT', 'CH'] });
      expect(dach.countries.map((c) => c.code)).toEqual(['AT', 'DE', 'CH']);

      const back = await as('PUT', `/api/shipping/zones/${eu.id}`, {
        name: eu.name,
        countries: eu.countries.map((c) => c.code),
        restOfWorld: false,
        refusedClasses: [],
      });
      expect(back.status).toBe(409);
      expect((await errorOf(back)).fields?.countries).toEqual([
        'Austria is already in DACH',
        'Germany is already in DACH',
      ]);
    });

    it('keeps a zone its own countries when it is saved again', async () => {
      const zone = await createZone({ name: 'Benelux-free', countries: ['LI'] });
      const saved = await as(
        'PUT',
        `/api/shipping/zones/${zone.id}`,
        zoneBody({ name: 'Liechtenstein', countries: ['LI', 'MC'] }),
      );
      expect(saved.status).toBe(200);
      expect(((await saved.json()) as ShippingZone).countries.map((c) => c.code)).toEqual([
        'LI',
        'MC',
      ]);
    });

    it('refuses a name another zone has, whatever its case', async () => {
      const refused = await as(
        'POST',
        '/api/shipping/zones',
        zoneBody({ name: 'canada', countries: ['GL'] }),
      );
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).fields).toEqual({
        name: ['A zone named Canada already exists'],
      });
      const zone = await createZone({ name: 'Greenland', countries: ['GL'] });
      const renamed = await as(
        'PUT',
        `/api/shipping/zones/${zone.id}`,
        zoneBody({ name: 'GREENLAND', countries: ['GL'] }),
      );
      expect(renamed.status).toBe(200);
    });

    it('refuses a second rest of the world, naming the first', async () => {
      const refused = await as(
        'POST',
        '/api/shipping/zones',
        zoneBody({ name: 'Elsewhere', countries: [], restOfWorld: true }),
      );
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).fields).toEqual({
        restOfWorld: ['Only one zone can be the rest of the world, and it is Rest of the world'],
      });
      const world = (await zones()).find((zone) => zone.restOfWorld)!;
      const kept = await as(
        'PUT',
        `/api/shipping/zones/${world.id}`,
        zoneBody({ name: 'Everywhere else', countries: [], restOfWorld: true }),
      );
      expect(kept.status).toBe(200);
    });

    it('checks countries, names and classes with a message under each field', async () => {
      const refused = await as('POST', '/api/shipping/zones', {
        name: ' ',
        countries: ['XX', 'NO', 'NO'],
        restOfWorld: false,
        refusedClasses: ['fragile'],
      });
      expect(refused.status).toBe(400);
      const { code, fields } = await errorOf(refused);
      expect(code).toBe('VALIDATION_FAILED');
      expect(fields).toMatchObject({
        name: ['Name is required'],
        'countries.0': ['Choose a country from the list'],
        'countries.2': ['Norway is listed twice'],
        'refusedClasses.0': ['Choose standard, lithium battery or oversized'],
      });
      const empty = await as(
        'POST',
        '/api/shipping/zones',
        zoneBody({ name: 'Nowhere', countries: [] }),
      );
      expect((await errorOf(empty)).fields).toEqual({
        countries: ['Choose at least one country, or make it the rest of the world'],
      });
    });

    it('removes a zone with its methods; the country then goes by the rest of the world', async () => {
      const zone = await createZone({ name: 'Short-lived', countries: ['FO'] });
      await as('POST', `/api/shipping/zones/${zone.id}/methods`, flatMethod());
      expect((await as('DELETE', `/api/shipping/zones/${zone.id}`)).status).toBe(204);
      expect((await zones()).some((z) => z.id === zone.id)).toBe(false);
      expect((await as('DELETE', `/api/shipping/zones/${zone.id}`)).status).toBe(404);
      const methods = await app.database.db
        .selectFrom('shipping_methods')
        .where('zone_id', '=', zone.id)
        .select('id')
        .execute();
      expect(methods).toEqual([]);
    });
  });

  describe('methods', () => {
    let zone: ShippingZone;
    beforeAll(async () => {
      zone = await createZone({ name: 'Method tests', countries: ['AD'] });
    });
    const addMethod = (body: unknown) => as('POST', `/api/shipping/zones/${zone.id}/methods`, body);

    it('takes weight bands whose weights strictly increase, and nothing else', async () => {
      const repeated = await addMethod(weightMethod([1000, 1000]));
      expect(repeated.status).toBe(400);
      expect((await errorOf(repeated)).fields).toEqual({
        'weightBands.1.upToGrams': ['Each band must weigh more than the one before (1000 g)'],
      });
      const backwards = await addMethod(weightMethod([2000, 1000]));
      expect(backwards.status).toBe(400);
      expect((await errorOf(backwards)).fields).toHaveProperty('weightBands.1.upToGrams');
      const none = await addMethod(weightMethod([]));
      expect((await errorOf(none)).fields).toEqual({
        weightBands: ['Add at least one weight band'],
      });

      const accepted = await addMethod(weightMethod([1000, 1001]));
      expect(accepted.status).toBe(201);
      expect(((await accepted.json()) as ShippingMethod).weightBands).toEqual([
        { upToGrams: 1000, price: 10 },
        { upToGrams: 1001, price: 11 },
      ]);
    });

    it('takes a minimum of days up to the maximum, not above it', async () => {
      const above = await addMethod(flatMethod({ name: 'Slow', minDays: 6, maxDays: 5 }));
      expect(above.status).toBe(400);
      expect((await errorOf(above)).fields).toEqual({
        maxDays: ['Maximum days must be at least the minimum days'],
      });
      expect(
        (await addMethod(flatMethod({ name: 'Same day', minDays: 5, maxDays: 5 }))).status,
      ).toBe(201);
    });

    it('keeps a free-over method’s price and threshold in dollars, exact to the cent', async () => {
      const noThreshold = await addMethod(flatMethod({ name: 'Free', rateKind: 'free_over' }));
      expect((await errorOf(noThreshold)).fields).toEqual({ freeOver: ['Free over is required'] });
      const cents = await addMethod(flatMethod({ name: 'Free', price: 4.999 }));
      expect((await errorOf(cents)).fields).toEqual({
        price: ['Price can have at most 2 decimals'],
      });
      const created = await addMethod(
        flatMethod({ name: 'Free', rateKind: 'free_over', price: 0.1, freeOver: 49.99 }),
      );
      expect(created.status).toBe(201);
      const method = (await created.json()) as ShippingMethod;
      expect(method).toMatchObject({ price: 0.1, freeOver: 49.99, weightBands: [] });
      const row = await app.database.db
        .selectFrom('shipping_methods')
        .select(['rate_cents', 'free_over_cents'])
        .where('id', '=', method.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ rate_cents: 10, free_over_cents: 4999 });
    });

    it('refuses a name the zone has, whatever its case, but not one of another zone', async () => {
      await addMethod(flatMethod({ name: 'Courier' }));
      const refused = await addMethod(flatMethod({ name: 'COURIER' }));
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).fields).toEqual({
        name: ['This zone already has a method named Courier'],
      });
      const elsewhere = await as(
        'POST',
        `/api/shipping/zones/${SEEDED.zones.uk}/methods`,
        flatMethod({ name: 'Courier' }),
      );
      expect(elsewhere.status).toBe(201);
    });

    it('is changed as a whole and removed; an unknown one is not found', async () => {
      const method = (await (
        await addMethod(flatMethod({ name: 'Changing', refusedClasses: ['oversized'] }))
      ).json()) as ShippingMethod;
      const changed = await as('PUT', `/api/shipping/methods/${method.id}`, {
        ...weightMethod([500]),
        name: 'Changed',
        position: 7,
      });
      expect(changed.status).toBe(200);
      expect(await changed.json()).toMatchObject({
        name: 'Changed',
        rateKind: 'weight',
        price: 0,
        freeOver: null,
        refusedClasses: [],
        position: 7,
      });
      expect((await as('DELETE', `/api/shipping/methods/${method.id}`)).status).toBe(204);
      expect((await as('PUT', `/api/shipping/methods/${method.id}`, flatMethod())).status).toBe(
        404,
      );
      expect((await addMethod(flatMethod())).status).toBe(201);
      const unknownZone = await as(
        'POST',
        `/api/shipping/zones/${method.id}/methods`,
        flatMethod(),
      );
      expect(unknownZone.status).toBe(404);
    });
  });

  describe('tax rates', () => {
    const save = (body: Record<string, unknown>) => as('PUT', '/api/shipping/tax-rates', body);

    it('takes a rate from 0 to 100 percent with up to 3 decimals', async () => {
      expect((await save({ country: 'NO', name: 'VAT', rate: 100 })).status).toBe(200);
      const over = await save({ country: 'NO', name: 'VAT', rate: 100.001 });
      expect(over.status).toBe(400);
      expect((await errorOf(over)).fields).toEqual({ rate: ['Rate must be at most 100'] });
      const below = await save({ country: 'NO', name: 'VAT', rate: -0.001 });
      expect((await errorOf(below)).fields).toEqual({ rate: ['Rate must be at least 0'] });
      const decimals = await save({ country: 'NO', name: 'VAT', rate: 8.8755 });
      expect((await errorOf(decimals)).fields).toEqual({
        rate: ['Rate can have at most 3 decimals'],
      });
      const saved = await save({ country: 'no', name: 'MVA', rate: 8.875 });
      expect(await saved.json()).toEqual({
        country: 'NO',
        countryName: 'Norway',
        region: '',
        regionName: null,
        name: 'MVA',
        rate: 8.875,
      });
    });

    it('takes a region only of the country’s own', async () => {
      const state = await save({ country: 'US', region: 'or', name: 'Sales tax', rate: 0 });
      expect(state.status).toBe(200);
      expect(await state.json()).toMatchObject({ region: 'OR', regionName: 'Oregon' });
      const unknown = await save({ country: 'US', region: 'ZZ', name: 'Sales tax', rate: 1 });
      expect((await errorOf(unknown)).fields).toEqual({
        region: ['Choose a state of United States from the list'],
      });
      const none = await save({ country: 'DE', region: 'BY', name: 'VAT', rate: 19 });
      expect((await errorOf(none)).fields).toEqual({
        region: ['Germany has no regions: leave Region empty'],
      });
    });

    it('lists, replaces and removes rates', async () => {
      await save({ country: 'CA', region: 'QC', name: 'GST/QST', rate: 14.5 });
      const rates = (await (await as('GET', '/api/shipping/tax-rates')).json()) as TaxRate[];
      const quebec = rates.filter((rate) => rate.country === 'CA' && rate.region === 'QC');
      expect(quebec).toEqual([
        {
          country: 'CA',
          countryName: 'Canada',
          region: 'QC',
          regionName: 'Quebec',
          name: 'GST/QST',
          rate: 14.5,
        },
      ]);
      expect(rates.findIndex((rate) => rate.country === 'CA')).toBeLessThan(
        rates.findIndex((rate) => rate.country === 'DE'),
      );
      expect((await as('DELETE', '/api/shipping/tax-rates?country=CA&region=QC')).status).toBe(204);
      expect((await as('DELETE', '/api/shipping/tax-rates?country=CA&region=QC')).status).toBe(404);
    });
  });

  it('reads and sets the tax settings', async () => {
    expect(await (await as('GET', '/api/settings/tax')).json()).toEqual({
      pricesIncludeTax: false,
      taxShipping: true,
    });
    const body: TaxSettings = { pricesIncludeTax: true, taxShipping: false };
    expect(await (await as('PUT', '/api/settings/tax', body)).json()).toEqual(body);
    expect(await (await as('GET', '/api/settings/tax')).json()).toEqual(body);
    const partial = await as('PUT', '/api/settings/tax', { taxShipping: true });
    expect(partial.status).toBe(400);
    await as('PUT', '/api/settings/tax', { pricesIncludeTax: false, taxShipping: true });
  });

  it('gives a part a shipping class, and says it with its weight', async () => {
    const created = await as(
      'POST',
      '/api/tools',
      toolInput({ name: 'Big screen', shippingClass: 'oversized', weightGrams: 2400 }),
    );
    expect(created.status).toBe(201);
    const tool = (await created.json()) as Tool;
    expect(tool).toMatchObject({ shippingClass: 'oversized', weightGrams: 2400 });
    const plain = (await (
      await as('POST', '/api/tools', toolInput({ name: 'Small drive' }))
    ).json()) as Tool;
    expect(plain.shippingClass).toBe('standard');
    const changed = await as('PATCH', `/api/tools/${plain._id}`, {
      shippingClass: 'lithium_battery',
    });
    expect(await changed.json()).toMatchObject({ shippingClass: 'lithium_battery' });
    const wrong = await as('PATCH', `/api/tools/${plain._id}`, { shippingClass: 'fragile' });
    expect((await errorOf(wrong)).fields).toEqual({
      shippingClass: ['Shipping class must be standard, lithium battery or oversized'],
    });
  });

  it('removes a method an order went by; the order keeps its name and estimate', async () => {
    const tool = (await (
      await as('POST', '/api/tools', toolInput({ name: 'Kept drive' }))
    ).json()) as Tool;
    const method = (await (
      await as(
        'POST',
        `/api/shipping/zones/${SEEDED.zones.us}/methods`,
        flatMethod({ name: 'Keepsake', minDays: 4, maxDays: 6 }),
      )
    ).json()) as ShippingMethod;
    const placed = await send(app, 'POST', '/api/purchase', customer.token, {
      toolId: tool._id,
      quantity: 2,
      ...DELIVERY,
      shippingMethodId: method.id,
    });
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as Order;
    expect(order.shipping).toEqual({ method: 'Keepsake', minDays: 4, maxDays: 6 });

    expect((await as('DELETE', `/api/shipping/methods/${method.id}`)).status).toBe(204);
    const after = await send(app, 'GET', `/api/purchase/${order._id}`, customer.token);
    expect(((await after.json()) as Order).shipping).toEqual({
      method: 'Keepsake',
      minDays: 4,
      maxDays: 6,
    });
  });

  it('an admin adds a zone and a method, and a quote for that country shows it at once', async () => {
    const tool = (await (
      await as('POST', '/api/tools', toolInput({ name: 'Quoted drive', weightGrams: 300 }))
    ).json()) as Tool;
    const quote = async () => {
      const response = await send(app, 'POST', '/api/shipping/quote', undefined, {
        country: 'SJ',
        lines: [{ toolId: tool._id, quantity: 2 }],
      });
      expect(response.status).toBe(200);
      return (await response.json()) as ShippingQuote;
    };
    expect((await quote()).options.map((option) => option.name)).toEqual(['Air mail']);

    const zone = await createZone({ name: 'Svalbard', countries: ['SJ'] });
    const added = await as(
      'POST',
      `/api/shipping/zones/${zone.id}/methods`,
      flatMethod({ name: 'Polar post', price: 12.5 }),
    );
    expect(added.status).toBe(201);
    const [option, ...others] = (await quote()).options;
    expect(others).toEqual([]);
    expect(option).toMatchObject({ name: 'Polar post', shipping: 12.5, minDays: 3, maxDays: 5 });
  });
});
