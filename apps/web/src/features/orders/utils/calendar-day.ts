const pad = (value: number) => String(value).padStart(2, '0');

/** A date as a calendar day, YYYY-MM-DD, in local time (what a date input holds). */
export const toCalendarDay = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Today as the first day a buyer can ask for. */
export const today = () => toCalendarDay(new Date());

/** A real calendar day written YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

/** The `?neededBy=` of "Order Now", when it names a day that is not over yet; else empty. */
export const neededByFromParam = (param: string | null, now = today()) =>
  param && isCalendarDay(param) && param >= now ? param : '';
