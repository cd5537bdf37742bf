// A rollup filled from the rows stored before its materialized view began to listen (of `events`,
// or of `visits` for a rollup of visits). The migrations create the view first, then run this:
// per partition of the table it reads, the rollup's rows
// are computed into a staging table and swapped in with REPLACE PARTITION. The swap replaces the
// view's rows of that partition with a count that already holds them, so nothing is counted
// twice, nothing stored before the view is missed, and running it again (after a crash between
// the backfill and the ledger) gives the same rows. What it cannot see: a block another running
// collector inserts into a partition while that partition is being computed (during an upgrade
// with collectors still running; never in the embedded mode or on a first start).
import type { ClickHouse } from './clickhouse.ts';

/** The tables a rollup is computed from: the events, or the visits built from them. */
export type RollupSource = 'events' | 'visits';

export interface Backfill {
  /** The rollup table. */
  target: string;
  /** Its rows from `source` (the view's SELECT). */
  select: string;
  source: RollupSource;
}

const BACKFILL = /^INSERT INTO (\w+)\s+(SELECT\b[\s\S]*\bFROM (events|visits)\b[\s\S]*)$/;

/** A migration statement `INSERT INTO <rollup> SELECT … FROM events|visits …` is a backfill. */
export function parseBackfill(statement: string): Backfill | null {
  const match = BACKFILL.exec(statement.replace(/^(\s*--[^\n]*\n)*\s*/, ''));
  return match ? { target: match[1]!, select: match[2]!, source: match[3] as RollupSource } : null;
}

/** The rollup's SELECT reading only the rows of `source` that `where` keeps (bound parameters allowed). */
export function selectFrom({ target, select, source }: Backfill, where: string): string {
  const reads = new RegExp(`\\bFROM ${source}\\b`, 'g');
  if ((select.match(reads) ?? []).length !== 1) throw new Error(`Rollup ${target} must read ${source} once`);
  return select.replace(reads, `FROM (SELECT * FROM ${source} WHERE ${where}) AS ${source}`);
}

async function partitions(ch: ClickHouse, table: string): Promise<string[]> {
  const rows = await ch.query<{ id: string }>(
    `SELECT DISTINCT partition_id AS id FROM system.parts
     WHERE database = currentDatabase() AND table = {table:String} AND active ORDER BY id`,
    { table },
  );
  return rows.map((r) => r.id);
}

/** Fills `target` from the rows already stored; its view must exist. Idempotent. */
export async function backfillRollup(ch: ClickHouse, backfill: Backfill): Promise<void> {
  const { target, source } = backfill;
  const onePartition = selectFrom(backfill, '_partition_id = {partition:String}');
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
    for (const partition of await partitions(ch, source)) {
      await ch.command(`TRUNCATE TABLE ${staging}`);
      await ch.command(`INSERT INTO ${staging} (${columns}) ${onePartition}`, { partition });
      for (const built of await partitions(ch, staging)) {
        // The rollups partition by month like the events; another key would let one swap undo another.
        if (built !== partition) throw new Error(`Backfill of ${target}: ${source} partition ${partition} produced partition ${built}`);
        await ch.command(`ALTER TABLE ${target} REPLACE PARTITION ID {partition:String} FROM ${staging}`, { partition });
      }
    }
  } finally {
    await ch.command(`DROP TABLE IF EXISTS ${staging}`);
  }
}
