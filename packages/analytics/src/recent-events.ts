// The ids of the events stored in the last minutes: a collector that starts again knows what any
// collector just acknowledged, so a beacon the browser sends again is stored once.
import type { ClickHouse } from './clickhouse.ts';

/** Event ids received in the last `minutes`, oldest first, at most `limit`. */
export async function recentEventIds(ch: ClickHouse, minutes: number, limit: number): Promise<string[]> {
  const rows = await ch.query<{ id: string }>(
    `SELECT toString(event_id) AS id FROM events
     WHERE toDate(ts) >= yesterday() AND received_at >= now64(3) - toIntervalMinute({minutes:UInt32})
     ORDER BY received_at DESC LIMIT {limit:UInt32}`,
    { minutes, limit },
  );
  return rows.map((r) => r.id).reverse();
}
