import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { formatPercent } from './percent';

describe('formatPercent', () => {
  it('writes a rate as every screen, email and invoice shows it: no space, at most three decimals', () => {
    expect(formatPercent(19)).toBe('19%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(8.875)).toBe('8.875%');
    expect(formatPercent(7.0625)).toBe('7.063%');
    expect(formatPercent(1250)).toBe('1,250%');
  });

  it("is the emails' tax line's rate", () => {
    expect(messages.email.order.tax('VAT', 19, false)).toBe('VAT 19%');
    expect(messages.email.order.tax('Sales tax', 8.875, true)).toBe('Includes Sales tax 8.875%');
    expect(messages.email.order.tax('VAT', 7.0625, false)).toBe('VAT 7.063%');
  });
});
