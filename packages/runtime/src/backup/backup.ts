// `pnpm backup` and the worker's daily backup: one archive of everything the product stores, at
// one moment. In a running product the collector's hold cuts the spool (every beacon acknowledged
// before the cut is then on disk in sealed segments, every later one in newer segments) and stops
// the event outbox; PostgreSQL's snapshot is taken at once; the segments up to the cut are flushed
// into ClickHouse, whose tables are then copied while nothing else moves into them, with the files
// of DATA_DIR; the hold is released and the PostgreSQL tables are copied from the snapshot. A
// stopped product is read as it lies, its unflushed spool included as files.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, lstat, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { backupTables, clickHouseLedgerVersions, exportTable, type ClickHouseTable } from '@curb/analytics/backup';
import { openClickHouse, type ClickHouse } from '@curb/analytics';
import { BACKUP_SETTINGS, type BackupFailure, type BackupSuccess } from '@curb/contracts/backup';
import type { Config } from '@curb/contracts/config';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import { withSnapshot, type PostgresSnapshot } from '@curb/db/backup';
import { createSql, settings, startEmbeddedPostgres, type Sql } from '@curb/db';
import { StartupError, VERSION } from '../config.ts';
import { lockDataDir } from '../data-dir-lock.ts';
import { freePort } from '../free-port.ts';
import { writeArchive, type EntryToWrite } from './archive.ts';
import { cutWrites, type HeldWrites } from './holds.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_NAME,
  clickhouseRows,
  dataFileAllowed,
  MANIFEST_ENTRY,
  postgresRows,
  type Manifest,
} from './manifest.ts';

/** The worker's backups run as jobs of this queue; their own jobs stay out of the archives. */
const BACKUP_JOB_QUEUE = JOB_QUEUES.backup;
/** How long the spooled events up to the cut may take to reach ClickHouse. */
const FLUSH_DEADLINE_MS = 120_000;

export interface BackupSources {
  dataDir: string;
  /** The embedded PostgreSQL; null when the product uses an external one (not covered). */
  sql: Sql | null;
  /** The embedded ClickHouse (chDB); null when external. */
  ch: ClickHouse | null;
  /** The product is running in this process (its spool is cut, not copied). */
  running: boolean;
  notCovered: string[];
}

export interface BackupResult {
  file: string;
  bytes: number;
  moment: string;
  postgresRows: number;
  clickhouseRows: number;
  /** Spooled events of a stopped product, in the archive as files. */
  spooled: number;
  notCovered: string[];
  ms: number;
}

export type Log = (line: string) => void;

/** `backup: FILE (postgres N rows, clickhouse M rows)`: the last line of `pnpm backup`. */
export const backupLine = (r: Pick<BackupResult, 'file' | 'postgresRows' | 'clickhouseRows'>) =>
  `backup: ${r.file} (postgres ${r.postgresRows} rows, clickhouse ${r.clickhouseRows} rows)`;

/** What DATA_DIR holds besides the two stores, under its own name in the archive; `keep` sees the path under DATA_DIR. */
const DATA_FILES: Array<{ path: string; stoppedOnly?: boolean; keep?: (path: string) => boolean }> = [
  // Signs the admin's session cookies: kept, signed-in owners stay signed in after a restore.
  { path: 'session-secret' },
  // Mails written instead of sent (no mail service configured).
  { path: 'outbox' },
  // Event rows ClickHouse refused, kept for the owner (collector quarantine.ts).
  { path: 'quarantine' },
  // A stopped product's events not yet in ClickHouse; a running one's are flushed up to the cut.
  { path: 'spool', stoppedOnly: true, keep: (path) => path.endsWith('.ndjson') },
  // The owner's uploaded images, as the api wrote them (nothing else found there goes in).
  { path: 'media', keep: dataFileAllowed },
];
const NEVER = new Set(['curb.pid']);

let running: Promise<unknown> = Promise.resolve();

/** One backup at a time in a process (the worker's and one asked through the control socket). */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = running.then(work, work);
  running = next.catch(() => {});
  return next;
}

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function* walk(dir: string): AsyncGenerator<string> {
  let names: string[];
  try {
    names = (await readdir(dir)).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return;
    throw err;
  }
  for (const name of names) {
    const path = join(dir, name);
    const info = await lstat(path);
    if (info.isDirectory()) yield* walk(path);
    else if (info.isFile()) yield path;
  }
}

/** Copies the DATA_DIR files into `into/files/…`; answers them, and the spooled events among them. */
async function copyDataFiles(
  dataDir: string,
  into: string,
  runningProduct: boolean,
): Promise<{ files: Manifest['files']; spooled: number }> {
  const files: Manifest['files'] = [];
  let spooled = 0;
  for (const spec of DATA_FILES) {
    if (spec.stoppedOnly && runningProduct) continue;
    const root = join(dataDir, spec.path);
    const info = await stat(root).catch(() => null);
    if (!info) continue;
    const paths: string[] = info.isFile() ? [root] : [];
    if (info.isDirectory()) for await (const path of walk(root)) paths.push(path);
    for (const path of paths) {
      const name = path.slice(path.lastIndexOf('/') + 1);
      const under = relative(dataDir, path);
      if (NEVER.has(name) || name.startsWith('.') || (spec.keep && !spec.keep(under))) continue;
      const entry = `files/${under}`;
      await mkdir(dirname(join(into, entry)), { recursive: true });
      await copyFile(path, join(into, entry));
      files.push({ path: under, mode: (await stat(path)).mode & 0o777, entry });
      if (spec.path === 'spool') spooled += await countLines(join(into, entry));
    }
  }
  return { files, spooled };
}

async function countLines(path: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(path)) {
    const bytes = chunk as Buffer;
    for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) lines += 1;
  }
  return lines;
}

async function exportClickHouse(ch: ClickHouse, into: string, log: Log): Promise<NonNullable<Manifest['clickhouse']>['tables']> {
  await mkdir(join(into, 'clickhouse'), { recursive: true });
  const tables: NonNullable<Manifest['clickhouse']>['tables'] = [];
  for (const table of await backupTables(ch)) {
    const entry = `clickhouse/${table.name}.native`;
    const rows = await exportTable(ch, table, join(into, entry));
    tables.push({ ...(table as ClickHouseTable), rows, entry });
  }
  log(`ClickHouse: ${tables.length} tables, ${clickhouseRows({ clickhouse: { database: '', migrations: [], tables } })} rows`);
  return tables;
}

async function exportPostgres(snapshot: PostgresSnapshot, into: string, log: Log): Promise<NonNullable<Manifest['postgres']>['tables']> {
  await mkdir(join(into, 'postgres'), { recursive: true });
  const tables: NonNullable<Manifest['postgres']>['tables'] = [];
  for (const table of snapshot.tables) {
    const entry = `postgres/${table.name}.copy`;
    const rows = await snapshot.copyOut(table, join(into, entry));
    tables.push({ ...table, rows, entry });
  }
  log(`PostgreSQL: ${tables.length} tables, ${tables.reduce((sum, t) => sum + t.rows, 0)} rows`);
  return tables;
}

/** Writes the archive of `sources` to `out` (which must not exist); see the file's head for the order of reads. */
export function createBackup(sources: BackupSources, out: string, log: Log = () => {}): Promise<BackupResult> {
  return oneAtATime(() => backupNow(sources, resolve(out), log));
}

async function backupNow(sources: BackupSources, out: string, log: Log): Promise<BackupResult> {
  const started = performance.now();
  if (existsSync(out)) throw new Error(`${out} exists already: name another file with --out.`);
  await mkdir(dirname(out), { recursive: true });
  const suffix = `${process.pid}-${randomBytes(3).toString('hex')}`;
  const parts = `${out}.parts-${suffix}`;
  const partial = `${out}.partial-${suffix}`;
  await mkdir(parts, { recursive: true, mode: 0o700 });
  let held: HeldWrites | null = null;
  try {
    const { sql, ch, dataDir } = sources;
    if (sources.running && ch) {
      held = await cutWrites(ch);
      if (held) log(`Event ingest cut at ${held.cutAt.toISOString()} (${held.spooled} spooled events flushed first)`);
    }
    const moment = (held?.cutAt ?? new Date()).toISOString();
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      productVersion: VERSION,
      createdAt: '',
      moment,
      running: sources.running,
      postgres: null,
      clickhouse: null,
      files: [],
      spooled: 0,
      notCovered: sources.notCovered,
      entries: {},
    };
    // Under the hold: the spool up to the cut, ClickHouse and the files, then let events flow again.
    const underHold = async (snapshot: PostgresSnapshot | null) => {
      try {
        await held?.flush(Date.now() + FLUSH_DEADLINE_MS);
        if (ch) {
          const ledger = (await snapshot?.clickHouseMigrations(ch.database)) ?? [];
          const migrations = ledger.length ? ledger : await clickHouseLedgerVersions(ch);
          manifest.clickhouse = { database: ch.database, migrations, tables: await exportClickHouse(ch, parts, log) };
        }
        const copied = await copyDataFiles(dataDir, parts, sources.running);
        manifest.files = copied.files;
        manifest.spooled = copied.spooled;
      } finally {
        if (held) {
          held.release();
          log(`Event ingest held ${Date.now() - held.cutAt.getTime()} ms (beacons were accepted and spooled meanwhile)`);
        }
        held = null;
      }
    };
    if (sql) {
      await withSnapshot(sql, { skipJobs: [BACKUP_JOB_QUEUE] }, async (snapshot) => {
        await underHold(snapshot);
        manifest.postgres = {
          migrations: snapshot.migrations,
          jobQueueVersion: snapshot.jobQueueVersion,
          tables: await exportPostgres(snapshot, parts, log),
          sequences: snapshot.sequences,
        };
      });
    } else await underHold(null);
    if (manifest.files.length)
      log(`Files of DATA_DIR: ${manifest.files.length}${manifest.spooled ? ` (${manifest.spooled} spooled events)` : ''}`);

    const entries: EntryToWrite[] = [];
    const named = [
      ...(manifest.postgres?.tables ?? []).map((t) => t.entry),
      ...(manifest.clickhouse?.tables ?? []).map((t) => t.entry),
      ...manifest.files.map((f) => f.entry),
    ];
    for (const entry of named) {
      const path = join(parts, entry);
      const bytes = (await stat(path)).size;
      manifest.entries[entry] = { bytes, sha256: await sha256(path) };
      entries.push({ name: entry, source: path, size: bytes });
    }
    manifest.createdAt = new Date().toISOString();
    const head = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    await writeArchive(partial, [{ name: MANIFEST_ENTRY, source: head, size: head.length }, ...entries]);
    await rename(partial, out);
    for (const line of manifest.notCovered) log(`Not covered: ${line}`);
    return {
      file: out,
      bytes: (await stat(out)).size,
      moment,
      postgresRows: postgresRows(manifest),
      clickhouseRows: clickhouseRows(manifest),
      spooled: manifest.spooled,
      notCovered: manifest.notCovered,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    (held as HeldWrites | null)?.release();
    await rm(parts, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** What the archive of a product on these stores leaves out: the external ones, said with the tool that covers them. */
export function notCoveredBy(config: { DATABASE_URL?: string | undefined; CLICKHOUSE_URL?: string | undefined }): string[] {
  const lines: string[] = [];
  if (config.DATABASE_URL) lines.push('the external PostgreSQL (DATABASE_URL): back it up with pg_dump (README, Backups)');
  if (config.CLICKHOUSE_URL)
    lines.push("the external ClickHouse (CLICKHOUSE_URL): back it up with ClickHouse's BACKUP DATABASE (README, Backups)");
  if (config.DATABASE_URL && config.CLICKHOUSE_URL)
    lines.push("other collectors' spools (each in its own volume): they flush into ClickHouse on their own");
  return lines;
}

/**
 * A backup taken by the running product itself (the worker's schedule, or `pnpm backup` through
 * the control socket); its outcome is kept for the System Overview.
 */
export async function backupRunningProduct(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'CLICKHOUSE_URL'>,
  stores: { sql: Sql; ch: ClickHouse },
  out: string,
  options: { log?: Log; trigger: BackupSuccess['trigger'] },
): Promise<BackupResult> {
  const sources: BackupSources = {
    dataDir: resolve(config.DATA_DIR),
    sql: config.DATABASE_URL ? null : stores.sql,
    ch: config.CLICKHOUSE_URL ? null : stores.ch,
    running: true,
    notCovered: notCoveredBy(config),
  };
  const { trigger } = options;
  try {
    const result = await createBackup(sources, out, options.log);
    const success: BackupSuccess = {
      at: new Date().toISOString(),
      trigger,
      file: result.file,
      bytes: result.bytes,
      moment: result.moment,
      postgresRows: result.postgresRows,
      clickhouseRows: result.clickhouseRows,
      ms: result.ms,
      notCovered: result.notCovered,
    };
    await settings.save(stores.sql, BACKUP_SETTINGS.category, BACKUP_SETTINGS.lastSuccess, JSON.stringify(success)).catch(() => {});
    return result;
  } catch (err) {
    const failure: BackupFailure = { at: new Date().toISOString(), trigger, error: (err as Error).message.slice(0, 500) };
    await settings.save(stores.sql, BACKUP_SETTINGS.category, BACKUP_SETTINGS.lastFailure, JSON.stringify(failure)).catch(() => {});
    throw err;
  }
}

/** Deletes the oldest archives of `dir` (named as archiveName names them) beyond the newest `keep`; answers those deleted. */
export async function pruneArchives(dir: string, keep: number): Promise<string[]> {
  const archives = (await readdir(dir)).filter((name) => ARCHIVE_NAME.test(name)).sort();
  const old = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of old) await unlink(join(dir, name));
  return old;
}

/** The ClickHouse database of the embedded mode (the launcher's). */
const EMBEDDED_DATABASE = 'curb';

/**
 * A backup of a stopped product: DATA_DIR is locked (the product cannot start meanwhile) and its
 * embedded stores are opened as they are, without migrating them.
 */
export async function backupStoppedProduct(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'CLICKHOUSE_URL'>,
  out: string,
  log?: Log,
): Promise<BackupResult> {
  const dataDir = resolve(config.DATA_DIR);
  const pgDir = join(dataDir, 'postgres');
  const chDir = join(dataDir, 'clickhouse');
  const hasPg = !config.DATABASE_URL && existsSync(join(pgDir, 'cluster', 'PG_VERSION'));
  const hasCh = !config.CLICKHOUSE_URL && existsSync(join(chDir, 'metadata'));
  if (!hasPg && !hasCh) throw new StartupError(`${dataDir} holds no data of Curb Appeal's embedded stores: nothing to back up.`);
  const unlock = lockDataDir(dataDir);
  const closers: Array<() => Promise<void>> = [];
  try {
    let sql: Sql | null = null;
    if (hasPg) {
      const pg = await startEmbeddedPostgres({ dataDir: pgDir, port: await freePort() });
      closers.push(() => pg.stop());
      const db = createSql(pg.url, { max: 2 });
      closers.push(() => db.end({ timeout: 2 }));
      sql = db;
    }
    let ch: ClickHouse | null = null;
    if (hasCh) {
      const opened = await openClickHouse({ kind: 'embedded', path: chDir, database: EMBEDDED_DATABASE, poolSize: 2 });
      closers.push(() => opened.close());
      ch = opened;
    }
    return await createBackup({ dataDir, sql, ch, running: false, notCovered: notCoveredBy(config) }, out, log);
  } finally {
    for (const close of closers.reverse()) await close().catch(() => {});
    unlock();
  }
}
