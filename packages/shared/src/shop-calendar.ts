/**
 * The shop keeps one calendar. "Today" is the shop's calendar day in the shop's time zone,
 * wherever the customer's browser is, so the purchase form refuses exactly the needed-by days
 * the API refuses. No zod here: the home page's calendar imports this.
 */

/** The shop's time zone (IANA name). UTC: the day the API has always counted in. */
export const SHOP_TIME_ZONE = 'UTC';

// Made on first use: the first Intl formatter of a page loads locale data (about 15 ms on a slow
// phone), and pages that import this module, such as /login, may never ask for a day.
let shopDayFormat: Intl.DateTimeFormat | undefined;

/** The shop's calendar day at the instant `now`, as YYYY-MM-DD. */
export function shopToday(now: Date): string {
  shopDayFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = shopDayFormat.formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') =>
    // Stryker disable next-line OptionalChaining,StringLiteral: equivalent (docs/testing.md): this format always gives a year, a month and a day part
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/**
 * A needed-by day (YYYY-MM-DD) is past once the shop's calendar has moved beyond it: the
 * shop's today is still accepted. Days in that form compare as text.
 */
export const isPastNeededBy = (day: string, now: Date) => day < shopToday(now);
