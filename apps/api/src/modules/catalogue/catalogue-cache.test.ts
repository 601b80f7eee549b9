import { describe, expect, it } from 'vitest';
import { createCatalogueCache } from './catalogue-cache';

function setup(options: { ttlMs?: number; maxEntries?: number; maxBytes?: number } = {}) {
  let time = 0;
  const cache = createCatalogueCache<string>((value) => value.length, {
    ttlMs: options.ttlMs ?? 1000,
    maxEntries: options.maxEntries ?? 10,
    maxBytes: options.maxBytes ?? 1000,
    now: () => time,
  });
  let loads = 0;
  const load = (value: string) => () => {
    loads += 1;
    return Promise.resolve(value);
  };
  return {
    cache,
    load,
    loads: () => loads,
    advance: (ms: number) => (time += ms),
  };
}

describe('the catalogue cache', () => {
  it('answers from memory within its time, and reads again after it', async () => {
    const { cache, load, loads, advance } = setup();
    expect(await cache.get('a', load('one'))).toBe('one');
    advance(999);
    expect(await cache.get('a', load('two'))).toBe('one');
    advance(1);
    expect(await cache.get('a', load('three'))).toBe('three');
    expect(loads()).toBe(2);
  });

  it('forgets everything when told of a change', async () => {
    const { cache, load } = setup();
    await cache.get('a', load('old'));
    cache.invalidate();
    expect(await cache.get('a', load('new'))).toBe('new');
  });

  it('never keeps a page read before a change that finished after it', async () => {
    const { cache, load } = setup();
    let finish!: (value: string) => void;
    const slow = cache.get('a', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.invalidate(); // a write committed while the read was under way
    finish('stale');
    expect(await slow).toBe('stale'); // its own caller gets it...
    expect(await cache.get('a', load('fresh'))).toBe('fresh'); // ...nobody else
  });

  it('shares one database read between concurrent misses of one page', async () => {
    const { cache, load, loads } = setup();
    const pages = await Promise.all([1, 2, 3].map(() => cache.get('a', load('page'))));
    expect(pages).toEqual(['page', 'page', 'page']);
    expect(loads()).toBe(1);
  });

  it('does not keep a failed read', async () => {
    const { cache, load } = setup();
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', load('back'))).toBe('back');
  });

  it('holds at most its number of pages and bytes, oldest out first', async () => {
    const { cache, load, loads } = setup({ maxEntries: 2, maxBytes: 10 });
    await cache.get('a', load('aaaa'));
    await cache.get('b', load('bbbb'));
    await cache.get('c', load('cccc'));
    expect(cache.size).toBe(2);
    await cache.get('a', load('aaaa')); // evicted: read again
    expect(loads()).toBe(4);
    await cache.get('big', load('x'.repeat(8)));
    expect(cache.size).toBeLessThanOrEqual(2);
  });

  it('counts bytes alone: pages up to exactly its bytes stay, one more pushes the oldest out', async () => {
    const { cache, load, loads } = setup({ maxEntries: 100, maxBytes: 8 });
    await cache.get('a', load('aaaa'));
    await cache.get('b', load('bbbb')); // 8 bytes: both stay
    await cache.get('a', load('aaaa'));
    await cache.get('b', load('bbbb'));
    expect(loads()).toBe(2);
    await cache.get('c', load('cccc')); // 12 bytes: the oldest, a, goes
    await cache.get('b', load('bbbb'));
    await cache.get('c', load('cccc'));
    expect(loads()).toBe(3);
    await cache.get('a', load('aaaa'));
    expect(loads()).toBe(4);
  });

  it('counts pages alone: one page over its number pushes the oldest out, the rest stay', async () => {
    const { cache, load, loads } = setup({ maxEntries: 2, maxBytes: 1_000_000 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, load(key));
    await cache.get('b', load('b'));
    await cache.get('c', load('c'));
    expect(loads()).toBe(3);
    await cache.get('a', load('a'));
    expect(loads()).toBe(4);
  });

  it('stops counting the bytes of a page once it expired and was read again', async () => {
    const { cache, load, loads, advance } = setup({ maxEntries: 100, maxBytes: 8 });
    await cache.get('a', load('aaaa'));
    advance(600);
    await cache.get('b', load('bbbb'));
    advance(500); // a expired, b has 500 ms left
    await cache.get('a', load('aaaa')); // 8 bytes again, not 12: nothing goes
    await cache.get('a', load('aaaa'));
    await cache.get('b', load('bbbb'));
    expect(loads()).toBe(3);
  });

  it('does not count a page read before a change, nor let its failure drop the newer page', async () => {
    const { cache, load, loads } = setup({ maxEntries: 100, maxBytes: 8 });
    let finish!: (value: string) => void;
    const stale = cache.get('a', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.invalidate();
    finish('x'.repeat(8));
    await stale;
    await cache.get('b', load('bbbb')); // 4 bytes held, not 12
    await cache.get('b', load('bbbb'));
    expect(loads()).toBe(1);

    let fail!: (error: Error) => void;
    const failing = cache.get(
      'c',
      () => new Promise<string>((_resolve, reject) => (fail = reject)),
    );
    cache.invalidate();
    await cache.get('c', load('cccc')); // the newer page of c
    fail(new Error('down'));
    await expect(failing).rejects.toThrow('down');
    await cache.get('c', load('cccc'));
    expect(loads()).toBe(2);
  });

  it("keeps time by the process's clock when given none", async () => {
    const cache = createCatalogueCache<string>((value) => value.length, {
      ttlMs: 60_000,
      maxEntries: 10,
      maxBytes: 1000,
    });
    let loads = 0;
    const load = () => Promise.resolve(`page ${++loads}`);
    expect(await cache.get('a', load)).toBe('page 1');
    expect(await cache.get('a', load)).toBe('page 1');
  });

  it('is off with a time of 0', async () => {
    const { cache, load, loads } = setup({ ttlMs: 0 });
    await cache.get('a', load('one'));
    await cache.get('a', load('two'));
    expect(loads()).toBe(2);
    expect(cache.size).toBe(0);
  });
});
