import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonLines } from '@curb/analytics';
import { Flusher } from './flusher.ts';
import { createMetrics } from './metrics.ts';
import { Spool } from './spool.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const lines = (count: number) => `${JSON.stringify({ name: 'page_view' })}\n`.repeat(count);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A flusher over a real spool whose inserts record each batch's row count. */
async function setUp(options: { batchRows: number; minGapMs: number; intervalMs: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'curb-flusher-'));
  dirs.push(dir);
  const spool = await Spool.open({ dir, maxBytes: 1 << 20, maxSegmentRows: 10_000 });
  const batches: number[] = [];
  const flusher = new Flusher({
    spool,
    metrics: createMetrics(),
    log: { warn() {}, error() {} },
    ...options,
    async insert(rows) {
      batches.push(rows instanceof JsonLines ? rows.text.split('\n').filter(Boolean).length : rows.length);
    },
  });
  flusher.start();
  return { spool, flusher, batches };
}

describe('event flusher batching', () => {
  it('inserts a full batch at once, then gathers rows until the gap since the last insert has passed', async () => {
    const { spool, flusher, batches } = await setUp({ batchRows: 10, minGapMs: 1500, intervalMs: 60_000 });
    await spool.append(lines(10), 10);
    await expect.poll(() => batches).toEqual([10]);

    // Within the gap, full batches keep gathering in one segment instead of one insert each.
    await spool.append(lines(10), 10);
    await spool.append(lines(10), 10);
    await sleep(100);
    expect(batches).toEqual([10]);

    await sleep(1500);
    await spool.append(lines(1), 1); // the next write after the gap seals what gathered
    await expect.poll(() => batches).toEqual([10, 21]);
    await flusher.stop(Date.now() + 1000);
  });

  it('inserts whatever arrived on the interval, full batch or not', async () => {
    const { spool, flusher, batches } = await setUp({ batchRows: 1000, minGapMs: 1000, intervalMs: 100 });
    await spool.append(lines(3), 3);
    await expect.poll(() => batches, { timeout: 2000 }).toEqual([3]);
    await flusher.stop(Date.now() + 1000);
  });
});
