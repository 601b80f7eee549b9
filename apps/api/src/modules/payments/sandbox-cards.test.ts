/**
 * Test mode's card checks, at their boundaries: what Stripe's test mode says for each card the
 * payment page may send (docs/product.md, Payments).
 */
import type { SandboxCardPayment } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { checkTestCard, passesLuhn } from './sandbox-provider';

type Card = SandboxCardPayment['card'];
/** November 2026, in the middle of the month. */
const now = new Date('2026-11-15T12:00:00Z');
const visa = (overrides: Partial<Card> = {}): Card => ({
  number: '4242424242424242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
});

/** The card error `checkTestCard` throws: its field code and message; none when it passes. */
function refusal(card: Card, at = now) {
  try {
    checkTestCard(card, at);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const { code, message, fields } = error as AppError;
    expect(code).toBe('CARD_ERROR');
    return { card: fields?.card?.[0], message };
  }
}

describe('passesLuhn', () => {
  it('accepts the check digit and refuses a number one off', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('378282246310005')).toBe(true); // odd length
    expect(passesLuhn('378282246310006')).toBe(false);
  });

  it('doubles every second digit from the right and sums the digits of the doubled', () => {
    expect(passesLuhn('18')).toBe(true); // 8 + 2·1
    expect(passesLuhn('81')).toBe(false); // 1 + 2·8 = 1 + 16 → 1 + 7
    expect(passesLuhn('91')).toBe(true); // 1 + (18 → 9)
    expect(passesLuhn('19')).toBe(false);
  });
});

describe('checkTestCard', () => {
  it("passes Stripe's succeeding test cards, spaces and dashes allowed", () => {
    for (const number of ['4242424242424242', '4000056655665556', '5555555555554444']) {
      expect(refusal(visa({ number }))).toBeUndefined();
    }
    expect(refusal(visa({ number: '4242 4242-4242 4242' }))).toBeUndefined();
    expect(refusal(visa({ number: '378282246310005', cvc: '1234' }))).toBeUndefined();
  });

  it("refuses Stripe's failing test cards with Stripe's words", () => {
    expect(refusal(visa({ number: '4000000000000002' }))).toEqual({
      card: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(refusal(visa({ number: '4000000000009995' }))).toEqual({
      card: 'card_declined',
      message: 'Your card has insufficient funds.',
    });
    expect(refusal(visa({ number: '4000000000000069' }))).toEqual({
      card: 'expired_card',
      message: 'Your card has expired.',
    });
    expect(refusal(visa({ number: '4000000000000127' }))).toEqual({
      card: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
    });
  });

  it('declines a real card number in test mode', () => {
    expect(refusal(visa({ number: '4111111111111111' }))).toEqual({
      card: 'card_declined',
      message: 'Your card was declined. Your request was in test mode, but used a non test card.',
    });
  });

  it('refuses a number of fewer than 12 or more than 19 digits, or failing the check digit', () => {
    const invalid = { card: 'incorrect_number', message: 'Your card number is invalid.' };
    // 12 and 19 digits with a right check digit get past the number check (then: not a test card).
    expect(refusal(visa({ number: '000000000000' }))?.card).toBe('card_declined');
    expect(refusal(visa({ number: '0000000000000000000' }))?.card).toBe('card_declined');
    expect(refusal(visa({ number: '00000000000' }))).toEqual(invalid);
    expect(refusal(visa({ number: '00000000000000000000' }))).toEqual(invalid);
    expect(refusal(visa({ number: '4242424242424241' }))).toEqual(invalid);
    expect(refusal(visa({ number: '4242x42424242424' }))).toEqual(invalid);
  });

  it('takes a card until the end of its expiry month, and a two-digit year as 20xx', () => {
    const expired = {
      card: 'invalid_expiry_year',
      message: "Your card's expiration date is in the past.",
    };
    const novemberCard = visa({ expMonth: 11, expYear: 2026 });
    expect(refusal(novemberCard, new Date('2026-11-30T23:59:59.999Z'))).toBeUndefined();
    expect(refusal(novemberCard, new Date('2026-12-01T00:00:00Z'))).toEqual(expired);
    expect(refusal(visa({ expMonth: 10, expYear: 2026 }))).toEqual(expired);
    expect(refusal(visa({ expMonth: 11, expYear: 26 }))).toBeUndefined();
    expect(refusal(visa({ expMonth: 10, expYear: 26 }))).toEqual(expired);
    expect(refusal(visa({ expMonth: 1, expYear: 99 }))).toBeUndefined(); // 2099
    expect(refusal(visa({ expMonth: 1, expYear: 100 }))).toEqual(expired); // the year 100
  });

  it('needs three security digits, four for a card starting with 3', () => {
    const incomplete = {
      card: 'incomplete_cvc',
      message: "Your card's security code is incomplete.",
    };
    expect(refusal(visa({ cvc: '12' }))).toEqual(incomplete);
    expect(refusal(visa({ cvc: '123' }))).toBeUndefined();
    expect(refusal(visa({ number: '378282246310005', cvc: '123' }))).toEqual(incomplete);
  });
});
