import { describe, expect, it } from 'vitest';

/**
 * The package is imported, not read: a rule written so that it throws while the module loads
 * (an unknown time zone, a schema built from nothing) breaks both apps at start. Imported inside
 * the test, such a failure fails this test instead of only stopping the other files from loading.
 */
describe('the shared package', () => {
  it("loads, and its calendar and rules answer (the shop's day, a purchase)", async () => {
    const shared = await import('./index');
    expect(shared.shopToday(new Date('2026-06-01T23:59:59Z'))).toBe('2026-06-01');
    expect(
      shared.PurchaseSchema.safeParse({
        toolId: '0b4e7a3c-5f1d-4c2a-9e8b-1a2b3c4d5e6f',
        quantity: 1,
        phone: '01700000000',
        address: '12 Road, Dhaka',
        // Where it goes, and how (issue 35): the seeded Air mail, SEEDED.methods.worldAirMail
        // of migration 0027 (any UUID passes the schema).
        country: 'BD',
        city: 'Dhaka',
        postalCode: '1205',
        shippingMethodId: '35000000-0000-4000-8000-000000000501',
      }).success,
    ).toBe(true);
    expect(
      shared.ToolInputSchema.safeParse({
        name: 'Torx T5',
        description: 'Fits most laptops',
        minOrderQuantity: 1,
        availableQuantity: 0,
        price: 2.5,
        img: '/images/t5.png',
      }).success,
    ).toBe(true);
  });

  it('names the header that carries the number of tools a list query matched', async () => {
    const { TOTAL_COUNT_HEADER } = await import('./constants');
    expect(TOTAL_COUNT_HEADER).toBe('X-Total-Count');
  });
});
