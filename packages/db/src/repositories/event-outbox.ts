// Tracking events the api writes to PostgreSQL (`event_outbox`) for a collector to move to
// ClickHouse, so none is lost while ClickHouse is down.
import type { Db, Tx } from '../client.ts';

export interface OutboxEntry {
  id: string;
  row: object;
}

/** Queues one event row (the ClickHouse `events` columns). */
export async function append(db: Db, row: object): Promise<void> {
  await db`INSERT INTO event_outbox (row) VALUES (${db.json(row as never)})`;
}

/**
 * The oldest rows, locked until the transaction ends; rows another collector holds are
 * skipped (SKIP LOCKED), so several collectors drain side by side.
 */
export async function lockOldest(tx: Tx, limit: number): Promise<OutboxEntry[]> {
  return tx<OutboxEntry[]>`SELECT id, row FROM event_outbox ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
}

/** Removes rows ClickHouse has taken (in the transaction that locked them). */
export async function remove(tx: Tx, ids: string[]): Promise<void> {
  await tx`DELETE FROM event_outbox WHERE id IN ${tx(ids)}`;
}
