// A rollup filled from the events stored before its materialized view began to listen. The
// migrations create the view first, then run this: per partition of `events`, the rollup's rows
// are computed into a staging table and swapped in with REPLACE PARTITION. The swap replaces the
// view's rows of that partition with a count that already holds them, so nothing is counted
// twice, nothing stored before the view is missed, and running it again (after a crash between
// the backfill and the ledger) gives the same rows. What it cannot see: a block another running
// collector inserts into a partition while that partition is being computed (during an upgrade
// with collectors still running; never in the embedded mode or on a first start).
import type { ClickHouse } from './clickhouse.ts';

export interface Backfill {
  /** The rollup table. */
  target: string;
  /** Its rows from `events` (the view's SELECT). */
  select: string;
}

const BACKFILL = /^INSERT INTO (\w+)\s+(SELECT\b[\s\S]*\bFROM events\b[\s\S]*)$/;

/** A migration statement `INSERT INTO <rollup> SELECT … FROM events …` is a backfill. */
export function parseBackfill(statement: string): Backfill | null {
  const match = BACKFILL.exec(statement.replace(/^(\s*--[^\n]*\n)*\s*/, ''));
  return match ? { target: match[1]!, select: match[2]! } : null;
}

async function partitions(ch: ClickHouse, table: string): Promise<string[]> {
  const rows = await ch.query<{ id: string }>(
    `SELECT DISTINCT partition_id AS id FROM system.parts
     WHERE database = currentDatabase() AND table = {table:String} AND active ORDER BY id`,
    { table },
  );
  return rows.map((r) => r.id);
}

/** Fills `target` from the events already stored; its view must exist. Idempotent. */
export async function backfillRollup(ch: ClickHouse, { target, select }: Backfill): Promise<void> {
  if ((select.match(/\bFROM events\b/g) ?? []).length !== 1) throw new Error(`Backfill of ${target} must read events once`);
  const onePartition = select.replace(/\bFROM events\b/, 'FROM (SELECT * FROM events WHERE _partition_id = {partition:String}) AS events');
  const staging = `${target}_backfill`;
  await ch.command(`DROP TABLE IF EXISTS ${staging}`); // left by an interrupted run
  await ch.command(`CREATE TABLE ${staging} AS ${target}`);
  // The view's columns by position; a column a later migration added with a default (computed
  // from the others) is left to it.
  const written = await ch.query<{ name: string }>(
    `SELECT name FROM system.columns WHERE database = currentDatabase() AND table = {table:String} AND default_kind = '' ORDER BY position`,
    { table: target },
  );
  const columns = written.map((c) => c.name).join(', ');
  try {
    for (const partition of await partitions(ch, 'events')) {
      await ch.command(`TRUNCATE TABLE ${staging}`);
      await ch.command(`INSERT INTO ${staging} (${columns}) ${onePartition}`, { partition });
      for (const built of await partitions(ch, staging)) {
        // The rollups partition by month like the events; another key would let one swap undo another.
        if (built !== partition) throw new Error(`Backfill of ${target}: events partition ${partition} produced partition ${built}`);
        await ch.command(`ALTER TABLE ${target} REPLACE PARTITION ID {partition:String} FROM ${staging}`, { partition });
      }
    }
  } finally {
    await ch.command(`DROP TABLE IF EXISTS ${staging}`);
  }
}
