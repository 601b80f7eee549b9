import { describe, expect, it } from 'vitest';
import { parseCacheChange } from './cache-sync';

describe("the database's cache announcements", () => {
  it('reads the three kinds migration 0011 sends', () => {
    expect(parseCacheChange('catalogue')).toEqual({ kind: 'catalogue' });
    expect(parseCacheChange('shipping')).toEqual({ kind: 'shipping' });
    expect(parseCacheChange('token:abc_-1')).toEqual({ kind: 'token', tokenHash: 'abc_-1' });
    expect(parseCacheChange('user:6f1c')).toEqual({ kind: 'user', userId: '6f1c' });
  });

  it('knows nothing of any other text (the listener then clears every cache)', () => {
    for (const payload of ['', 'token:', ':abc', 'user', 'order:1', 'catalogue:1', 'Catalogue']) {
      expect(parseCacheChange(payload)).toBeUndefined();
    }
  });
});
