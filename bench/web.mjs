// Web: gzipped sizes of what the home route loads first, and of the largest lazy chunk,
// measured by scripts/check-bundle.mjs (the same code as the budget `npm test` enforces).
import { measureBundle } from '../scripts/check-bundle.mjs';

/** Budgets (decision 010); only the initial JavaScript's is enforced by `npm test`. */
export const WEB_BUDGETS = {
  initialJs: 150 * 1024,
  initialCss: 30 * 1024,
  largestLazyJs: 60 * 1024,
};

export function measureWeb() {
  const sizes = measureBundle();
  return {
    initialJs: sizes.initialJs.bytes,
    initialCss: sizes.initialCss.bytes,
    largestLazyJs: sizes.lazyJs.largest?.bytes ?? 0,
    largestLazyFile: sizes.lazyJs.largest?.file,
  };
}
