/**
 * How the testimonials fill their grid so that no row ends with one card alone (docs/design.md):
 * one column on phones; two from `md`, where an odd last card spans both; from `lg` three
 * columns, or four when three would leave one alone. When both would (13 or 25 reviews), the
 * oldest shown review waits for the next one, which is invisible to a reader of the newest.
 */
export interface ReviewGrid {
  /** How many of the newest reviews to show. */
  shown: number;
  /** Columns from the `lg` breakpoint. */
  wideColumns: 1 | 2 | 3 | 4;
  /** The last card spans both columns of the two-column layout. */
  lastSpansTwo: boolean;
}

const leavesOneAlone = (count: number, columns: number) => count % columns === 1;

export function reviewGrid(count: number): ReviewGrid {
  if (count <= 3) {
    const shown = Math.max(0, count);
    return { shown, wideColumns: Math.max(1, shown) as 1 | 2 | 3, lastSpansTwo: shown === 3 };
  }
  if (!leavesOneAlone(count, 3))
    return { shown: count, wideColumns: 3, lastSpansTwo: count % 2 === 1 };
  if (!leavesOneAlone(count, 4))
    return { shown: count, wideColumns: 4, lastSpansTwo: count % 2 === 1 };
  return reviewGrid(count - 1);
}
