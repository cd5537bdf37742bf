// Moves sealed spool segments into ClickHouse, oldest first, one insert per segment with the
// segment's name as the insert-deduplication token. A segment is deleted only after its
// insert succeeded; a failed insert is retried with backoff, so while ClickHouse is down the
// spool grows and it drains in order when ClickHouse is back.
//
// Batching: the active segment is sealed once it holds `batchRows` rows, the flusher is idle
// and the last insert began `minGapMs` ago, or every `intervalMs`. While an insert runs (or
// the gap lasts), rows keep gathering in the active segment, so under load inserts grow
// instead of multiplying: each insert writes a part per table and rollup and the parts have
// to be merged, so a few large inserts cost ClickHouse far less than many small ones.
import { JsonLines } from '@curb/analytics';
import type { IngestMetrics } from './metrics.ts';
import type { Segment, Spool } from './spool.ts';

export type InsertRows = (rows: JsonLines | object[], deduplicationToken: string) => Promise<void>;

export interface FlusherOptions {
  spool: Spool;
  insert: InsertRows;
  metrics: IngestMetrics;
  /** The active segment is sealed and flushed at least this often. */
  intervalMs: number;
  /** An idle flusher seals the active segment as soon as it holds this many rows… */
  batchRows: number;
  /** …and the last insert began at least this long ago. */
  minGapMs: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

const MAX_BACKOFF_MS = 15_000;

export class Flusher {
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private failures = 0;
  private retryAt = 0;
  private stopping = false;
  private lastInsertAt = 0;

  constructor(private readonly options: FlusherOptions) {
    options.spool.onSealed = () => this.kick();
    options.spool.onWritten = () => this.sealFullBatch();
  }

  /** Seals the active segment if it holds a batch and an insert may start now. */
  private sealFullBatch(): void {
    const { spool, batchRows, minGapMs } = this.options;
    if (spool.activeRows >= batchRows && !this.draining && Date.now() - this.lastInsertAt >= minGapMs) spool.seal();
  }

  /** True while the last insert failed (ClickHouse unreachable or refusing). */
  get failing(): boolean {
    return this.failures > 0;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.options.spool.seal();
      this.kick();
    }, this.options.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Drains now unless a drain is running or a failed insert is waiting for its retry time. */
  kick(): void {
    if (this.draining || this.stopping || Date.now() < this.retryAt) return;
    this.draining = this.drain().finally(() => (this.draining = undefined));
  }

  /** Waits for everything sealed so far to be flushed (tests, shutdown). */
  async flushAll(deadline = Infinity): Promise<boolean> {
    const { spool } = this.options;
    spool.seal();
    while (Date.now() < deadline) {
      if (this.draining) await this.draining;
      if (!spool.oldest()) {
        // A write may still be in flight and seal when it lands.
        if (spool.rows === 0) return true;
        spool.seal();
        await sleep(5);
        continue;
      }
      const wait = this.retryAt - Date.now();
      if (wait > 0) await sleep(Math.min(wait, Math.max(0, deadline - Date.now())));
      else this.draining ??= this.drain().finally(() => (this.draining = undefined));
    }
    return spool.rows === 0;
  }

  /** Stops the clock and flushes what it can before `deadline`; the rest waits in the spool. */
  async stop(deadline: number): Promise<void> {
    clearInterval(this.timer);
    this.retryAt = 0;
    await this.flushAll(deadline);
    this.stopping = true;
    if (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    const { spool, metrics } = this.options;
    for (let segment = spool.oldest(); segment; segment = spool.oldest()) {
      try {
        const started = performance.now();
        this.lastInsertAt = Date.now();
        const flushed = await this.insertSegment(segment);
        await spool.release(segment);
        metrics.flushed += flushed;
        metrics.flushes += 1;
        metrics.lastFlushAt = new Date().toISOString();
        metrics.lastFlushMs = Math.round(performance.now() - started);
        this.failures = 0;
        this.retryAt = 0;
      } catch (err) {
        this.failures += 1;
        metrics.flushFailures += 1;
        metrics.lastFlushError = (err as Error).message;
        this.retryAt = Date.now() + Math.min(MAX_BACKOFF_MS, 250 * 2 ** Math.min(this.failures - 1, 10));
        this.options.log.warn({ err, segment: segment.id, failures: this.failures }, 'event flush failed; the spool keeps the rows and retries');
        return;
      }
    }
    // What gathered during the inserts is the next batch (once the gap has passed: the next
    // group write checks again).
    this.sealFullBatch();
  }

  /**
   * The segment's lines go to ClickHouse as they are. Only if that fails is each line
   * checked: an unreadable one (a torn write can leave one; it was never acknowledged) is
   * dropped and the rest inserted; otherwise the failure is ClickHouse's and is retried.
   */
  private async insertSegment(segment: Segment): Promise<number> {
    const text = await this.options.spool.read(segment);
    try {
      await this.options.insert(new JsonLines(text), segment.id);
      return segment.rows;
    } catch (err) {
      const { rows, unreadable } = parseRows(text);
      if (unreadable === 0) throw err;
      this.options.log.error({ segment: segment.id, unreadable }, 'skipped unreadable spool lines');
      await this.options.insert(rows, segment.id);
      return rows.length;
    }
  }
}

function parseRows(text: string): { rows: object[]; unreadable: number } {
  const rows: object[] = [];
  let unreadable = 0;
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      rows.push(JSON.parse(line) as object);
    } catch {
      unreadable += 1;
    }
  }
  return { rows, unreadable };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
