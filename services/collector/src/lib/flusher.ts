// Moves sealed spool segments into ClickHouse, oldest first, one insert per segment with the
// segment's name as the insert-deduplication token. A segment is deleted only after its
// insert succeeded; a failed insert is retried with backoff, so while ClickHouse is down the
// spool grows and it drains in order when ClickHouse is back. A segment ClickHouse refuses
// for its data is split until every good row is in and each refused row is quarantined
// (quarantine.ts), so one bad row never holds up the rows behind it.
//
// Batching: the active segment is sealed once it holds `batchRows` rows, the flusher is idle
// and the last insert began `minGapMs` ago, or every `intervalMs`. While an insert runs (or
// the gap lasts), rows keep gathering in the active segment, so under load inserts grow
// instead of multiplying: each insert writes a part per table and rollup and the parts have
// to be merged, so a few large inserts cost ClickHouse far less than many small ones.
import { JsonLines, JsonLinesFile } from '@curb/analytics';
import type { IngestMetrics } from './metrics.ts';
import { isDataError, refusalReason, type PartJournal, type Quarantine, type Refusal } from './quarantine.ts';
import type { Segment, Spool } from './spool.ts';

export type InsertRows = (rows: JsonLines | JsonLinesFile | object[], deduplicationToken: string) => Promise<void>;

export interface FlusherOptions {
  spool: Spool;
  insert: InsertRows;
  quarantine: Pick<Quarantine, 'put' | 'journal'>;
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
  /** While a backup holds the flusher: the segments it may still flush (those sealed at the cut). */
  private held: Set<Segment> | undefined;

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

  /**
   * A backup's cut: seals the spool (every row acknowledged so far is then in a sealed segment)
   * and, until `release`, flushes nothing sealed after it. Beacons keep being accepted and
   * spooled meanwhile. `flushHeld` then brings the segments up to the cut into ClickHouse.
   */
  async holdAtCut(): Promise<{ cutAt: Date; rows: number }> {
    if (this.held) throw new Error('The event flusher is already held.');
    const { spool } = this.options;
    // Held first, so a drain starting during the cut flushes nothing sealed after it.
    const held = new Set(spool.sealedSegments());
    this.held = held;
    await spool.cut();
    const cutAt = new Date();
    for (const segment of spool.sealedSegments()) held.add(segment);
    return { cutAt, rows: [...held].reduce((sum, segment) => sum + segment.rows, 0) };
  }

  /** Flushes the segments sealed at the cut; fails when ClickHouse has not taken them by `deadline`. */
  async flushHeld(deadline: number): Promise<void> {
    const held = this.held;
    if (!held) throw new Error('The event flusher is not held.');
    const { spool } = this.options;
    for (let oldest = spool.oldest(); oldest && held.has(oldest); oldest = spool.oldest()) {
      if (this.held !== held) throw new Error('The event flusher stopped during the backup.');
      if (Date.now() > deadline) throw new Error('ClickHouse did not take the spooled events in time.');
      const wait = this.retryAt - Date.now();
      if (this.draining) await this.draining;
      else if (wait > 0) await sleep(Math.min(wait, 100));
      else this.draining = this.drain().finally(() => (this.draining = undefined));
    }
  }

  /** Ends a hold: the segments spooled since the cut are flushed as usual. */
  release(): void {
    this.held = undefined;
    this.kick();
  }

  /** Stops the clock and flushes what it can before `deadline`; the rest waits in the spool. */
  async stop(deadline: number): Promise<void> {
    this.held = undefined;
    clearInterval(this.timer);
    this.retryAt = 0;
    await this.flushAll(deadline);
    this.stopping = true;
    if (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    const { spool, metrics } = this.options;
    for (let segment = spool.oldest(); segment && (!this.held || this.held.has(segment)); segment = spool.oldest()) {
      try {
        const started = performance.now();
        this.lastInsertAt = Date.now();
        const { inserted: flushed, journal } = await this.insertSegment(segment);
        await spool.release(segment);
        // Counted as the spool lets go of the rows, before the next await: metrics never show
        // rows neither spooled nor flushed.
        metrics.flushed += flushed;
        metrics.flushes += 1;
        metrics.lastFlushAt = new Date().toISOString();
        metrics.lastFlushMs = Math.round(performance.now() - started);
        await journal?.remove();
        this.failures = 0;
        this.retryAt = 0;
        // The metrics say what holds now: an outage that ended is no longer an error.
        metrics.lastFlushError = null;
      } catch (err) {
        this.failures += 1;
        metrics.flushFailures += 1;
        // ClickHouse's own words go to the log (the owner's), never to the public metrics.
        metrics.lastFlushError = UNAVAILABLE;
        this.retryAt = Date.now() + Math.min(MAX_BACKOFF_MS, 250 * 2 ** Math.min(this.failures - 1, 10));
        this.options.log.warn(
          { err, segment: segment.id, failures: this.failures },
          'event flush failed; the spool keeps the rows and retries',
        );
        return;
      }
    }
    // What gathered during the inserts is the next batch (once the gap has passed: the next
    // group write checks again).
    this.sealFullBatch();
  }

  /**
   * The segment's lines go to ClickHouse as they are: one insert, the segment's name its
   * token, the file itself (chDB reads it; the event loop never holds it). Only if ClickHouse
   * refuses them for their data (or a line is unreadable: a torn write can leave one, never
   * acknowledged) are the lines read and split; see `insertGood`.
   */
  private async insertSegment(segment: Segment): Promise<{ inserted: number; journal?: PartJournal }> {
    let refusedWhole: unknown;
    try {
      await this.options.insert(new JsonLinesFile(segment.path), segment.id);
      return { inserted: segment.rows };
    } catch (err) {
      refusedWhole = err;
    }
    const { lines, refused } = readableLines(await this.options.spool.read(segment));
    if (refused.length === 0 && !isDataError(refusedWhole)) throw refusedWhole;
    const journal = await this.options.quarantine.journal(segment.id);
    const split = { segment: segment.id, lines, refused, journal };
    const inserted = await this.insertGood(split, 0, lines.length, refused.length === 0 ? refusedWhole : undefined);
    if (refused.length > 0) {
      const file = await this.options.quarantine.put(segment.id, refused);
      const { metrics, log } = this.options;
      metrics.quarantined += refused.length;
      metrics.lastQuarantineAt = new Date().toISOString();
      log.error({ segment: segment.id, rows: refused.length, reason: refused[0]!.reason, file }, 'event rows quarantined');
    }
    return { inserted, journal };
  }

  /**
   * Inserts lines[lo, hi) or, if ClickHouse refuses them for their data, each half in turn,
   * down to single rows, which are refused. The split depends only on the lines and on which
   * of them ClickHouse refuses, so a replay after a crash walks the same parts: those in the
   * journal are skipped, and each part's token (the segment's name and the range) lets
   * ClickHouse drop the one that may have landed just before the crash.
   * `known` is the refusal of the whole range when it was already tried.
   */
  private async insertGood(split: SegmentSplit, lo: number, hi: number, known?: unknown): Promise<number> {
    if (lo >= hi) return 0;
    const part = `${lo}-${hi}`;
    if (split.journal.has(part)) return hi - lo;
    let refusal = known;
    if (refusal === undefined) {
      try {
        await this.options.insert(new JsonLines(`${split.lines.slice(lo, hi).join('\n')}\n`), `${split.segment}:${part}`);
        await split.journal.add(part);
        return hi - lo;
      } catch (err) {
        if (!isDataError(err)) throw err;
        refusal = err;
      }
    }
    if (hi - lo === 1) {
      split.refused.push({ line: split.lines[lo]!, reason: refusalReason(refusal) });
      return 0;
    }
    const mid = (lo + hi) >>> 1;
    return (await this.insertGood(split, lo, mid)) + (await this.insertGood(split, mid, hi));
  }
}

interface SegmentSplit {
  segment: string;
  lines: string[];
  refused: Refusal[];
  journal: PartJournal;
}

/** Public word for a failed insert; the details are in the collector's log. */
const UNAVAILABLE = 'ClickHouse unavailable';

/** The segment's lines JSON can read, and those it cannot, refused as unreadable. */
function readableLines(text: string): { lines: string[]; refused: Refusal[] } {
  const lines: string[] = [];
  const refused: Refusal[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      JSON.parse(line);
      lines.push(line);
    } catch {
      refused.push({ line, reason: 'unreadable spool line (a write cut short)' });
    }
  }
  return { lines, refused };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
