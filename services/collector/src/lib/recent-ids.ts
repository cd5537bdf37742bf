// The event ids this collector took recently, so a beacon the browser sends again (a retry
// after a lost answer, the fetch fallback after a refused sendBeacon) is stored once. Two
// generations of a Set: constant time per id, bounded memory (at most 2 × capacity ids, about
// 16 MB at the default), and every id stays known for at least `capacity` later events.
import type { ClickHouse } from '@curb/analytics';
import { recentEventIds } from '@curb/analytics/recent-events';
import type { Segment, Spool } from './spool.ts';

export const RECENT_IDS_CAPACITY = 100_000;
/** At start, the ids every collector stored this long ago or since are known again. */
export const RECENT_IDS_LOOKBACK_MINUTES = 15;

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

// A spooled row is the JSON of event-row.ts, whose first field is the event id.
const SPOOLED_ID = /^\{"event_id":"([^"]+)"/gm;

/**
 * The ids to know at start, so a restart does not forget what was just acknowledged: events
 * any collector stored in the last minutes (a retry may reach this collector after another
 * took the first try), then the rows this collector's spool still holds from before it stopped.
 * Without ClickHouse the collector starts with the spool's ids only.
 */
export async function recentIdsAtStart(
  spool: Spool,
  ch: ClickHouse,
  log: { warn(obj: object, msg: string): void },
  capacity = RECENT_IDS_CAPACITY,
): Promise<RecentIds> {
  const recent = new RecentIds(capacity);
  try {
    for (const id of await recentEventIds(ch, RECENT_IDS_LOOKBACK_MINUTES, capacity)) recent.add(id);
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'recent event ids not loaded from ClickHouse; a beacon sent again may be stored twice');
  }
  // The newest segments, up to `capacity` rows, read oldest first.
  const sealed = spool.sealedSegments();
  const segments: Segment[] = [];
  for (let i = sealed.length - 1, rows = 0; i >= 0 && rows < capacity; i--) {
    const segment = sealed[i]!;
    segments.unshift(segment);
    rows += segment.rows;
  }
  for (const segment of segments) {
    for (const [, id] of (await spool.read(segment)).matchAll(SPOOLED_ID)) recent.add(id!);
  }
  return recent;
}
