import { afterEach, describe, expect, it } from 'vitest';
import { SHOP_TIME_ZONE, isPastNeededBy, shopToday } from './shop-calendar';

/** The boundaries are written with the browser's offset: Honolulu is UTC-10, Kiritimati UTC+14. */
const instant = (iso: string) => new Date(iso);

describe("the shop's calendar", () => {
  const machineTimeZone = process.env.TZ;
  afterEach(() => {
    // Node reads TZ again when it is set: the machine's zone must not matter.
    if (machineTimeZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineTimeZone;
  });

  it('counts days in UTC', () => {
    expect(SHOP_TIME_ZONE).toBe('UTC');
  });

  it('writes every day as YYYY-MM-DD, years before 1000 with their leading zero', () => {
    expect(shopToday(new Date(Date.UTC(999, 0, 5)))).toBe('0999-01-05');
    expect(shopToday(instant('2026-03-09T00:00:00Z'))).toBe('2026-03-09');
  });

  it.each([
    // The shop's midnight: the last instant of 1 June and the first of 2 June, seen from both sides.
    ['2030-06-01T13:59:59.999-10:00', '2030-06-01'],
    ['2030-06-01T14:00:00.000-10:00', '2030-06-02'],
    ['2030-06-02T13:59:59.999+14:00', '2030-06-01'],
    ['2030-06-02T14:00:00.000+14:00', '2030-06-02'],
    // The browser's midnight does not move the shop's day.
    ['2030-06-01T23:59:59.999-10:00', '2030-06-02'],
    ['2030-06-02T00:00:00.000-10:00', '2030-06-02'],
    ['2030-06-01T23:59:59.999+14:00', '2030-06-01'],
    ['2030-06-02T00:00:00.000+14:00', '2030-06-01'],
    // Across a month and a year.
    ['2030-12-31T23:59:59.999Z', '2030-12-31'],
    ['2031-01-01T00:00:00.000Z', '2031-01-01'],
  ])('at %s it is %s', (at, day) => {
    expect(shopToday(instant(at))).toBe(day);
  });

  it.each(['Pacific/Honolulu', 'Pacific/Kiritimati', 'UTC'])(
    'gives the same day whatever the machine runs in (%s)',
    (zone) => {
      process.env.TZ = zone;
      // 20:00 on 31 May in Honolulu, 10:00 on 1 June in Kiritimati.
      expect(shopToday(instant('2030-06-01T06:00:00.000Z'))).toBe('2030-06-01');
      expect(isPastNeededBy('2030-05-31', instant('2030-06-01T06:00:00.000Z'))).toBe(true);
    },
  );

  describe('a needed-by day', () => {
    const lastInstantOfJune1 = instant('2030-06-01T13:59:59.999-10:00');
    const firstInstantOfJune2 = instant('2030-06-01T14:00:00.000-10:00');

    it("is accepted from the shop's today on", () => {
      expect(isPastNeededBy('2030-05-31', lastInstantOfJune1)).toBe(true);
      expect(isPastNeededBy('2030-06-01', lastInstantOfJune1)).toBe(false);
      expect(isPastNeededBy('2030-06-02', lastInstantOfJune1)).toBe(false);
    });

    it("is past as soon as the shop's day is over, though the browser's is not", () => {
      expect(isPastNeededBy('2030-06-01', firstInstantOfJune2)).toBe(true);
      expect(isPastNeededBy('2030-06-02', firstInstantOfJune2)).toBe(false);
    });

    it("is not past in a browser already in the shop's tomorrow", () => {
      // 10:00 on 2 June in Kiritimati is still 1 June for the shop.
      expect(isPastNeededBy('2030-06-01', instant('2030-06-02T10:00:00.000+14:00'))).toBe(false);
    });
  });
});
