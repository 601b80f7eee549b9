import { describe, expect, it } from 'vitest';
import { ORDER_NUMBER_MAX, formatOrderNumber, parseOrderNumber } from './order-number';

describe('order numbers', () => {
  it('are written with the prefix and at least six digits', () => {
    expect(formatOrderNumber(1)).toBe('ORD-000001');
    expect(formatOrderNumber(999_999)).toBe('ORD-999999');
    expect(formatOrderNumber(1_000_000)).toBe('ORD-1000000');
  });

  it('are read back with or without the prefix, the dash and the zeros, in any case', () => {
    for (const typed of [
      'ORD-000123',
      'ord-000123',
      'ORD 123',
      'ORD123',
      'ORD#123',
      '#123',
      '# 123',
      '000123',
      '123',
      '  ORD-000123  ',
    ]) {
      expect(parseOrderNumber(typed), typed).toBe(123);
    }
    expect(parseOrderNumber(formatOrderNumber(1_000_000))).toBe(1_000_000);
  });

  it('are not read from other text', () => {
    for (const typed of [
      '',
      'ORD-',
      'T480',
      'ORD-12a',
      '12 3',
      'CN-2026-000004',
      '2026-000001',
      'ORDER 12',
      '-123',
      '0',
      '000',
    ]) {
      expect(parseOrderNumber(typed), typed).toBeNull();
    }
  });

  it('are read up to the largest the database holds, and no further', () => {
    expect(parseOrderNumber(String(ORDER_NUMBER_MAX))).toBe(ORDER_NUMBER_MAX);
    expect(parseOrderNumber(String(ORDER_NUMBER_MAX + 1))).toBeNull();
    expect(parseOrderNumber('12345678901')).toBeNull();
  });
});
