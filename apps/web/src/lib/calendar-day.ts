import { isPastNeededBy, shopToday } from '@shop/shared';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A calendar picker's day (local midnight) as YYYY-MM-DD. It names the day the customer
 * clicked, so it is read in local time; "today" itself comes from the shop's calendar.
 */
export const toCalendarDay = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** YYYY-MM-DD as a calendar picker's day: local midnight of that day. */
export function fromCalendarDay(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/** A real calendar day written YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

/**
 * The first day a customer can ask for, as a calendar picker's day: the shop's today, which in
 * an evening west of UTC is already the customer's tomorrow.
 */
export const firstNeededByDay = (now: Date) => fromCalendarDay(shopToday(now));

/** The `?neededBy=` of "Order Now", when it names a day the shop accepts; else empty. */
export const neededByFromParam = (param: string | null, now: Date) =>
  param && isCalendarDay(param) && !isPastNeededBy(param, now) ? param : '';
