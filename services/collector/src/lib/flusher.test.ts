import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JsonLines, JsonLinesFile } from '@curb/analytics';
import { Flusher, type InsertRows } from './flusher.ts';
import { createMetrics } from './metrics.ts';
import { Quarantine } from './quarantine.ts';

/** The Postgres record of quarantined rows is not what these tests are about. */
const noDatabase = (() => Promise.reject(new Error('no database here'))) as unknown as ConstructorParameters<typeof Quarantine>[1];
import { Spool } from './spool.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const lines = (count: number) => `${JSON.stringify({ name: 'page_view' })}\n`.repeat(count);

const rowsOf = (rows: JsonLines | JsonLinesFile | object[]) =>
  rows instanceof JsonLinesFile
    ? readFileSync(rows.path, 'utf8').split('\n').filter(Boolean)
    : rows instanceof JsonLines
      ? rows.text.split('\n').filter(Boolean)
      : rows.map((r) => JSON.stringify(r));

/** A flusher over a real spool whose inserts record each batch's row count (or run `insert`). */
async function setUp(options: { batchRows: number; minGapMs: number; intervalMs: number; insert?: InsertRows }) {
  const dir = mkdtempSync(join(tmpdir(), 'curb-flusher-'));
  dirs.push(dir);
  const spool = await Spool.open({ dir, maxBytes: 1 << 20, maxSegmentRows: 10_000 });
  const batches: number[] = [];
  const metrics = createMetrics();
  const flusher = new Flusher({
    spool,
    metrics,
    log: { warn() {}, error() {} },
    quarantine: new Quarantine(join(dir, 'quarantine'), noDatabase, { warn() {} }),
    ...options,
    insert:
      options.insert ??
      (async (rows) => {
        batches.push(rowsOf(rows).length);
      }),
  });
  flusher.start();
  const quarantined = async () =>
    (await readdir(join(dir, 'quarantine')).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.ndjson'))
      .map((f) =>
        readFileSync(join(dir, 'quarantine', f), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { segment: string; reason: string; row: string }),
      );
  return { spool, flusher, batches, quarantined, metrics, dir };
}

const refusedForData = () =>
  Object.assign(new Error('Cannot parse escape sequence: missing second part of surrogate pair'), {
    type: 'CANNOT_PARSE_ESCAPE_SEQUENCE',
    code: '25',
  });

describe('event flusher batching', () => {
  it('inserts a full batch at once, then gathers rows until the gap since the last insert has passed', async () => {
    // The gap is measured on the clock: moved past, not waited out.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { spool, flusher, batches } = await setUp({ batchRows: 10, minGapMs: 1500, intervalMs: 60_000 });
      await spool.append(lines(10), 10);
      await expect.poll(() => batches).toEqual([10]);

      // Within the gap, full batches keep gathering in one segment instead of one insert each.
      await spool.append(lines(10), 10);
      await spool.append(lines(10), 10);
      expect(spool.activeRows).toBe(20);
      expect(spool.sealedSegments()).toEqual([]);
      expect(batches).toEqual([10]);

      vi.setSystemTime(Date.now() + 1500);
      await spool.append(lines(1), 1); // the next write after the gap seals what gathered
      await expect.poll(() => batches).toEqual([10, 21]);
      await flusher.stop(Date.now() + 1000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('inserts whatever arrived on the interval, full batch or not', async () => {
    const { spool, flusher, batches } = await setUp({ batchRows: 1000, minGapMs: 1000, intervalMs: 100 });
    await spool.append(lines(3), 3);
    await expect.poll(() => batches, { timeout: 2000 }).toEqual([3]);
    await flusher.stop(Date.now() + 1000);
  });
});

describe('a segment ClickHouse refuses for its data', () => {
  /** 1,000 rows, those at `bad` refused by a ClickHouse stand-in that records every insert. */
  async function poisoned(bad: number[]) {
    const inserts: { token: string; ids: number[] }[] = [];
    const insert: InsertRows = async (rows, token) => {
      const ids = rowsOf(rows).map((line) => (JSON.parse(line) as { id: number }).id);
      if (ids.some((id) => bad.includes(id))) throw refusedForData();
      inserts.push({ token, ids });
    };
    const text = Array.from({ length: 1000 }, (_, id) => `${JSON.stringify({ id })}\n`).join('');
    return { inserts, insert, text };
  }

  it('inserts every good row exactly once and quarantines each refused row with the reason', async () => {
    const { inserts, insert, text } = await poisoned([3, 700]);
    const { spool, flusher, quarantined, metrics, dir } = await setUp({ batchRows: 10_000, minGapMs: 0, intervalMs: 60_000, insert });
    await spool.append(text, 1000);
    expect(await flusher.flushAll(Date.now() + 5000)).toBe(true);

    const stored = inserts.flatMap((i) => i.ids).sort((a, b) => a - b);
    expect(stored).toEqual(Array.from({ length: 1000 }, (_, id) => id).filter((id) => id !== 3 && id !== 700));
    const [file, ...others] = await quarantined();
    expect(others).toEqual([]);
    expect(file!.map((r) => JSON.parse(r.row))).toEqual([{ id: 3 }, { id: 700 }]);
    expect(file![0]!.reason).toBe('CANNOT_PARSE_ESCAPE_SEQUENCE: Cannot parse escape sequence: missing second part of surrogate pair');
    // The split's journal goes with the segment.
    expect((await readdir(join(dir, 'quarantine'))).filter((f) => f.endsWith('.parts'))).toEqual([]);
    expect(metrics).toMatchObject({ flushed: 998, quarantined: 2, flushFailures: 0 });
    expect(spool.rows).toBe(0);
    // Parts are named by their range of the segment, never reused.
    expect(new Set(inserts.map((i) => i.token)).size).toBe(inserts.length);
    await flusher.stop(Date.now() + 1000);
  });

  it('splits the same way on a replay, so every part keeps its deduplication token', async () => {
    const tokens: string[][] = [];
    for (let run = 0; run < 2; run++) {
      const { inserts, insert, text } = await poisoned([0, 511, 999]);
      const { spool, flusher } = await setUp({ batchRows: 10_000, minGapMs: 0, intervalMs: 60_000, insert });
      await spool.append(text, 1000);
      await flusher.flushAll(Date.now() + 5000);
      await flusher.stop(Date.now() + 1000);
      tokens.push(inserts.map((i) => i.token.replace(/^seg-[^:]+/, 'segment')));
    }
    expect(tokens[1]).toEqual(tokens[0]);
    expect(tokens[0]!.length).toBeGreaterThan(10);
  });

  it('resumes a split cut short by an outage without inserting a part twice', async () => {
    const { inserts, insert, text } = await poisoned([10, 400, 401, 950]);
    let calls = 0;
    // This stand-in has no deduplication: only the split's journal keeps parts from repeating.
    const flaky: InsertRows = async (rows, token) => {
      if (++calls === 9) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      await insert(rows, token);
    };
    const { spool, flusher, metrics } = await setUp({ batchRows: 10_000, minGapMs: 0, intervalMs: 60_000, insert: flaky });
    await spool.append(text, 1000);
    expect(await flusher.flushAll(Date.now() + 5000)).toBe(true);
    expect(metrics).toMatchObject({ flushFailures: 1, quarantined: 4 });
    const stored = inserts.flatMap((i) => i.ids);
    expect(stored).toHaveLength(996);
    expect(new Set(stored).size).toBe(996);
    await flusher.stop(Date.now() + 1000);
  });

  it('keeps the rows and retries when ClickHouse is unreachable, naming no internal error publicly', async () => {
    let down = true;
    const stored: number[] = [];
    const insert: InsertRows = async (rows) => {
      if (down) throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:8123 (internal host)'), { code: 'ECONNREFUSED' });
      stored.push(rowsOf(rows).length);
    };
    const { spool, flusher, quarantined, metrics } = await setUp({ batchRows: 10_000, minGapMs: 0, intervalMs: 60_000, insert });
    await spool.append(lines(5), 5);
    expect(await flusher.flushAll(Date.now() + 300)).toBe(false);
    expect(metrics.flushFailures).toBeGreaterThan(0);
    expect(metrics.lastFlushError).toBe('ClickHouse unavailable');
    expect(spool.rows).toBe(5);
    down = false;
    expect(await flusher.flushAll(Date.now() + 5000)).toBe(true);
    expect([stored, await quarantined()]).toEqual([[5], []]);
    await flusher.stop(Date.now() + 1000);
  });
});
