// Where event rows wait on disk beside ClickHouse, one directory per ClickHouse database under
// DATA_DIR: the collector's spool (rows accepted and not yet inserted, services/collector
// spool.ts) and its quarantine (rows ClickHouse refused for their data, quarantine.ts). The
// collector writes both; an erasure finds a person's lines there.
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { addressMatcher, normaliseAddress, type PersonIds } from './person-data.ts';

export function spoolDir(dataDir: string, database: string): string {
  return join(resolve(dataDir), 'spool', database);
}

export function quarantineDir(dataDir: string, database: string): string {
  return join(resolve(dataDir), 'quarantine', database);
}

/** Spool segments and quarantine files are JSON lines in `.ndjson` files (the quarantine's part journals are not). */
const LINES_FILE = /\.ndjson$/;

/** Tells whether an event line (a spooled JSONEachRow row, as text) is the person's. */
export interface LineMatcher {
  /** The line carries the address (in any of its texts). */
  carries(line: string): boolean;
  /** It carries the address or belongs to one of the person's sessions. */
  isPersons(line: string): boolean;
  /** The session of a line, when it is an event row. */
  ids(line: string): PersonIds;
}

const parse = (line: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

export function lineMatcher(email: string, ids: PersonIds = { sessions: [] }): LineMatcher {
  const address = normaliseAddress(email);
  const holds = addressMatcher(address);
  const sessions = new Set(ids.sessions);
  // The raw line is searched too: a line JSON cannot read is still held as text.
  const carries = (line: string) => {
    const row = parse(line);
    return row?.email === address || holds(line) || (row !== null && holds(JSON.stringify(row)));
  };
  return {
    carries,
    isPersons(line) {
      if (carries(line)) return true;
      const row = parse(line);
      return Boolean(row?.session_id && sessions.has(String(row.session_id)));
    },
    ids(line) {
      const session = parse(line)?.session_id;
      return { sessions: typeof session === 'string' && session ? [session] : [] };
    },
  };
}

export interface LinesFile {
  path: string;
  /** The file's name without `.ndjson`: a spool segment's id, the segment a quarantine file is for. */
  name: string;
  lines: string[];
}

/** The `.ndjson` files of a directory with their lines (none when it does not exist). */
export async function linesFiles(dir: string): Promise<LinesFile[]> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const files: LinesFile[] = [];
  for (const file of names.filter((n) => LINES_FILE.test(n)).sort()) {
    const path = join(dir, file);
    // A segment flushed (and deleted) while this reads is no longer held.
    const text = await readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? null : Promise.reject(err)));
    if (text !== null) files.push({ path, name: file.replace(LINES_FILE, ''), lines: text.split('\n').filter(Boolean) });
  }
  return files;
}

/** The sessions of the spooled lines that carry the address (they may be known nowhere else yet). */
export function idsInLines(files: LinesFile[], matcher: LineMatcher): PersonIds {
  const sessions = new Set<string>();
  for (const file of files)
    for (const line of file.lines) if (matcher.carries(line)) for (const s of matcher.ids(line).sessions) sessions.add(s);
  return { sessions: [...sessions] };
}

/**
 * Rewrites a file without the lines `drop` picks (a new file renamed over it, so a reader sees one
 * or the other), or deletes it when none is left; the lines kept.
 */
export async function rewriteWithout(file: LinesFile, drop: (line: string) => boolean): Promise<string[]> {
  const kept = file.lines.filter((line) => !drop(line));
  if (kept.length === file.lines.length) return kept;
  if (kept.length === 0) {
    await rm(file.path, { force: true });
    return kept;
  }
  const next = `${file.path}.erasure`;
  await writeFile(next, kept.map((line) => `${line}\n`).join(''), { mode: 0o644, flush: true });
  await rename(next, file.path);
  return kept;
}

/** Whether a running process holds the spool (its collector's lock file names a live pid): then only it may change the segments. */
export function spoolInUse(dir: string): boolean {
  const lock = join(dir, 'curb.pid');
  if (!existsSync(lock)) return false;
  const pid = Number(readFileSync(lock, 'utf8'));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A quarantine line: the refused row as it was spooled, with ClickHouse's reason. */
export function quarantinedRow(line: string): { row: string; reason: string } | null {
  const value = parse(line);
  return value && typeof value.row === 'string' ? { row: value.row, reason: typeof value.reason === 'string' ? value.reason : '' } : null;
}
