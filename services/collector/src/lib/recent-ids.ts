// The event ids this collector took recently, so a beacon the browser sends again (a retry
// after a lost answer, the fetch fallback after a refused sendBeacon) is stored once. Two
// generations of a Set: constant time per id, bounded memory (at most 2 × capacity ids, about
// 16 MB at the default), and every id stays known for at least `capacity` later events.
export const RECENT_IDS_CAPACITY = 100_000;

export class RecentIds {
  private current = new Set<string>();
  private previous = new Set<string>();

  constructor(private readonly capacity = RECENT_IDS_CAPACITY) {}

  has(id: string): boolean {
    return this.current.has(id) || this.previous.has(id);
  }

  /** Remembers `id`: call once its event is safely spooled, so a refused batch can be retried. */
  add(id: string): void {
    if (this.current.size >= this.capacity) {
      this.previous = this.current;
      this.current = new Set();
    }
    this.current.add(id);
  }
}
