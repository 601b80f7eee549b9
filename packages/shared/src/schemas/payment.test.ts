import { describe, expect, it } from 'vitest';
import { fieldMessage, messagesFor } from '../test/issues';
import {
  CreatePaymentIntentSchema,
  PayOrderSchema,
  PaymentConfigSchema,
  SandboxCardPaymentSchema,
} from './payment';

const orderId = '0b4e7a3c-5f1d-4c2a-9e8b-1a2b3c4d5e6f';

describe('asking to pay an order', () => {
  it('takes the order id and ignores a price the client sends (the amount is the stored one)', () => {
    expect(CreatePaymentIntentSchema.parse({ orderId, price: 1 })).toEqual({ orderId });
    expect(CreatePaymentIntentSchema.parse({ orderId })).toEqual({ orderId });
  });

  it('refuses a missing or malformed order id and any other field', () => {
    expect(messagesFor(CreatePaymentIntentSchema, {})).not.toEqual([]);
    expect(messagesFor(CreatePaymentIntentSchema, { orderId: 'abc' })).not.toEqual([]);
    expect(messagesFor(CreatePaymentIntentSchema, { orderId, amount: 1 })).not.toEqual([]);
  });
});

describe('recording a payment (PATCH /api/purchase/{id})', () => {
  it('needs a transaction id of 1 to 255 characters, trimmed', () => {
    expect(PayOrderSchema.parse({ transactionId: ' pi_1 ' })).toEqual({ transactionId: 'pi_1' });
    expect(fieldMessage(PayOrderSchema, { transactionId: '   ' }, 'transactionId')).toBe(
      'transactionId is required',
    );
    expect(messagesFor(PayOrderSchema, { transactionId: 'x'.repeat(255) })).toEqual([]);
    expect(messagesFor(PayOrderSchema, { transactionId: 'x'.repeat(256) })).not.toEqual([]);
  });

  it('takes an order id of at most 100 characters and refuses other fields or control characters', () => {
    const paid = { transactionId: 'pi_1', orderID: 'o'.repeat(100) };
    expect(PayOrderSchema.parse(paid)).toEqual(paid);
    expect(messagesFor(PayOrderSchema, { ...paid, orderID: 'o'.repeat(101) })).not.toEqual([]);
    expect(messagesFor(PayOrderSchema, { ...paid, paid: true })).not.toEqual([]);
    expect(fieldMessage(PayOrderSchema, { transactionId: 'pi\u00001' }, 'transactionId')).toBe(
      'transactionId cannot contain control characters',
    );
    expect(fieldMessage(PayOrderSchema, { ...paid, orderID: 'a\nb' }, 'orderID')).toBe(
      'orderID cannot contain control characters',
    );
  });
});

describe("the test mode's card form", () => {
  const payment = {
    clientSecret: 'pi_123_secret_456',
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
    billingName: 'Ann Buyer',
    billingEmail: 'ann@example.com',
  };
  const card = (change: Partial<typeof payment.card>) => ({
    ...payment,
    card: { ...payment.card, ...change },
  });

  it('accepts a complete card, with or without billing details', () => {
    expect(SandboxCardPaymentSchema.parse(payment)).toEqual(payment);
    const { billingName: _name, billingEmail: _email, ...bare } = payment;
    expect(SandboxCardPaymentSchema.parse(bare)).toEqual(bare);
  });

  it("says Stripe's words for an empty number, a month outside 1..12 and a bad security code", () => {
    expect(messagesFor(SandboxCardPaymentSchema, card({ number: '' }))).toEqual([
      'Your card number is incomplete.',
    ]);
    for (const expMonth of [0, 13]) {
      expect(messagesFor(SandboxCardPaymentSchema, card({ expMonth }))).toEqual([
        "Your card's expiration month is invalid.",
      ]);
    }
    for (const expMonth of [1, 12]) {
      expect(messagesFor(SandboxCardPaymentSchema, card({ expMonth }))).toEqual([]);
    }
    for (const cvc of ['12a', '12345']) {
      expect(messagesFor(SandboxCardPaymentSchema, card({ cvc }))).toEqual([
        "Your card's security code is invalid.",
      ]);
    }
    for (const cvc of ['', '1234']) {
      expect(messagesFor(SandboxCardPaymentSchema, card({ cvc }))).toEqual([]);
    }
  });

  it('bounds every text: secret 10..200, number 30, name 200, email 254, and no other field', () => {
    const refused = (value: unknown) => messagesFor(SandboxCardPaymentSchema, value).length > 0;
    expect(refused({ ...payment, clientSecret: 'x'.repeat(9) })).toBe(true);
    expect(refused({ ...payment, clientSecret: 'x'.repeat(10) })).toBe(false);
    expect(refused({ ...payment, clientSecret: 'x'.repeat(200) })).toBe(false);
    expect(refused({ ...payment, clientSecret: 'x'.repeat(201) })).toBe(true);
    expect(refused(card({ number: '4'.repeat(30) }))).toBe(false);
    expect(refused(card({ number: '4'.repeat(31) }))).toBe(true);
    expect(refused(card({ expYear: 9999 }))).toBe(false);
    expect(refused(card({ expYear: 10_000 }))).toBe(true);
    expect(refused(card({ expYear: -1 }))).toBe(true);
    expect(refused(card({ expMonth: 1.5 }))).toBe(true);
    expect(refused({ ...payment, billingName: 'n'.repeat(200) })).toBe(false);
    expect(refused({ ...payment, billingName: 'n'.repeat(201) })).toBe(true);
    expect(refused({ ...payment, billingEmail: 'e'.repeat(254) })).toBe(false);
    expect(refused({ ...payment, billingEmail: 'e'.repeat(255) })).toBe(true);
    expect(refused({ ...payment, amount: 1 })).toBe(true);
    expect(refused({ ...payment, card: { ...payment.card, holder: 'x' } })).toBe(true);
  });

  it('refuses control characters in every text, naming the field', () => {
    const messages = (value: unknown) => messagesFor(SandboxCardPaymentSchema, value);
    expect(messages({ ...payment, clientSecret: 'pi_123\u0000secret' })).toEqual([
      'clientSecret cannot contain control characters',
    ]);
    expect(messages(card({ number: '4242\t4242' }))).toEqual([
      'Card number cannot contain control characters',
    ]);
    expect(messages(card({ cvc: '1\n2' }))).toEqual([
      'Security code cannot contain control characters',
    ]);
    expect(messages({ ...payment, billingName: 'Ann\u0007' })).toEqual([
      'Billing name cannot contain control characters',
    ]);
    expect(messages({ ...payment, billingEmail: 'ann@example.com\r' })).toEqual([
      'Billing email cannot contain control characters',
    ]);
  });
});

describe('the payment configuration', () => {
  it('is the test mode, or Stripe with its publishable key', () => {
    expect(PaymentConfigSchema.parse({ provider: 'sandbox' })).toEqual({ provider: 'sandbox' });
    const stripe = { provider: 'stripe', publishableKey: 'pk_test_1' };
    expect(PaymentConfigSchema.parse(stripe)).toEqual(stripe);
    expect(PaymentConfigSchema.safeParse({ provider: 'stripe' }).success).toBe(false);
    expect(PaymentConfigSchema.safeParse({ provider: 'paypal' }).success).toBe(false);
  });
});
