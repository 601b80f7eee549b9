/**
 * Keeping several processes' caches true (decision 010 caches, issue 15): each change that a
 * cache depends on is announced to every process, which applies it at once. The database
 * announces (migration 0011, LISTEN/NOTIFY on PostgreSQL, db/cache-listener.ts); the caches only
 * see this interface.
 */
export type CacheChange =
  | { kind: 'catalogue' }
  /** A shipping zone, its countries, a method, a tax rate or a tax setting changed (migration 0030). */
  | { kind: 'shipping' }
  /** A token ended (signed out, replaced, removed with its account). */
  | { kind: 'token'; tokenHash: string }
  /** An account's name, email or role changed, or the account was removed. */
  | { kind: 'user'; userId: string };

export interface CacheTarget {
  apply(change: CacheChange): void;
  /** Forget everything: changes may have been missed. */
  clearAll(): void;
}

export interface CacheSync {
  /**
   * False while this process may miss another's changes (its listener is down): caches are
   * then neither read nor filled, and every answer comes from the database.
   */
  readonly live: boolean;
  subscribe(target: CacheTarget): void;
}

/** The announcement's text (`catalogue`, `shipping`, `token:<hash>`, `user:<id>`); unknown text gives none. */
export function parseCacheChange(payload: string): CacheChange | undefined {
  if (payload === 'catalogue') return { kind: 'catalogue' };
  if (payload === 'shipping') return { kind: 'shipping' };
  const colon = payload.indexOf(':');
  const kind = payload.slice(0, colon);
  const id = payload.slice(colon + 1);
  if (colon < 1 || id === '') return undefined;
  if (kind === 'token') return { kind: 'token', tokenHash: id };
  if (kind === 'user') return { kind: 'user', userId: id };
  return undefined;
}
