/**
 * A short-lived, bounded cache of catalogue pages in this process (decision 010).
 *
 * - Every entry lives at most `ttlMs`: another API process's change shows here within that,
 *   or at once when it is announced (lib/cache-sync.ts) and `invalidate` is called.
 * - A change made through this process (`invalidate`) empties it at once.
 * - A page read before a change finished is never kept after it: entries remember the version
 *   they were computed under, and concurrent misses of one key share one database read.
 * - It holds at most `maxEntries` pages and `maxBytes` of them, oldest out first.
 */
export interface CacheOptions {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  now?: () => number;
  /** False while changes made elsewhere could be missed: every read goes to `load`. */
  enabled?: () => boolean;
}

interface Slot<T> {
  expires: number;
  bytes: number;
  value: Promise<T>;
}

export function createCatalogueCache<T>(sizeOf: (value: T) => number, options: CacheOptions) {
  const now = options.now ?? (() => performance.now());
  const enabled = options.enabled ?? (() => true);
  const slots = new Map<string, Slot<T>>();
  let bytes = 0;

  const drop = (key: string, slot: Slot<T>) => {
    if (slots.get(key) !== slot) return;
    slots.delete(key);
    bytes -= slot.bytes;
  };

  return {
    /** The cached value of `key`, or `load()`'s, kept when nothing changed meanwhile. */
    get(key: string, load: () => Promise<T>): Promise<T> {
      const found = slots.get(key);
      if (found && found.expires > now()) return found.value;
      if (found) drop(key, found);
      if (options.ttlMs <= 0 || !enabled()) return load();

      const slot: Slot<T> = { expires: now() + options.ttlMs, bytes: 0, value: load() };
      slots.set(key, slot);
      slot.value.then(
        (value) => {
          if (slots.get(key) !== slot) return; // invalidated or replaced meanwhile
          slot.bytes = sizeOf(value);
          bytes += slot.bytes;
          for (const [oldKey, old] of slots) {
            if (slots.size <= options.maxEntries && bytes <= options.maxBytes) break;
            drop(oldKey, old);
          }
        },
        () => drop(key, slot),
      );
      return slot.value;
    },

    /** Forgets everything: called after every committed change to tools or their stock. */
    invalidate(): void {
      slots.clear();
      bytes = 0;
    },

    get size() {
      return slots.size;
    },
  };
}
