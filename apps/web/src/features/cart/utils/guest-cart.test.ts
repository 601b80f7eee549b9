import { CART_LINES_MAX } from '@shop/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addStoredLine,
  clearStoredLines,
  readStoredCart,
  removeStoredLine,
  setStoredQuantity,
  storeNeededBy,
  subscribeStoredCart,
} from './guest-cart';

const storage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => void storage.set(key, value),
});
vi.stubGlobal('window', { addEventListener: () => {}, removeEventListener: () => {} });

const line = (toolId: string, quantity = 2) => ({
  toolId,
  name: `Tool ${toolId}`,
  img: '/t.svg',
  quantity,
  addedUnitPrice: 1.5,
});

describe("a visitor's cart in the browser", () => {
  beforeEach(() => storage.clear());

  it('adds units to a line, sets and removes it, and keeps the needed-by day apart', () => {
    addStoredLine(line('a'));
    addStoredLine({ ...line('a', 3), addedUnitPrice: 2 });
    expect(readStoredCart().lines).toEqual([{ ...line('a', 5), addedUnitPrice: 2 }]);
    setStoredQuantity('a', 9, 2.5);
    expect(readStoredCart().lines[0]).toMatchObject({ quantity: 9, addedUnitPrice: 2.5 });
    storeNeededBy('2026-12-01');
    clearStoredLines();
    expect(readStoredCart()).toEqual({ lines: [], neededBy: '2026-12-01' });
    addStoredLine(line('b'));
    removeStoredLine('b');
    expect(readStoredCart().lines).toEqual([]);
  });

  it(`holds ${CART_LINES_MAX} tools and refuses one more, while a held tool still takes units`, () => {
    for (let index = 0; index < CART_LINES_MAX; index++) {
      expect(addStoredLine(line(`t${index}`))).toBe(true);
    }
    expect(addStoredLine(line('one-more'))).toBe(false);
    expect(readStoredCart().lines).toHaveLength(CART_LINES_MAX);
    expect(addStoredLine(line('t0', 1))).toBe(true);
    expect(readStoredCart().lines[0]?.quantity).toBe(3);
  });

  it('drops what the user edited into something else: bad JSON, bad lines, doubles', () => {
    storage.set('shop.cart', '{not json');
    expect(readStoredCart()).toEqual({ lines: [] });
    storage.set(
      'shop.cart',
      JSON.stringify({
        lines: [
          line('a'),
          line('a', 7),
          { ...line('b'), quantity: 0 },
          { ...line('c'), quantity: 1.5 },
          { ...line('d'), name: 4 },
          null,
        ],
        neededBy: 5,
      }),
    );
    expect(readStoredCart()).toEqual({ lines: [line('a')], neededBy: undefined });
  });

  it('tells its subscribers of every change, and the same object while nothing changed', () => {
    const heard = vi.fn();
    const stop = subscribeStoredCart(heard);
    addStoredLine(line('a'));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(readStoredCart()).toBe(readStoredCart());
    stop();
    addStoredLine(line('b'));
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
