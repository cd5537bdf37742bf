import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sql } from './client.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');
// Any stable 64-bit key works; every process that migrates takes the same one.
const MIGRATION_LOCK_KEY = 7_236_201_811;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Numbered files `0001_name.sql`, in order. */
export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      sql: await readFile(join(dir, file), 'utf8'),
    })),
  );
}

/**
 * Applies pending migrations in one transaction under a transaction-scoped advisory lock,
 * so two processes starting together never migrate at once and a failed file leaves nothing
 * half-applied. Returns the versions it applied.
 */
export async function migratePostgres(sql: Sql, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
    await tx`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`;
    const done = new Set((await tx<{ version: number }[]>`SELECT version FROM schema_migrations`).map((r) => r.version));
    const applied: number[] = [];
    for (const m of all) {
      if (done.has(m.version)) continue;
      await tx.unsafe(m.sql);
      await tx`INSERT INTO schema_migrations (version, name) VALUES (${m.version}, ${m.name})`;
      applied.push(m.version);
    }
    return applied;
  });
}

/** The migrations applied to this database, or null for a database no release has migrated yet. */
export async function appliedMigrations(sql: Sql): Promise<number[] | null> {
  const [row] = await sql<{ ledger: string | null }[]>`SELECT to_regclass('schema_migrations')::text AS ledger`;
  if (!row?.ledger) return null;
  return (await sql<{ version: number }[]>`SELECT version FROM schema_migrations ORDER BY version`).map((r) => r.version);
}
