import { describe, expect, it } from 'vitest';
import {
  fieldOfCardError,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  incompleteField,
  toCard,
} from './card-input';

describe('card input', () => {
  it('groups the card number in fours and keeps digits only', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('1'.repeat(25))).toHaveLength(19 + 4);
  });

  it('writes the expiry as MM/YY and the CVC as up to four digits', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
    expect(formatCvc('12a34 5')).toBe('1234');
  });

  it('names the first unfinished field in Stripe words', () => {
    const good = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
    expect(incompleteField(good)).toBeNull();
    expect(incompleteField({ ...good, number: '4242' })?.message).toBe(
      'Your card number is incomplete.',
    );
    expect(incompleteField({ ...good, expiry: '12/' })?.field).toBe('expiry');
    expect(incompleteField({ ...good, cvc: '12' })?.message).toBe(
      "Your card's security code is incomplete.",
    );
  });

  it('gives the provider digits and numbers', () => {
    expect(toCard({ number: '4242 4242 4242 4242', expiry: '01/30', cvc: '123' })).toEqual({
      number: '4242424242424242',
      expMonth: 1,
      expYear: 30,
      cvc: '123',
    });
  });

  it('ties a card error code to its field', () => {
    expect(fieldOfCardError('incorrect_number')).toBe('number');
    expect(fieldOfCardError('invalid_expiry_year')).toBe('expiry');
    expect(fieldOfCardError('incomplete_cvc')).toBe('cvc');
    expect(fieldOfCardError('card_declined')).toBeNull();
    expect(fieldOfCardError(undefined)).toBeNull();
  });
});
