import { ADDRESS_BOOK_MAX, type SavedAddress } from '@shop/shared';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpWithToken } from '../../test/identity';
import { type Account, errorOf } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

const home = {
  recipient: 'Ann Example',
  address: '1 Market Street',
  country: 'us',
  region: 'or',
  city: 'Portland',
  postalCode: '97204',
  phone: '(503) 555-0100',
};
const berlin = {
  recipient: 'Ann Example',
  address: 'Invalidenstraße 116',
  country: 'DE',
  city: 'Berlin',
  postalCode: '10115',
  phone: '030 901820',
};

describeEachDatabase("My Profile's address book", (kind) => {
  let app: TestApp;
  let ann: Account;

  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app?.close());
  beforeEach(async () => {
    ann = await signUpWithToken(app);
  });

  const add = (body: unknown, who = ann) => send(app, 'POST', '/api/addresses', who.token, body);
  const book = async (who = ann) =>
    (await (await send(app, 'GET', '/api/addresses', who.token)).json()) as SavedAddress[];

  it('keeps an address as a destination is kept, the first one the default', async () => {
    const response = await add(home);
    expect(response.status).toBe(201);
    const saved = (await response.json()) as SavedAddress;
    expect(saved).toEqual({
      id: saved.id,
      recipient: 'Ann Example',
      address: '1 Market Street',
      country: 'US',
      countryName: 'United States',
      region: 'OR',
      city: 'Portland',
      postalCode: '97204',
      phone: '+15035550100',
      isDefault: true,
    });
    const second = (await (await add(berlin)).json()) as SavedAddress;
    expect(second).toMatchObject({ isDefault: false, phone: '+4930901820', region: null });
    expect((await book()).map((a) => a.id)).toEqual([saved.id, second.id]);
  });

  it('moves the default to the address said to be it, and to the newest left when it is removed', async () => {
    const first = (await (await add(home)).json()) as SavedAddress;
    const second = (await (await add({ ...berlin, isDefault: true })).json()) as SavedAddress;
    expect((await book()).map((a) => [a.id, a.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    const changed = await send(app, 'PUT', `/api/addresses/${first.id}`, ann.token, {
      ...home,
      city: 'Salem',
      postalCode: '97301',
      isDefault: true,
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ city: 'Salem', isDefault: true });
    expect((await book()).filter((a) => a.isDefault).map((a) => a.id)).toEqual([first.id]);

    expect((await send(app, 'DELETE', `/api/addresses/${first.id}`, ann.token)).status).toBe(204);
    expect(await book()).toEqual([{ ...second, isDefault: true }]);
  });

  it("never shows or changes another customer's address", async () => {
    const saved = (await (await add(home)).json()) as SavedAddress;
    const bob = await signUpWithToken(app);
    expect(await book(bob)).toEqual([]);
    for (const [method, body] of [
      ['PUT', home],
      ['DELETE', undefined],
    ] as const) {
      const refused = await send(app, method, `/api/addresses/${saved.id}`, bob.token, body);
      expect(refused.status).toBe(404);
      expect(await errorOf(refused)).toEqual({ code: 'NOT_FOUND', message: 'Address not found' });
    }
    expect(await book()).toEqual([saved]);
  });

  it('refuses an address its country would refuse, with the message under the field', async () => {
    const refused = await add({ ...berlin, postalCode: '1011' });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).fields).toEqual({
      postalCode: ['This is not a valid postal code in Germany'],
    });
    expect((await errorOf(await add({ ...home, recipient: ' ' }))).fields).toEqual({
      recipient: ['Recipient is required'],
    });
    expect(await book()).toEqual([]);
  });

  it(`holds ${ADDRESS_BOOK_MAX} addresses, not one more`, async () => {
    for (let i = 0; i < ADDRESS_BOOK_MAX; i++) {
      expect((await add({ ...home, address: `${i + 1} Market Street` })).status).toBe(201);
    }
    const refused = await add(berlin);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(
      `Your address book is full (${ADDRESS_BOOK_MAX} addresses). Remove one to add another.`,
    );
    expect(await book()).toHaveLength(ADDRESS_BOOK_MAX);
  });
});
