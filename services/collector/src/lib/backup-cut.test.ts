// A backup's cut of the ingest (runtime/backup): every row acknowledged before the cut reaches
// ClickHouse before the backup reads it, no row accepted after it does until the hold is released,
// and beacons are accepted all along.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JsonLines, JsonLinesFile } from '@curb/analytics';
import { Flusher } from './flusher.ts';
import { createMetrics } from './metrics.ts';
import { Quarantine } from './quarantine.ts';
import { Spool } from './spool.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const noDatabase = (() => Promise.reject(new Error('no database here'))) as unknown as ConstructorParameters<typeof Quarantine>[1];
const line = (n: number) => `${JSON.stringify({ n })}\n`;
const numbers = (rows: JsonLines | JsonLinesFile | object[]) =>
  (rows instanceof JsonLinesFile ? readFileSync(rows.path, 'utf8') : rows instanceof JsonLines ? rows.text : '')
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { n: number }).n);

describe('the ingest cut of a backup', () => {
  it('flushes what was acknowledged before the cut, holds what came after, and accepts beacons throughout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'curb-cut-'));
    dirs.push(dir);
    const spool = await Spool.open({ dir, maxBytes: 1 << 24, maxSegmentRows: 50 });
    const inserted: number[] = [];
    const flusher = new Flusher({
      spool,
      metrics: createMetrics(),
      log: { warn() {}, error() {} },
      quarantine: new Quarantine(join(dir, 'quarantine'), noDatabase, { warn() {} }),
      batchRows: 20,
      minGapMs: 0,
      intervalMs: 20,
      insert: async (rows) => {
        await new Promise((r) => setTimeout(r, 2));
        inserted.push(...numbers(rows));
      },
    });
    flusher.start();
    // Appends keep coming, one after another, while the cut is taken.
    let next = 0;
    const acknowledged: number[] = [];
    let appending = true;
    const appends = (async () => {
      while (appending) {
        const n = next++;
        await spool.append(line(n), 1);
        acknowledged.push(n);
      }
    })();
    // The cut is taken while rows are both arriving and being inserted.
    await vi.waitFor(() => expect(inserted.length).toBeGreaterThan(0));
    await flusher.holdAtCut();
    const before = [...acknowledged];
    await flusher.flushHeld(Date.now() + 10_000);
    // Everything acknowledged before the cut is in; nothing is inserted while the hold lasts.
    expect(inserted).toEqual(expect.arrayContaining(before));
    const atCut = inserted.length;
    expect(atCut).toBeGreaterThanOrEqual(before.length);
    // Segments sealed after the cut each kick the flusher: by the third, the first would be in.
    await vi.waitFor(() => expect(spool.sealedSegments().length).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    expect(inserted.length).toBe(atCut);
    expect(acknowledged.length).toBeGreaterThan(before.length);
    // Released: the rest follows, each row once.
    flusher.release();
    appending = false;
    await appends;
    await flusher.stop(Date.now() + 10_000);
    expect([...inserted].sort((a, b) => a - b)).toEqual(Array.from({ length: next }, (_, i) => i));
  });

  it('answers a cut at once when nothing is being written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'curb-cut-'));
    dirs.push(dir);
    const spool = await Spool.open({ dir, maxBytes: 1 << 20, maxSegmentRows: 50 });
    await spool.append(line(1), 1);
    await spool.cut();
    expect(spool.sealedSegments().map((s) => s.rows)).toEqual([1]);
    await spool.cut();
    expect(spool.sealedSegments()).toHaveLength(1);
  });
});
