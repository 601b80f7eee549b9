import { CalendarDaySchema, isPastNeededBy, messages } from '@shop/shared';

/**
 * A form's optional "needed by" day: a calendar day not over yet on the shop's calendar, the same
 * check as the server's (purchase and checkout). Kept apart from calendar-day.ts, which the home
 * page loads without zod.
 */
export const NeededByFieldSchema = CalendarDaySchema.refine(
  (day) => !isPastNeededBy(day, new Date()),
  { message: messages.validation.neededByPast },
).optional();
