/**
 * A formatter made on first use: building an Intl formatter loads locale data, about 20 ms on a
 * slow phone, and this module is loaded on pages that format nothing (the login page).
 */
const onFirstUse = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

const count = onFirstUse(() => new Intl.NumberFormat('en-US'));
const mediumDate = onFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));

export const formatCount = (value: number) => count().format(value);

/** The "Order Date" of a tool card: today, medium style, never stored. */
export const formatMediumDate = (date: Date) => mediumDate().format(date);
/** A calendar day kept as YYYY-MM-DD (a "needed by" date), medium style, in no time zone. */
export const formatCalendarDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return mediumDate().format(new Date(year, month - 1, date));
};

const clockTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
);
const dayAndClockTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat(undefined, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);
/** A moment in the user's time zone: "HH:MM" today, with the day when it is another day. */
export const formatDeadline = (iso: string, now = new Date()) => {
  const moment = new Date(iso);
  return moment.toDateString() === now.toDateString()
    ? clockTime().format(moment)
    : dayAndClockTime().format(moment);
};

const dateAndTime = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);
/** A moment with its day and time, in the user's time zone: "Nov 24, 2026, 11:05 PM". */
export const formatDateTime = (iso: string) => dateAndTime().format(new Date(iso));
