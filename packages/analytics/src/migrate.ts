import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClickHouse } from './clickhouse.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

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
      statements: (await readFile(join(dir, file), 'utf8')).split(/^;\s*$/m).map((s) => s.trim()).filter(Boolean),
    })),
  );
}

/**
 * Applies the numbered `NNNN_name.sql` files not yet recorded in `schema_migrations`.
 * Every statement is idempotent (IF NOT EXISTS), so two services starting together at
 * worst both run a file once: ClickHouse has no transactional DDL or advisory lock, and
 * the bookkeeping table collapses duplicate rows.
 */
export async function migrateClickHouse(ch: ClickHouse, dir = MIGRATIONS_DIR): Promise<number[]> {
  await ch.command(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version UInt32, name String, applied_at DateTime DEFAULT now()
  ) ENGINE = ReplacingMergeTree ORDER BY version`);
  const done = new Set((await ch.query<{ version: number }>('SELECT version FROM schema_migrations FINAL')).map((r) => Number(r.version)));
  const applied: number[] = [];
  for (const { version, name, statements } of await loadClickHouseMigrations(dir)) {
    if (done.has(version)) continue;
    for (const statement of statements) await ch.command(statement);
    await ch.command('INSERT INTO schema_migrations (version, name) VALUES ({version:UInt32}, {name:String})', { version, name });
    applied.push(version);
  }
  return applied;
}
