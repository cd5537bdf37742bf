// Quick lookups per normalised website: successful results are kept for a while, failures
// are not, and concurrent requests for the same site share one analysis.
export class LookupCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();
  private readonly inflight = new Map<string, Promise<T>>();

  constructor(
    private readonly maxEntries = 500,
    private readonly ttlMs = 30 * 60_000,
  ) {}

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) {
      // Refresh the position: the map's order is the eviction order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const promise = compute().then(
      (value) => {
        this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
        while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        return value;
      },
      (err: unknown) => {
        throw err;
      },
    );
    this.inflight.set(key, promise);
    try {
      return await promise;
    } finally {
      this.inflight.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
