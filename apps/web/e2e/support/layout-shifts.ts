import type { Page } from '@playwright/test';

/** Counts layout shifts from the first paint on, as Lighthouse's CLS does. */
export async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const counter = window as unknown as { shifts: number };
    counter.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[])
        if (!entry.hadRecentInput) counter.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: number }).shifts);
}
