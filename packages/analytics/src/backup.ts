// ClickHouse's part of a backup (packages/runtime/src/backup), on chDB: every table the product
// keeps (not its materialized views or dictionaries, which are definitions the migrations and the
// dashboards create) written by ClickHouse itself to a file in its Native format (SELECT … INTO
// OUTFILE: its own types, the rollups' aggregate states included, never a JavaScript string), and
// read back with INSERT … FROM INFILE into a database migrated to the archive's version, the views
// detached meanwhile so that no rollup counts a restored event a second time. A rollup
// (AggregatingMergeTree) is written merged (FINAL): the same figures in fewer rows, and a row
// count the restore finds again whatever merges ran before.
import { stat } from 'node:fs/promises';
import type { ClickHouse } from './clickhouse.ts';
import { clickHouseLedger, loadClickHouseMigrations, migrateClickHouse } from './migrate.ts';

export interface ClickHouseTable {
  name: string;
  engine: string;
  /** Stored columns in table order (MATERIALIZED ones included: their stored values are kept). */
  columns: string[];
  /** Read merged (FINAL): an engine that merges rows of the same key. */
  final: boolean;
}

const MERGING = /^(Aggregating|Summing|Replacing|Collapsing|VersionedCollapsing|Coalescing)MergeTree$/;
/** A closed-days run counts once its row in a runs table exists, written after its rows: runs are read first. */
const RUNS = /_runs$/;
/** Staging tables a migration's backfill creates and drops (backfill.ts). */
const STAGING = /_backfill$/;

const literal = (value: string) => `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;
const ident = (name: string) => `\`${name.replace(/[\\`]/g, (c) => `\\${c}`)}\``;

function embeddedOnly(ch: ClickHouse): void {
  // A server cannot write this machine's files, and its own BACKUP covers what it holds (README).
  if (ch.engine.kind !== 'chdb') throw new Error('Only the embedded ClickHouse (chDB) is copied into a backup archive.');
}

/** The tables a backup copies, runs tables first. */
export async function backupTables(ch: ClickHouse): Promise<ClickHouseTable[]> {
  const tables = await ch.query<{ name: string; engine: string }>(
    `SELECT name, engine FROM system.tables WHERE database = currentDatabase() AND engine LIKE '%MergeTree' ORDER BY name`,
  );
  const columns = await ch.query<{ table: string; name: string }>(
    `SELECT table, name FROM system.columns
     WHERE database = currentDatabase() AND default_kind NOT IN ('ALIAS', 'EPHEMERAL') ORDER BY table, position`,
  );
  return tables
    .filter((t) => !STAGING.test(t.name))
    .map((t) => ({
      name: t.name,
      engine: t.engine,
      columns: columns.filter((c) => c.table === t.name).map((c) => c.name),
      final: MERGING.test(t.engine),
    }))
    .sort((a, b) => Number(RUNS.test(b.name)) - Number(RUNS.test(a.name)));
}

/** Writes a table's rows to `path` (Native; the file must not exist); answers how many were written. */
export async function exportTable(ch: ClickHouse, table: ClickHouseTable, path: string): Promise<number> {
  embeddedOnly(ch);
  const columns = table.columns.map(ident).join(', ');
  await ch.command(`SELECT ${columns} FROM ${ident(table.name)}${table.final ? ' FINAL' : ''} INTO OUTFILE ${literal(path)} FORMAT Native`);
  return countFile(ch, path);
}

/** Rows in a Native file, as ClickHouse reads them. */
export async function countFile(ch: ClickHouse, path: string): Promise<number> {
  // No rows, no block: ClickHouse writes nothing at all.
  if ((await stat(path)).size === 0) return 0;
  const [row] = await ch.query<{ n: string }>(`SELECT toString(count()) AS n FROM file(${literal(path)}, 'Native')`);
  return Number(row?.n ?? 0);
}

/** Creates the schema as the archive's product had it: its migrations, and none applied after them. */
export async function migrateToVersions(ch: ClickHouse, versions: ReadonlySet<number>): Promise<void> {
  const later = (await loadClickHouseMigrations()).map((m) => m.version).filter((v) => !versions.has(v));
  await migrateClickHouse(ch, { ledger: { applied: async () => new Set(later), record: async () => {} } });
}

/** The migration versions this code knows. */
export async function knownClickHouseVersions(): Promise<Set<number>> {
  return new Set((await loadClickHouseMigrations()).map((m) => m.version));
}

/**
 * Loads each table's file into the table of the same name (which must be empty), with the
 * materialized views detached; answers each table's count afterwards.
 */
export async function loadTables(ch: ClickHouse, tables: Array<ClickHouseTable & { path: string }>): Promise<Map<string, number>> {
  embeddedOnly(ch);
  const present = new Set(
    (await ch.query<{ name: string }>(`SELECT name FROM system.tables WHERE database = currentDatabase()`)).map((r) => r.name),
  );
  // The ledger a product kept on ClickHouse before it moved to PostgreSQL (migrate.ts).
  if (tables.some((t) => t.name === 'schema_migrations') && !present.has('schema_migrations')) {
    await clickHouseLedger(ch).applied();
    present.add('schema_migrations');
  }
  const missing = tables.filter((t) => !present.has(t.name)).map((t) => t.name);
  if (missing.length) throw new Error(`ClickHouse tables of the archive missing after its migrations: ${missing.join(', ')}`);
  const views = (
    await ch.query<{ name: string }>(
      `SELECT name FROM system.tables WHERE database = currentDatabase() AND engine = 'MaterializedView' ORDER BY name`,
    )
  ).map((r) => r.name);
  for (const view of views) await ch.command(`DETACH TABLE ${ident(view)}`);
  try {
    for (const table of tables) {
      if ((await stat(table.path)).size === 0) continue;
      const columns = table.columns.map(ident).join(', ');
      await ch.command(
        `INSERT INTO ${ident(table.name)} (${columns}) FROM INFILE ${literal(table.path)} ` +
          'SETTINGS insert_deduplicate = 0, insert_allow_materialized_columns = 1 FORMAT Native',
      );
    }
  } finally {
    for (const view of views) await ch.command(`ATTACH TABLE ${ident(view)}`);
  }
  const counts = new Map<string, number>();
  for (const table of tables) {
    const [row] = await ch.query<{ n: string }>(`SELECT toString(count()) AS n FROM ${ident(table.name)}`);
    counts.set(table.name, Number(row?.n ?? 0));
  }
  return counts;
}

/** The migrations recorded in the ledger a product kept on ClickHouse itself (before it moved to PostgreSQL), if any. */
export async function clickHouseLedgerVersions(ch: ClickHouse): Promise<number[]> {
  const [exists] = await ch.query<{ n: string }>(
    `SELECT toString(count()) AS n FROM system.tables WHERE database = currentDatabase() AND name = 'schema_migrations'`,
  );
  if (Number(exists?.n ?? 0) === 0) return [];
  const rows = await ch.query<{ version: number }>('SELECT version FROM schema_migrations FINAL ORDER BY version');
  return rows.map((r) => Number(r.version));
}
