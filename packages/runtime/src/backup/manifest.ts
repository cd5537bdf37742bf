// The first entry of every backup archive: what it holds, from which schema versions, how many rows
// each table had, and a checksum of every other entry. A restore reads and checks it all before it
// writes anything.
import type { ClickHouseTable } from '@curb/analytics/backup';
import type { PostgresSequence, PostgresTable } from '@curb/db/backup';

export const ARCHIVE_FORMAT = 'curb-appeal-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
/** Archives the worker writes to BACKUP_DIR, and the default of `pnpm backup`: `curb-backup-20260131-031500.tar.gz`. */
export const ARCHIVE_NAME = /^curb-backup-\d{8}-\d{6}\.tar\.gz$/;

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  /** The product version that wrote it. */
  productVersion: string;
  createdAt: string;
  /**
   * The moment the archive holds: the spool's cut when the product was running (beacons
   * acknowledged before it are in, none after), else when the stores were read.
   */
  moment: string;
  /** Taken from a running product (through its control socket or its worker). */
  running: boolean;
  postgres: {
    migrations: number[];
    jobQueueVersion: number | null;
    tables: Array<PostgresTable & { rows: number; entry: string }>;
    sequences: PostgresSequence[];
  } | null;
  clickhouse: {
    database: string;
    migrations: number[];
    tables: Array<ClickHouseTable & { rows: number; entry: string }>;
  } | null;
  /** Files of DATA_DIR, by their path under it. */
  files: Array<{ path: string; mode: number; entry: string }>;
  /** Events accepted by a stopped product and still in its spool (in `files`): flushed when the restored product starts. */
  spooled: number;
  /** What the product stores that this archive does not hold (an external store). */
  notCovered: string[];
  /** Size and SHA-256 of every entry after this one. */
  entries: Record<string, { bytes: number; sha256: string }>;
}

export const postgresRows = (m: Pick<Manifest, 'postgres'>) => (m.postgres?.tables ?? []).reduce((sum, t) => sum + t.rows, 0);
export const clickhouseRows = (m: Pick<Manifest, 'clickhouse'>) => (m.clickhouse?.tables ?? []).reduce((sum, t) => sum + t.rows, 0);

/** `curb-backup-YYYYMMDD-HHMMSS.tar.gz`, in UTC. */
export function archiveName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/-|:/g, '')
    .replace('T', '-');
  return `curb-backup-${stamp}.tar.gz`;
}

/** Entry names stay inside the archive's three folders: nothing can be written outside the target. */
export function safeEntryName(name: string): boolean {
  return (
    /^(postgres|clickhouse|files)\/[^\0\\]+$/.test(name) && !name.split('/').some((part) => part === '' || part === '.' || part === '..')
  );
}

/**
 * What DATA_DIR holds besides the two stores, in the archive under its own path. A restore
 * writes these and nothing else: an archive is data from off-site storage that anyone with
 * access to it may have altered, and a database cluster's own files (its version stamp, its
 * pid file, its configuration) would let such an archive steer the servers the restore starts.
 */
export const DATA_FILES: ReadonlyArray<{
  path: string;
  kind: 'file' | 'folder';
  stoppedOnly?: boolean;
  /** Which files under the folder belong (given the path under DATA_DIR); all when absent. */
  keep?: (path: string) => boolean;
}> = [
  // Signs the admin's session cookies: kept, signed-in owners stay signed in after a restore.
  { path: 'session-secret', kind: 'file' },
  // Mails written instead of sent (no mail service configured).
  { path: 'outbox', kind: 'folder' },
  // Event rows ClickHouse refused, kept for the owner (collector quarantine.ts).
  { path: 'quarantine', kind: 'folder' },
  // A stopped product's events not yet in ClickHouse; a running one's are flushed up to the cut.
  { path: 'spool', kind: 'folder', stoppedOnly: true, keep: (path) => path.endsWith('.ndjson') },
  // The key that signs the owner's mail (pnpm mail:dkim): without it the published DNS record
  // no longer matches, so it comes back with the rest.
  { path: 'dkim', kind: 'folder', keep: (path) => /^dkim\/[a-z0-9.-]{1,253}\/[a-z0-9_-]{1,63}\.pem$/.test(path) },
  // The owner's uploaded images as the api writes them, media/<uuid>/<width>.webp: an archive
  // cannot place anything else there (a page, a script).
  { path: 'media', kind: 'folder', keep: (path) => MEDIA_FILE.test(path) },
];

const MEDIA_FILE = /^media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[1-9][0-9]{1,4}\.webp$/;

/** Whether a path under DATA_DIR is one of the DATA_FILES a backup holds (and a restore may write). */
export function isDataFile(path: string): boolean {
  const parts = path.split('/');
  const odd = (part: string) => part === '' || part.startsWith('.') || /[\0-\x1f\\]/.test(part);
  if (parts.some(odd) || parts.at(-1) === 'curb.pid') return false;
  return DATA_FILES.some((spec) =>
    spec.kind === 'file' ? path === spec.path : parts.length > 1 && parts[0] === spec.path && (!spec.keep || spec.keep(path)),
  );
}

/** The permissions a restored file gets: read and write for the owner, read for others at most; never execute or set-id bits. */
export const restoredMode = (mode: number) => (mode & 0o644) | 0o600;
