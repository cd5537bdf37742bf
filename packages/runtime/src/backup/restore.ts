// `pnpm restore FILE [--data-dir DIR] [--force]`: an archive of `pnpm backup` into a data directory
// for the embedded stores. The archive is read whole and checked first (its manifest, every
// entry's size and SHA-256, gzip's own check, schema versions this code knows); a damaged, foreign
// or too new archive is refused before anything is written. It is then restored beside the target
// (DIR.restoring-PID): PostgreSQL and ClickHouse migrated to the archive's versions, its rows
// loaded and counted against the manifest, the newer migrations run, and only then moved into DIR.
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { openClickHouse, migrateClickHouse, clickHouseLedger } from '@curb/analytics';
import { knownClickHouseVersions, loadTables as loadClickHouse, migrateToVersions } from '@curb/analytics/backup';
import { createSql, loadMigrations, migratePostgres, startEmbeddedPostgres, startJobQueue, stopJobQueue } from '@curb/db';
import { jobQueueVersion, loadTables as loadPostgres } from '@curb/db/backup';
import { migrateClickHouseLocked } from '../clickhouse-migrations.ts';
import { StartupError } from '../config.ts';
import { lockDataDir } from '../data-dir-lock.ts';
import { freePort } from '../free-port.ts';
import { ArchiveError, readArchive, type EntrySink } from './archive.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  DATA_FILE_MODE_MASK,
  dataFileAllowed,
  MANIFEST_ENTRY,
  safeEntryName,
  type Manifest,
} from './manifest.ts';
import type { Log } from './backup.ts';

/** A manifest is small; a first entry larger than this is not one. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

export interface RestoreResult {
  dataDir: string;
  postgresRows: number;
  clickhouseRows: number;
  manifest: Manifest;
}

/** `restored: DIR (postgres N rows, clickhouse M rows)`: the last line of `pnpm restore`. */
export const restoredLine = (r: Pick<RestoreResult, 'dataDir' | 'postgresRows' | 'clickhouseRows'>) =>
  `restored: ${r.dataDir} (postgres ${r.postgresRows} rows, clickhouse ${r.clickhouseRows} rows)`;

const refuse = (message: string) => new StartupError(message);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The entries of DIR, or null when it does not exist; refuses a DIR a running product holds. */
async function targetEntries(dir: string): Promise<string[] | null> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') throw refuse(`${dir} is a file, not a directory.`);
    throw err;
  }
  if (names.includes('curb.pid')) {
    const pid = Number((await readFile(join(dir, 'curb.pid'), 'utf8').catch(() => '')).trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
      throw refuse(`${dir} is in use by a running Curb Appeal (pid ${pid}): stop it before restoring into it.`);
  }
  return names.filter((n) => n !== 'curb.pid');
}

/** Reads the whole archive and checks it; answers its manifest. Writes nothing. */
export async function checkArchive(file: string): Promise<Manifest> {
  let manifest: Manifest | null = null;
  let first = true;
  const seen = new Set<string>();
  try {
    await readArchive(file, async (entry) => {
      if (first) {
        first = false;
        if (entry.name !== MANIFEST_ENTRY || entry.size > MAX_MANIFEST_BYTES)
          throw new ArchiveError('not a Curb Appeal backup: it does not begin with a Curb Appeal manifest');
        const chunks: Buffer[] = [];
        return {
          write: (chunk) => void chunks.push(Buffer.from(chunk)),
          end() {
            manifest = parseManifest(Buffer.concat(chunks));
          },
        };
      }
      const expected = Object.hasOwn(manifest!.entries, entry.name) ? manifest!.entries[entry.name] : undefined;
      if (!expected || !safeEntryName(entry.name) || seen.has(entry.name))
        throw new ArchiveError(`damaged: it holds ${JSON.stringify(entry.name)}, which its manifest does not list`);
      seen.add(entry.name);
      if (expected.bytes !== entry.size) throw new ArchiveError(`damaged: ${entry.name} is ${entry.size} bytes, not ${expected.bytes}`);
      const hash = createHash('sha256');
      return {
        write: (chunk) => void hash.update(chunk),
        end() {
          if (hash.digest('hex') !== expected.sha256) throw new ArchiveError(`damaged: ${entry.name} fails its checksum`);
        },
      };
    });
  } catch (err) {
    if (err instanceof ArchiveError) throw refuse(`Refused ${file}: ${err.message}. Nothing was written.`);
    throw err;
  }
  const found = manifest as Manifest | null;
  if (!found) throw refuse(`Refused ${file}: not a Curb Appeal backup (it is empty). Nothing was written.`);
  const absent = Object.keys(found.entries).filter((name) => !seen.has(name));
  if (absent.length) throw refuse(`Refused ${file}: damaged: ${absent.length} entries are missing (${absent[0]}…). Nothing was written.`);
  if (!referencesHold(found)) throw refuse(`Refused ${file}: damaged: its manifest names entries it does not hold. Nothing was written.`);
  await checkVersions(file, found);
  return found;
}

function parseManifest(bytes: Buffer): Manifest {
  let value: Partial<Manifest>;
  try {
    value = JSON.parse(bytes.toString('utf8')) as Partial<Manifest>;
  } catch {
    throw new ArchiveError('not a Curb Appeal backup: its manifest is not readable');
  }
  if (value?.format !== ARCHIVE_FORMAT) throw new ArchiveError('not a Curb Appeal backup: its manifest is of another kind');
  if (value.formatVersion !== ARCHIVE_FORMAT_VERSION)
    throw new ArchiveError(`an archive of format ${String(value.formatVersion)}, which this version of Curb Appeal does not read`);
  if (!value.entries || typeof value.entries !== 'object' || !Array.isArray(value.files))
    throw new ArchiveError('damaged: its manifest is incomplete');
  return value as Manifest;
}

/** Every table and file the manifest names is one of its checked entries, and a file lands where its entry says, inside DATA_DIR. */
function referencesHold(manifest: Manifest): boolean {
  const held = (entry: string) => safeEntryName(entry) && Object.hasOwn(manifest.entries, entry);
  const tables = [...(manifest.postgres?.tables ?? []), ...(manifest.clickhouse?.tables ?? [])];
  return (
    tables.every((t) => held(t.entry)) &&
    manifest.files.every((f) => f.entry === `files/${f.path}` && held(f.entry) && dataFileAllowed(f.path))
  );
}

/** Every schema version of the archive must be one this code has (an older schema is migrated forward). */
async function checkVersions(file: string, manifest: Manifest): Promise<void> {
  const postgres = new Set((await loadMigrations()).map((m) => m.version));
  const clickhouse = await knownClickHouseVersions();
  const newerPg = (manifest.postgres?.migrations ?? []).filter((v) => !postgres.has(v));
  const newerCh = (manifest.clickhouse?.migrations ?? []).filter((v) => !clickhouse.has(v));
  if (newerPg.length || newerCh.length) {
    const which = newerPg.length ? `PostgreSQL migration ${newerPg[0]}` : `ClickHouse migration ${newerCh[0]}`;
    throw refuse(
      `Refused ${file}: it was made by a newer Curb Appeal (${manifest.productVersion}; ${which} is unknown here). ` +
        'Restore it with that version or a later one. Nothing was written.',
    );
  }
}

/** Writes every entry of the (checked) archive: data files under `work`, DATA_DIR files in place under `root`. */
async function extract(file: string, manifest: Manifest, work: string, root: string): Promise<void> {
  const files = new Map(manifest.files.map((f) => [f.entry, f]));
  let skippedManifest = false;
  await readArchive(file, async (entry): Promise<EntrySink | null> => {
    if (!skippedManifest) {
      skippedManifest = true;
      return null;
    }
    const placed = files.get(entry.name);
    const path = placed ? join(root, placed.path) : join(work, entry.name);
    await mkdir(dirname(path), { recursive: true });
    // No file comes back executable or writable by others, whatever the archive says.
    const mode = placed ? placed.mode & DATA_FILE_MODE_MASK : 0o600;
    const out: WriteStream = createWriteStream(path, { flags: 'wx', mode });
    return {
      async write(chunk) {
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      },
      async end() {
        out.end();
        await finished(out);
      },
    };
  });
}

/** Restores `file` into `dataDir` (see the file's head); refuses a non-empty one unless `force`. */
export async function restoreArchive(file: string, dataDir: string, options: { force?: boolean; log?: Log } = {}): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const target = resolve(dataDir);
  const archive = resolve(file);
  if (!existsSync(archive)) throw refuse(`${archive} does not exist.`);
  const before = await targetEntries(target);
  if (before?.length && !options.force)
    throw refuse(
      `${target} is not empty (${before.length} entries): restore into an empty directory, or add --force to replace its contents.`,
    );

  const manifest = await checkArchive(archive);
  log(
    `Archive checked: ${Object.keys(manifest.entries).length} entries, written ${manifest.createdAt} by Curb Appeal ` +
      `${manifest.productVersion}, consistent to ${manifest.moment}`,
  );
  for (const line of manifest.notCovered) log(`Not in the archive: ${line}`);

  const createdTarget = before === null;
  const unlock = lockDataDir(target);
  const staging = `${target}.restoring-${process.pid}`;
  const replaced = `${target}.replaced-${process.pid}`;
  try {
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    const work = join(staging, '.archive');
    await extract(archive, manifest, work, staging);
    const counts = await restoreStores(manifest, staging, work, log);
    await rm(work, { recursive: true, force: true });

    // Into place: what DIR held (with --force) is set aside until the new contents are in.
    const old = (await targetEntries(target)) ?? [];
    if (old.length) {
      await mkdir(replaced, { recursive: true });
      for (const name of old) await rename(join(target, name), join(replaced, name));
    }
    for (const name of await readdir(staging)) await rename(join(staging, name), join(target, name));
    await rm(replaced, { recursive: true, force: true });
    await rm(staging, { recursive: true, force: true });
    if (old.length) log(`Replaced the previous contents of ${target} (--force).`);
    return { dataDir: target, ...counts, manifest };
  } catch (err) {
    await rm(staging, { recursive: true, force: true }).catch(() => {});
    // A failure while moving the new contents in puts the old ones back.
    if (existsSync(replaced)) {
      for (const name of await readdir(replaced)) {
        await rm(join(target, name), { recursive: true, force: true }).catch(() => {});
        await rename(join(replaced, name), join(target, name)).catch(() => {});
      }
      await rm(replaced, { recursive: true, force: true }).catch(() => {});
    }
    throw err;
  } finally {
    unlock();
    if (createdTarget) await rmdir(target).catch(() => {}); // only if it stayed empty
  }
}

function checkCounts(store: string, counts: Map<string, number>, tables: Array<{ name: string; rows: number }>): number {
  for (const t of tables) {
    const found = counts.get(t.name);
    if (found !== t.rows) throw new Error(`${store} table ${t.name}: ${found} rows restored, the archive holds ${t.rows}`);
  }
  return tables.reduce((sum, t) => sum + t.rows, 0);
}

async function restoreStores(
  manifest: Manifest,
  root: string,
  work: string,
  log: Log,
): Promise<{ postgresRows: number; clickhouseRows: number }> {
  const closers: Array<() => Promise<void>> = [];
  try {
    let sql: ReturnType<typeof createSql> | null = null;
    let restoredPg = 0;
    let restoredCh = 0;
    if (manifest.postgres) {
      const { postgres } = manifest;
      const pg = await startEmbeddedPostgres({ dataDir: join(root, 'postgres'), port: await freePort() });
      closers.push(() => pg.stop());
      const db = createSql(pg.url, { max: 2 });
      sql = db;
      closers.push(() => db.end({ timeout: 2 }));
      const archived = new Set(postgres.migrations);
      await migratePostgres(
        db,
        (await loadMigrations()).filter((m) => archived.has(m.version)),
      );
      let tables = postgres.tables;
      if (tables.some((t) => t.name.startsWith('pgboss.'))) {
        // pg-boss creates its schema and the product's queues; the archive's jobs go into them.
        const jobs = await startJobQueue(pg.url, () => {});
        await stopJobQueue(jobs, 1000);
        const version = await jobQueueVersion(db);
        if (version !== postgres.jobQueueVersion) {
          tables = tables.filter((t) => !t.name.startsWith('pgboss.'));
          log(`Background jobs not restored: the archive's job queue schema is ${postgres.jobQueueVersion}, this one's ${version}.`);
        }
      }
      const counts = await loadPostgres(
        db,
        tables.map((t) => ({ ...t, path: join(work, t.entry) })),
        postgres.sequences,
      );
      restoredPg = checkCounts('PostgreSQL', counts, tables);
      log(`PostgreSQL: ${tables.length} tables, ${restoredPg} rows (as the archive counted them)`);
    }
    if (manifest.clickhouse) {
      const { clickhouse } = manifest;
      const ch = await openClickHouse({ kind: 'embedded', path: join(root, 'clickhouse'), database: clickhouse.database, poolSize: 1 });
      closers.push(() => ch.close());
      await migrateToVersions(ch, new Set(clickhouse.migrations));
      const counts = await loadClickHouse(
        ch,
        clickhouse.tables.map((t) => ({ ...t, path: join(work, t.entry) })),
      );
      restoredCh = checkCounts('ClickHouse', counts, clickhouse.tables);
      log(`ClickHouse: ${clickhouse.tables.length} tables, ${restoredCh} rows (as the archive counted them)`);
      // The newer migrations, as a start would run them: PostgreSQL's first (the ClickHouse ledger lives there).
      if (sql) {
        const pgApplied = await migratePostgres(sql);
        const chApplied = await migrateClickHouseLocked(sql, ch);
        log(migrated(pgApplied, chApplied));
      } else {
        const ledger = clickHouseLedger(ch);
        const recorded = await ledger.applied();
        for (const version of clickhouse.migrations) if (!recorded.has(version)) await ledger.record({ version, name: 'restored' });
        log(migrated([], await migrateClickHouse(ch)));
      }
    } else if (sql) log(migrated(await migratePostgres(sql), []));
    if (manifest.files.length)
      log(
        `Files of DATA_DIR: ${manifest.files.length}${manifest.spooled ? ` (${manifest.spooled} spooled events, flushed at start)` : ''}`,
      );
    return { postgresRows: restoredPg, clickhouseRows: restoredCh };
  } finally {
    for (const close of closers.reverse()) await close().catch(() => {});
  }
}

function migrated(pg: number[], ch: number[]): string {
  if (!pg.length && !ch.length) return 'Schema: the archive is at the current version';
  const parts = [pg.length ? `PostgreSQL ${pg.join(', ')}` : '', ch.length ? `ClickHouse ${ch.join(', ')}` : ''].filter(Boolean);
  return `Schema: migrations run after loading: ${parts.join('; ')}`;
}
