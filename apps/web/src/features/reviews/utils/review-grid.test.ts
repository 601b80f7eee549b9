import { describe, expect, it } from 'vitest';
import { reviewGrid } from './review-grid';

/** The cards on each row of a grid of `count` cards in `columns` columns, the spans counted. */
function rows(count: number, columns: number, lastSpan = 1): number[] {
  const cells = Array.from({ length: count }, (_, index) => (index === count - 1 ? lastSpan : 1));
  const result: number[] = [];
  let used = columns;
  for (const span of cells) {
    if (used + span > columns) {
      result.push(0);
      used = 0;
    }
    result[result.length - 1]! += 1;
    used += span;
  }
  return result;
}

describe('reviewGrid', () => {
  it('leaves no card alone on a row of two or more columns, for 0 to 30 reviews', () => {
    for (let count = 0; count <= 30; count += 1) {
      const grid = reviewGrid(count);
      expect(grid.shown).toBeLessThanOrEqual(count);
      expect(grid.shown).toBeGreaterThanOrEqual(count - 1);
      if (grid.shown > grid.wideColumns) {
        expect(rows(grid.shown, grid.wideColumns).at(-1), `${count} at lg`).toBeGreaterThan(1);
      }
      if (grid.shown > 1) {
        const twoColumnRows = rows(grid.shown, 2, grid.lastSpansTwo ? 2 : 1);
        const last = twoColumnRows.at(-1)!;
        // A lone last card is fine only when it spans the whole row.
        expect(last > 1 || grid.lastSpansTwo, `${count} at md`).toBe(true);
      }
    }
  });

  it('keeps three columns when they fill, four when three would leave one alone', () => {
    expect(reviewGrid(6)).toEqual({ shown: 6, wideColumns: 3, lastSpansTwo: false });
    expect(reviewGrid(5)).toEqual({ shown: 5, wideColumns: 3, lastSpansTwo: true });
    expect(reviewGrid(4)).toEqual({ shown: 4, wideColumns: 4, lastSpansTwo: false });
    expect(reviewGrid(7)).toEqual({ shown: 7, wideColumns: 4, lastSpansTwo: true });
    expect(reviewGrid(13)).toEqual({ shown: 12, wideColumns: 3, lastSpansTwo: false });
    expect(reviewGrid(3)).toEqual({ shown: 3, wideColumns: 3, lastSpansTwo: true });
    expect(reviewGrid(1)).toEqual({ shown: 1, wideColumns: 1, lastSpansTwo: false });
  });
});
