import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { backfillRollup, parseBackfill } from './backfill.ts';
import type { ClickHouse } from './clickhouse.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');
const MATERIALIZE_COLUMN = /^(\s*--[^\n]*\n)*\s*ALTER TABLE \w+ MATERIALIZE COLUMN /;

export interface ClickHouseMigration {
  version: number;
  name: string;
  statements: string[];
}

/**
 * The numbered `NNNN_name.sql` files in order, each split into its statements (separated
 * by a line holding only `;`). The services apply them at start; `pnpm clickhouse:ddl`
 * prints them for operators who provision a single node by hand.
 */
export async function loadClickHouseMigrations(dir = MIGRATIONS_DIR): Promise<ClickHouseMigration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      statements: (await readFile(join(dir, file), 'utf8'))
        .split(/^;\s*$/m)
        .map((s) => s.trim())
        .filter(Boolean),
    })),
  );
}

/** Where the applied versions are kept. */
export interface MigrationLedger {
  applied(): Promise<Set<number>>;
  record(migration: Pick<ClickHouseMigration, 'version' | 'name'>): Promise<void>;
}

/**
 * The ledger on ClickHouse itself (`schema_migrations`): for a single process on its own
 * store (embedded mode, tests, tools). The services of the distributed mode use the one in
 * PostgreSQL under an advisory lock (@curb/runtime, clickhouse-migrations.ts).
 */
export function clickHouseLedger(ch: ClickHouse): MigrationLedger {
  return {
    async applied() {
      await ch.command(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version UInt32, name String, applied_at DateTime DEFAULT now()
      ) ENGINE = ReplacingMergeTree ORDER BY version`);
      return new Set((await ch.query<{ version: number }>('SELECT version FROM schema_migrations FINAL')).map((r) => Number(r.version)));
    },
    async record({ version, name }) {
      await ch.command('INSERT INTO schema_migrations (version, name) VALUES ({version:UInt32}, {name:String})', { version, name });
    },
  };
}

/**
 * Applies the numbered `NNNN_name.sql` files not yet in the ledger, in order, recording each
 * once it has run. The caller makes sure no other process migrates at the same time. A
 * statement `INSERT INTO <rollup> SELECT … FROM events` is a backfill, placed after the
 * rollup's view and run partition by partition (backfill.ts). On a cluster there is none to
 * run: the cluster DDL (cluster-ddl.ts, generated from these files) creates every view on the
 * shards before events arrive, and a backfill through the Distributed tables could not swap the
 * shards' partitions. Nor does a statement that rewrites a column's stored rows (`ALTER TABLE …
 * MATERIALIZE COLUMN`), which a Distributed table cannot: the cluster DDL runs it on the shard tables.
 */
export async function migrateClickHouse(ch: ClickHouse, options: { dir?: string; ledger?: MigrationLedger } = {}): Promise<number[]> {
  const ledger = options.ledger ?? clickHouseLedger(ch);
  const done = await ledger.applied();
  const applied: number[] = [];
  for (const { version, name, statements } of await loadClickHouseMigrations(options.dir)) {
    if (done.has(version)) continue;
    for (const statement of statements) {
      const backfill = parseBackfill(statement);
      const onShards = backfill !== null || MATERIALIZE_COLUMN.test(statement);
      if (onShards && ch.engine.kind === 'cluster') continue;
      if (backfill) await backfillRollup(ch, backfill);
      else await ch.command(statement);
    }
    await ledger.record({ version, name });
    applied.push(version);
  }
  return applied;
}
