import { afterEach, describe, expect, it } from 'vitest';
import {
  firstNeededByDay,
  fromCalendarDay,
  isCalendarDay,
  neededByFromParam,
  toCalendarDay,
} from './calendar-day';

/** 20:00 on 31 May in Honolulu (UTC-10): 1 June for the shop, which counts in UTC. */
const honoluluEvening = new Date('2030-05-31T20:00:00-10:00');

describe('calendar days of the purchase form', () => {
  const machineTimeZone = process.env.TZ;
  afterEach(() => {
    if (machineTimeZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineTimeZone;
  });

  it('writes a local date as YYYY-MM-DD and back', () => {
    expect(toCalendarDay(new Date(2030, 0, 5))).toBe('2030-01-05');
    expect(fromCalendarDay('2030-01-05')).toEqual(new Date(2030, 0, 5));
  });

  it('knows a real day from a made-up one', () => {
    expect(isCalendarDay('2030-02-28')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2030-02-30')).toBe(false);
    expect(isCalendarDay('2030-2-3')).toBe(false);
    expect(isCalendarDay('tomorrow')).toBe(false);
  });

  it('takes the "needed by" parameter only from the shop\'s today on', () => {
    const shopsJune1 = new Date('2030-06-01T12:00:00Z');
    expect(neededByFromParam('2030-06-15', shopsJune1)).toBe('2030-06-15');
    expect(neededByFromParam('2030-06-01', shopsJune1)).toBe('2030-06-01');
    expect(neededByFromParam('2030-05-31', shopsJune1)).toBe('');
    expect(neededByFromParam('2030-13-01', shopsJune1)).toBe('');
    expect(neededByFromParam(null, shopsJune1)).toBe('');
  });

  it("starts at the shop's today in an evening west of UTC, not the browser's", () => {
    process.env.TZ = 'Pacific/Honolulu';
    expect(toCalendarDay(honoluluEvening)).toBe('2030-05-31');
    expect(neededByFromParam('2030-05-31', honoluluEvening)).toBe('');
    expect(neededByFromParam('2030-06-01', honoluluEvening)).toBe('2030-06-01');
    expect(toCalendarDay(firstNeededByDay(honoluluEvening))).toBe('2030-06-01');
  });

  it("starts at the shop's today in a morning east of UTC, though the browser is a day ahead", () => {
    process.env.TZ = 'Pacific/Kiritimati';
    const kiritimatiMorning = new Date('2030-06-02T09:00:00+14:00');
    expect(toCalendarDay(kiritimatiMorning)).toBe('2030-06-02');
    expect(neededByFromParam('2030-06-01', kiritimatiMorning)).toBe('2030-06-01');
    expect(toCalendarDay(firstNeededByDay(kiritimatiMorning))).toBe('2030-06-01');
  });
});
