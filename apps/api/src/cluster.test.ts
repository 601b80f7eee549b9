import { describe, expect, it } from 'vitest';
import { restartDelay } from './cluster';

describe('the wait before a dead worker is restarted', () => {
  it('starts short, doubles with each death in a row, and stops growing at the most', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((deaths) => restartDelay(deaths, 500, 30_000))).toEqual([
      500, 1000, 2000, 4000, 8000, 16_000, 30_000,
    ]);
    expect(restartDelay(1000, 500, 30_000)).toBe(30_000);
  });
});
