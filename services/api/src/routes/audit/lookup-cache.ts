// Quick lookups and report PDFs per key: successes are kept for a while (least recently used
// go first), failures are not, and concurrent requests for the same key share one computation.
import { LRUCache } from 'lru-cache';

export class LookupCache<T extends {}> {
  private readonly cache: LRUCache<string, T, () => Promise<T>>;

  constructor(maxEntries = 500, ttlMs = 30 * 60_000) {
    this.cache = new LRUCache({ max: maxEntries, ttl: ttlMs, fetchMethod: (_key, _stale, { context }) => context() });
  }

  /** The kept value, or `compute`'s (shared with any request for the key already waiting). */
  async get(key: string, compute: () => Promise<T>): Promise<T> {
    return (await this.cache.fetch(key, { context: compute })) as T;
  }

  get size(): number {
    return this.cache.size;
  }

  /** Drops the kept values whose key `test` picks; how many. */
  deleteWhere(test: (key: string) => boolean): number {
    let dropped = 0;
    for (const key of [...this.cache.keys()]) if (test(key) && this.cache.delete(key)) dropped += 1;
    return dropped;
  }
}
