import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClickHouse } from './clickhouse.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/**
 * Applies the numbered `NNNN_name.sql` files not yet recorded in `schema_migrations`.
 * Every statement is idempotent (IF NOT EXISTS), so two services starting together at
 * worst both run a file once: ClickHouse has no transactional DDL or advisory lock, and
 * the bookkeeping table collapses duplicate rows.
 * A file may hold several statements separated by a line holding only `;`.
 */
export async function migrateClickHouse(ch: ClickHouse, dir = MIGRATIONS_DIR): Promise<number[]> {
  await ch.command(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version UInt32, name String, applied_at DateTime DEFAULT now()
  ) ENGINE = ReplacingMergeTree ORDER BY version`);
  const done = new Set((await ch.query<{ version: number }>('SELECT version FROM schema_migrations FINAL')).map((r) => Number(r.version)));
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  const applied: number[] = [];
  for (const file of files) {
    const version = Number(file.slice(0, 4));
    if (done.has(version)) continue;
    const text = await readFile(join(dir, file), 'utf8');
    for (const statement of text.split(/^;\s*$/m).map((s) => s.trim()).filter(Boolean)) await ch.command(statement);
    await ch.command('INSERT INTO schema_migrations (version, name) VALUES ({version:UInt32}, {name:String})', { version, name: file.slice(5, -4) });
    applied.push(version);
  }
  return applied;
}
