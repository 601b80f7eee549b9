const pad = (value: number) => String(value).padStart(2, '0');

/** A calendar day as the purchase form's `neededBy` parameter: YYYY-MM-DD in local time. */
export const toDateParam = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Midnight today, local time: the first day a customer can ask for. */
export const startOfToday = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
};
