// Durable spool of accepted events: append-only segment files of JSON lines, written with
// group commit (every request waiting in a group shares one synchronous-data write), so a
// 202 is only sent for rows that are on disk. A segment is sealed when the flusher asks
// (see flusher.ts) or at `maxSegmentRows`; sealed segments are immutable and each becomes one
// ClickHouse insert whose deduplication token is the segment's own name, so a replay after
// a crash repeats exactly the same insert and ClickHouse drops it.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

/** A failed write in the owner's words: the disk is full, or the spool cannot write at all. */
export function spoolFailure(err: unknown): 'disk full' | 'cannot write' {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' ? 'disk full' : 'cannot write';
}

export class SpoolFullError extends Error {
  override name = 'SpoolFullError';
}

export class SpoolClosedError extends Error {
  override name = 'SpoolClosedError';
}

export interface Segment {
  /** File name without extension; sorts in creation order and is the deduplication token. */
  readonly id: string;
  readonly path: string;
  rows: number;
  bytes: number;
}

export interface SpoolOptions {
  dir: string;
  maxBytes: number;
  /** A segment is sealed at this many rows whatever the flusher says. */
  maxSegmentRows: number;
  /** Told what recovery cut from the segments a previous run left. */
  log?: { warn(obj: object, msg: string): void };
}

interface Waiter {
  resolve(): void;
  reject(err: Error): void;
}

const SEGMENT_FILE = /^(seg-[0-9a-z]+-[0-9a-f]+-\d{8})\.ndjson$/;
const NEWLINE = 0x0a;

export class Spool {
  readonly dir: string;
  readonly maxBytes: number;
  readonly maxSegmentRows: number;
  private readonly log: SpoolOptions['log'];
  /** Sealed segments, oldest first: what the flusher inserts next. */
  private readonly sealed: Segment[] = [];
  private active: (Segment & { handle: FileHandle }) | undefined;
  /** A fresh prefix per run: segment names (and so tokens) never repeat across restarts. */
  private readonly runPrefix = `seg-${Date.now().toString(36).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;
  private nextSeq = 0;
  private pending: string[] = [];
  private pendingRows = 0;
  private pendingBytes = 0;
  private waiters: Waiter[] = [];
  private writing: Promise<void> | undefined;
  private sealRequested = false;
  /** Callers of `cut` waiting for the group being written to land and the segment to be sealed. */
  private cutWaiters: Array<() => void> = [];
  private closed = false;
  /** Bytes on disk or waiting to be written, not yet flushed: what the quota limits. */
  private totalBytes = 0;
  private totalRows = 0;
  /** Called when a segment is sealed, so the flusher can start at once. */
  onSealed: () => void = () => {};
  /** Called after each group write with the active segment's row count. */
  onWritten: (activeRows: number) => void = () => {};
  /** When the last write (a group or a probe) ended, and why it failed if it did. */
  private lastWrite: { at: number; failure?: string } | undefined;
  private probing: Promise<void> | undefined;

  private constructor(options: SpoolOptions) {
    this.dir = options.dir;
    this.maxBytes = options.maxBytes;
    this.maxSegmentRows = options.maxSegmentRows;
    this.log = options.log;
  }

  /** Opens the spool directory and takes over whatever a previous run left in it. */
  static async open(options: SpoolOptions): Promise<Spool> {
    const spool = new Spool(options);
    await mkdir(options.dir, { recursive: true });
    await spool.recover();
    return spool;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  /** Rows accepted and not yet flushed. */
  get rows(): number {
    return this.totalRows;
  }

  /** Rows in the segment still being written. */
  get activeRows(): number {
    return this.active?.rows ?? 0;
  }

  get segments(): number {
    return this.sealed.length + (this.active ? 1 : 0);
  }

  /**
   * Appends JSON lines (each ending in a newline) and resolves once they are on disk.
   * Refused with SpoolFullError past the quota, so the caller can ask the client to retry.
   */
  append(lines: string, rows: number): Promise<void> {
    if (this.closed) return Promise.reject(new SpoolClosedError('The event spool is closed.'));
    const bytes = Buffer.byteLength(lines);
    if (this.totalBytes + bytes > this.maxBytes) return Promise.reject(new SpoolFullError('The event spool is full.'));
    this.totalBytes += bytes;
    this.totalRows += rows;
    this.pending.push(lines);
    this.pendingRows += rows;
    this.pendingBytes += bytes;
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.writing ??= this.writeLoop();
    return done;
  }

  /**
   * Whether the spool can write to its disk: the last write's outcome when it is at most
   * `maxAgeMs` old, else a probe (a one-byte synchronous write of a scratch file). A full disk
   * or a directory gone shows here before the next beacon is refused, and clears once a write
   * succeeds again.
   */
  async writable(maxAgeMs = 1000): Promise<{ ok: boolean; error?: string }> {
    if (!this.lastWrite || Date.now() - this.lastWrite.at > maxAgeMs) {
      this.probing ??= this.probe().finally(() => (this.probing = undefined));
      await this.probing;
    }
    const failure = this.lastWrite?.failure;
    return failure ? { ok: false, error: failure } : { ok: true };
  }

  private noteWrite(err?: unknown): void {
    this.lastWrite = { at: Date.now(), ...(err ? { failure: spoolFailure(err) } : {}) };
  }

  private async probe(): Promise<void> {
    const path = join(this.dir, `.probe-${process.pid}`);
    try {
      const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_DSYNC, 0o644);
      try {
        await handle.write(Buffer.from('\n'), 0, 1, 0);
      } finally {
        await handle.close();
      }
      this.noteWrite();
    } catch (err) {
      this.noteWrite(err);
    } finally {
      await rm(path, { force: true }).catch(() => {});
    }
  }

  /** Seals the active segment if it holds rows (now, or after the write in progress). */
  seal(): void {
    if (this.writing) this.sealRequested = true;
    else void this.sealActive();
  }

  /**
   * Seals the active segment once the group being written (if any) is on disk: when it
   * resolves, every row acknowledged before the call is in a sealed segment, and rows appended
   * since go to a new one. A backup's cut (services/collector/src/lib/ingest.ts).
   */
  cut(): Promise<void> {
    if (!this.writing) return this.sealActive();
    return new Promise((resolve) => this.cutWaiters.push(resolve));
  }

  /** The oldest sealed segment, or undefined when everything written was flushed. */
  oldest(): Segment | undefined {
    return this.sealed[0];
  }

  /** The sealed segments not yet flushed, oldest first (at start: what a previous run left). */
  sealedSegments(): readonly Segment[] {
    return [...this.sealed];
  }

  async read(segment: Segment): Promise<string> {
    return readFile(segment.path, 'utf8');
  }

  /** Deletes a flushed segment: deleting it is the checkpoint. */
  async release(segment: Segment): Promise<void> {
    if (this.sealed[0] !== segment) throw new Error(`Segment ${segment.id} is not the oldest sealed segment.`);
    await rm(segment.path, { force: true });
    this.sealed.shift();
    this.totalBytes -= segment.bytes;
    this.totalRows -= segment.rows;
  }

  /** Waits for the writes in progress, seals the active segment and refuses further appends. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.writing) await this.writing;
    await this.sealActive();
  }

  private async writeLoop(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const chunk = this.pending.length === 1 ? this.pending[0]! : this.pending.join('');
        const rows = this.pendingRows;
        const bytes = this.pendingBytes;
        const waiters = this.waiters;
        this.pending = [];
        this.pendingRows = 0;
        this.pendingBytes = 0;
        this.waiters = [];
        try {
          await this.writeGroup(chunk, rows, bytes);
          this.noteWrite();
          for (const w of waiters) w.resolve();
          this.onWritten(this.activeRows);
        } catch (err) {
          this.noteWrite(err);
          this.totalBytes -= bytes;
          this.totalRows -= rows;
          for (const w of waiters) w.reject(err as Error);
        }
        if (this.sealRequested || this.cutWaiters.length > 0 || this.activeRows >= this.maxSegmentRows) {
          this.sealRequested = false;
          await this.sealActive();
          // Cuts asked for during the seal are served by it too: nothing was written meanwhile.
          for (const cut of this.cutWaiters.splice(0)) cut();
        }
      }
    } finally {
      this.writing = undefined;
    }
  }

  private async writeGroup(chunk: string, rows: number, bytes: number): Promise<void> {
    const segment = this.active ?? (await this.openSegment());
    try {
      const buffer = Buffer.from(chunk);
      let offset = 0;
      while (offset < buffer.length) {
        const { bytesWritten } = await segment.handle.write(buffer, offset, buffer.length - offset, segment.bytes + offset);
        offset += bytesWritten;
      }
    } catch (err) {
      // Cut the segment back to its last acknowledged byte so a half-written group never
      // reaches ClickHouse; if even that fails, seal it as it is and let recovery trim it.
      await segment.handle.truncate(segment.bytes).catch(() => {});
      await this.sealActive();
      throw err;
    }
    segment.rows += rows;
    segment.bytes += bytes;
  }

  private async openSegment(): Promise<Segment & { handle: FileHandle }> {
    const id = `${this.runPrefix}-${String(this.nextSeq++).padStart(8, '0')}`;
    const path = join(this.dir, `${id}.ndjson`);
    // O_DSYNC: a write returns once its data is on disk (write and fdatasync in one call).
    const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_DSYNC, 0o644);
    // The new file's directory entry must be durable before any row in it is acknowledged.
    await syncDirectory(this.dir);
    this.active = { id, path, rows: 0, bytes: 0, handle };
    return this.active;
  }

  private async sealActive(): Promise<void> {
    const segment = this.active;
    if (!segment) return;
    this.active = undefined;
    await segment.handle.close().catch(() => {});
    if (segment.rows === 0) {
      await rm(segment.path, { force: true });
      return;
    }
    this.sealed.push({ id: segment.id, path: segment.path, rows: segment.rows, bytes: segment.bytes });
    this.onSealed();
  }

  /**
   * Every segment found at start is sealed as it is. The last one may end in a partial line
   * from a write that never completed (and so was never acknowledged): cut it, and say so.
   */
  private async recover(): Promise<void> {
    const files = (await readdir(this.dir)).filter((f) => SEGMENT_FILE.test(f)).sort();
    for (const file of files) {
      const path = join(this.dir, file);
      const data = await readFile(path);
      const end = data.lastIndexOf(NEWLINE) + 1;
      if (end < data.length) {
        const handle = await open(path, 'r+');
        try {
          await handle.truncate(end);
          await handle.datasync();
        } finally {
          await handle.close();
        }
        this.log?.warn(
          { segment: file, droppedBytes: data.length - end, droppedLines: 1, keptBytes: end },
          'event spool: cut a torn last line left by an interrupted write (never acknowledged)',
        );
      }
      let rows = 0;
      for (let i = data.indexOf(NEWLINE); i !== -1 && i < end; i = data.indexOf(NEWLINE, i + 1)) rows++;
      if (rows === 0) {
        await rm(path, { force: true });
        continue;
      }
      this.sealed.push({ id: SEGMENT_FILE.exec(file)![1]!, path, rows, bytes: end });
      this.totalBytes += end;
      this.totalRows += rows;
    }
  }
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Size of a spool directory's segments on disk (for tests and operators). */
export async function spoolDiskBytes(dir: string): Promise<number> {
  let total = 0;
  for (const file of await readdir(dir).catch(() => [] as string[])) {
    if (SEGMENT_FILE.test(file)) total += (await stat(join(dir, file))).size;
  }
  return total;
}
