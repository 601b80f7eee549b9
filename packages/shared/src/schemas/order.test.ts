import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { fieldMessage, messagesFor } from '../test/issues';
import {
  AddressSchema,
  IdempotencyKeySchema,
  ORDER_TOTAL_MAX_CENTS,
  PhoneSchema,
  PurchaseSchema,
} from './order';
import { QuantitySchema } from './quantity';

const validPurchase = {
  toolId: '0b4e7a3c-5f1d-4c2a-9e8b-1a2b3c4d5e6f',
  quantity: 1,
  phone: '01700000000',
  address: '12 Road, Dhaka',
  // Where it goes, and how (issue 35): the seeded Air mail, SEEDED.methods.worldAirMail of
  // migration 0027 (any UUID passes the schema).
  country: 'BD',
  city: 'Dhaka',
  postalCode: '1205',
  shippingMethodId: '35000000-0000-4000-8000-000000000501',
};

describe('the phone number (docs/product.md, Validation)', () => {
  it('must contain a digit', () => {
    expect(messagesFor(PhoneSchema, 'call me')).toEqual(['Phone number must contain a digit']);
    expect(messagesFor(PhoneSchema, '7')).toEqual([]);
    expect(messagesFor(PhoneSchema, 'ext. 7')).toEqual([]);
    expect(messagesFor(PhoneSchema, '+880 (1700) 000-000')).toEqual([]);
  });

  it('accepts 30 characters and refuses 31', () => {
    expect(messagesFor(PhoneSchema, '1'.repeat(30))).toEqual([]);
    expect(messagesFor(PhoneSchema, '1'.repeat(31))).toEqual([
      'Phone number must have at most 30 characters',
    ]);
  });

  it('asks for it when blank or missing', () => {
    expect(messagesFor(PhoneSchema, '  ')[0]).toBe('Phone number is required');
    expect(messagesFor(PhoneSchema, undefined)).toEqual(['Phone number is required']);
  });
});

describe('the address', () => {
  it('accepts 500 characters and refuses 501', () => {
    expect(messagesFor(AddressSchema, 'a'.repeat(500))).toEqual([]);
    expect(messagesFor(AddressSchema, 'a'.repeat(501))).toEqual([
      'Address must have at most 500 characters',
    ]);
  });

  it('keeps line breaks, as a textarea sends them, and asks for it when blank', () => {
    expect(AddressSchema.parse('12 Road\r\nDhaka\t1207')).toBe('12 Road\r\nDhaka\t1207');
    expect(messagesFor(AddressSchema, '\n ')[0]).toBe('Address is required');
  });
});

describe('the quantity bought', () => {
  it('accepts 1 and refuses 0', () => {
    expect(messagesFor(QuantitySchema, 1)).toEqual([]);
    expect(messagesFor(QuantitySchema, 0)).toEqual(['Quantity must be at least 1']);
  });

  it('accepts 100000 and refuses 100001', () => {
    expect(messagesFor(QuantitySchema, 100_000)).toEqual([]);
    expect(messagesFor(QuantitySchema, 100_001)).toEqual(['Quantity must be at most 100000']);
  });

  it('refuses a fraction and a number sent as text', () => {
    expect(messagesFor(QuantitySchema, 1.5)).toEqual(['Quantity must be a whole number']);
    expect(messagesFor(QuantitySchema, '2')).toEqual(['Quantity must be a number']);
  });

  it("words the notice of a tool's own bounds as the product quotes it", () => {
    expect(messages.quantityNotice(5, 120)).toBe(
      'Minimum Order quantity is 5. Please select a value between 5 and 120',
    );
  });
});

describe('the purchase', () => {
  it('accepts what the buyer chooses, with or without a needed-by day', () => {
    expect(messagesFor(PurchaseSchema, validPurchase)).toEqual([]);
    expect(messagesFor(PurchaseSchema, { ...validPurchase, neededBy: '2028-02-29' })).toEqual([]);
  });

  it('refuses a needed-by day that does not exist', () => {
    expect(
      fieldMessage(PurchaseSchema, { ...validPurchase, neededBy: '2027-02-29' }, 'neededBy'),
    ).toBe('Pick a valid date');
  });

  it('refuses a tool id that is not a UUID', () => {
    expect(PurchaseSchema.safeParse({ ...validPurchase, toolId: '42' }).success).toBe(false);
  });

  it('refuses the fields the server sets (price, email, name)', () => {
    for (const field of ['price', 'userEmail', 'userName', 'availableQuantity']) {
      expect(PurchaseSchema.safeParse({ ...validPurchase, [field]: 1 }).success, field).toBe(false);
    }
  });

  it('bounds an order total by the largest 4-byte integer of cents the database holds', () => {
    expect(ORDER_TOTAL_MAX_CENTS).toBe(2 ** 31 - 1);
  });
});

describe('the Idempotency-Key header', () => {
  it('accepts 1 to 255 printable ASCII characters', () => {
    expect(messagesFor(IdempotencyKeySchema, 'k')).toEqual([]);
    expect(messagesFor(IdempotencyKeySchema, ' ~'.repeat(127) + 'k')).toEqual([]);
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a tab', 'a\tb'],
    ['DEL', 'a\u007fb'],
    ['a non-ASCII letter', 'clé'],
  ])('refuses %s', (_case, key) => {
    expect(messagesFor(IdempotencyKeySchema, key)).toEqual([
      'Idempotency-Key must be 1 to 255 printable ASCII characters',
    ]);
  });
});
