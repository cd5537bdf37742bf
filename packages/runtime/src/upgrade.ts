// Upgrades without fear: before this release migrates a data directory an earlier release
// wrote, the start takes a backup of it as it lies; a data directory a newer release wrote
// is refused, since this release's code would misread a schema it does not know.
import { join, resolve } from 'node:path';
import { type ClickHouse, loadClickHouseMigrations } from '@curb/analytics';
import type { Config } from '@curb/contracts/config';
import { appliedMigrations, loadMigrations, type Sql } from '@curb/db';
import { createBackup, notCoveredBy } from './backup/backup.ts';
import { StartupError, VERSION } from './config.ts';

export interface UpgradePlan {
  /** No release has migrated this database yet. */
  fresh: boolean;
  /** This release's migrations the database lacks. */
  pending: number[];
  /** Migrations applied by a newer release, unknown to this one. */
  newer: number[];
  /** This release's ClickHouse migrations the embedded ClickHouse lacks (none asked: empty). */
  pendingClickHouse: number[];
}

export async function upgradePlan(sql: Sql, clickhouseDatabase?: string): Promise<UpgradePlan> {
  const [applied, known] = await Promise.all([appliedMigrations(sql), loadMigrations()]);
  const knownVersions = new Set(known.map((m) => m.version));
  const done = new Set(applied ?? []);
  return {
    fresh: applied === null || applied.length === 0,
    pending: known.map((m) => m.version).filter((v) => !done.has(v)),
    newer: (applied ?? []).filter((v) => !knownVersions.has(v)),
    pendingClickHouse: clickhouseDatabase ? await pendingClickHouseMigrations(sql, clickhouseDatabase) : [],
  };
}

/**
 * The ClickHouse migrations of this release not in the ledger PostgreSQL keeps of them: a
 * release that adds only a ClickHouse migration (a rollup and its backfill) rewrites stored
 * data too, so it is an upgrade to back up before. None before the ledger exists.
 */
async function pendingClickHouseMigrations(sql: Sql, database: string): Promise<number[]> {
  const [ledger] = await sql<{ present: boolean }[]>`SELECT to_regclass('clickhouse_migrations') IS NOT NULL AS present`;
  if (!ledger?.present) return [];
  const done = new Set(
    (await sql<{ version: number }[]>`SELECT version FROM clickhouse_migrations WHERE database = ${database}`).map((r) => r.version),
  );
  if (done.size === 0) return [];
  return (await loadClickHouseMigrations()).map((m) => m.version).filter((v) => !done.has(v));
}

/** Where the pre-upgrade archive goes: beside the daily ones, or in the data directory. */
export function upgradeBackupPath(config: Pick<Config, 'BACKUP_DIR' | 'DATA_DIR'>, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/-|:/g, '')
    .replace('T', '-');
  return join(resolve(config.BACKUP_DIR ?? join(config.DATA_DIR, 'before-upgrade')), `curb-before-upgrade-${stamp}.tar.gz`);
}

/**
 * Refuses a data directory written by a newer release, and backs up one an earlier release
 * wrote before anything is migrated. Stores are open, nothing else runs yet.
 */
export async function guardUpgrade(
  config: Config,
  stores: { sql: Sql; ch: ClickHouse | null; embeddedPostgres: boolean },
  log: (line: string) => void,
): Promise<void> {
  const plan = await upgradePlan(stores.sql, stores.ch?.database);
  if (plan.newer.length) {
    const newest = Math.max(...plan.newer);
    throw new StartupError(
      `This data directory was written by a newer release (its PostgreSQL migration ${newest} is unknown to this one, ${VERSION}): ` +
        'start the newer release again, or restore a backup this release wrote (pnpm restore) into an empty data directory.',
    );
  }
  // External stores are backed up with their own tools (README, Backups) before an upgrade.
  if (plan.fresh || plan.pending.length + plan.pendingClickHouse.length === 0 || !stores.embeddedPostgres) return;
  const out = upgradeBackupPath(config, new Date());
  const migrations = [
    ...(plan.pending.length ? [`PostgreSQL migrations ${plan.pending.join(', ')}`] : []),
    ...(plan.pendingClickHouse.length ? [`ClickHouse migrations ${plan.pendingClickHouse.join(', ')}`] : []),
  ];
  log(`Upgrading the data directory (${migrations.join('; ')}): backing it up first to ${out}`);
  const result = await createBackup(
    { dataDir: resolve(config.DATA_DIR), sql: stores.sql, ch: stores.ch, running: false, notCovered: notCoveredBy(config) },
    out,
  ).catch((err: Error) => {
    throw new StartupError(`The backup before the upgrade failed, nothing was migrated: ${err.message}`);
  });
  log(`Backed up before the upgrade: ${result.file} (postgres ${result.postgresRows} rows, clickhouse ${result.clickhouseRows} rows)`);
}
