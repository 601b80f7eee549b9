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

  it('is off with a time of 0', async () => {
    const { cache, load, loads } = setup({ ttlMs: 0 });
    await cache.get('a', load('one'));
    await cache.get('a', load('two'));
    expect(loads()).toBe(2);
    expect(cache.size).toBe(0);
  });
});
