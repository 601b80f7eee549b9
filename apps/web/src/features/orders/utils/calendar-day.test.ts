import { describe, expect, it } from 'vitest';
import { isCalendarDay, neededByFromParam, toCalendarDay } from './calendar-day';

describe('calendar days of the purchase form', () => {
  it('writes a local date as YYYY-MM-DD', () => {
    expect(toCalendarDay(new Date(2030, 0, 5))).toBe('2030-01-05');
  });

  it('knows a real day from a made-up one', () => {
    expect(isCalendarDay('2030-02-28')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2030-02-30')).toBe(false);
    expect(isCalendarDay('2030-2-3')).toBe(false);
    expect(isCalendarDay('tomorrow')).toBe(false);
  });

  it('takes the "needed by" parameter only when it is today or later', () => {
    expect(neededByFromParam('2030-06-15', '2030-06-01')).toBe('2030-06-15');
    expect(neededByFromParam('2030-06-01', '2030-06-01')).toBe('2030-06-01');
    expect(neededByFromParam('2030-05-31', '2030-06-01')).toBe('');
    expect(neededByFromParam('2030-13-01', '2030-06-01')).toBe('');
    expect(neededByFromParam(null, '2030-06-01')).toBe('');
  });
});
