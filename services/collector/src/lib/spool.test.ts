import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Spool, SpoolClosedError, SpoolFullError } from './spool.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'curb-spool-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const line = (n: number) => `${JSON.stringify({ n })}\n`;
const segmentFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.ndjson'))
    .sort();

describe('event spool', () => {
  it('writes concurrent appends in one group and keeps every row on disk before resolving', async () => {
    const dir = freshDir();
    const spool = await Spool.open({ dir, maxBytes: 1 << 20, maxSegmentRows: 1000 });
    const writes: number[] = [];
    spool.onWritten = (rows) => writes.push(rows);
    await Promise.all(Array.from({ length: 50 }, (_, i) => spool.append(line(i), 1)));
    expect(spool.rows).toBe(50);
    // The first append starts a write; the 49 that arrive while it runs share the next one.
    expect(writes).toEqual([1, 50]);
    const [file] = segmentFiles(dir);
    const written = readFileSync(join(dir, file!), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).n);
    expect(written.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    await spool.close();
  });

  it('seals a segment once it reaches its maximum size, and on request', async () => {
    const dir = freshDir();
    const spool = await Spool.open({ dir, maxBytes: 1 << 20, maxSegmentRows: 10 });
    let sealed = 0;
    spool.onSealed = () => sealed++;
    await spool.append(line(1).repeat(10), 10);
    await vi.waitFor(() => expect(sealed).toBe(1));
    expect(spool.oldest()?.rows).toBe(10);
    await spool.append(line(2), 1);
    spool.seal();
    await vi.waitFor(() => expect(sealed).toBe(2));
    const first = spool.oldest()!;
    await spool.release(first);
    expect(spool.rows).toBe(1);
    expect(segmentFiles(dir)).toHaveLength(1);
    await spool.close();
  });

  it('refuses appends past its quota without counting them', async () => {
    const spool = await Spool.open({ dir: freshDir(), maxBytes: 100, maxSegmentRows: 1000 });
    await spool.append(`${'x'.repeat(59)}\n`, 1);
    await expect(spool.append(`${'y'.repeat(59)}\n`, 1)).rejects.toBeInstanceOf(SpoolFullError);
    expect(spool.bytes).toBe(60);
    expect(spool.rows).toBe(1);
    await spool.close();
    await expect(spool.append(line(1), 1)).rejects.toBeInstanceOf(SpoolClosedError);
  });

  it('takes over segments left by a previous run, cutting a torn last line, with their names intact', async () => {
    const dir = freshDir();
    const first = await Spool.open({ dir, maxBytes: 1 << 20, maxSegmentRows: 3 });
    await first.append(line(1) + line(2) + line(3), 3);
    await first.append(line(4), 1);
    // The process dies here: the active segment was never sealed, and a write was torn.
    const files = segmentFiles(dir);
    expect(files).toHaveLength(2);
    appendFileSync(join(dir, files[1]!), '{"n":5');

    const warnings: Array<{ detail: object; msg: string }> = [];
    const second = await Spool.open({
      dir,
      maxBytes: 1 << 20,
      maxSegmentRows: 3,
      log: { warn: (detail, msg) => void warnings.push({ detail, msg }) },
    });
    expect(second.rows).toBe(4);
    // Cut, and said: which segment, how many bytes of how many lines.
    expect(warnings).toEqual([
      {
        detail: { segment: files[1], droppedBytes: 6, droppedLines: 1, keptBytes: line(4).length },
        msg: 'event spool: cut a torn last line left by an interrupted write (never acknowledged)',
      },
    ]);
    const a = second.oldest()!;
    expect(`${a.id}.ndjson`).toBe(files[0]);
    expect(await second.read(a)).toBe(line(1) + line(2) + line(3));
    await second.release(a);
    const b = second.oldest()!;
    expect(`${b.id}.ndjson`).toBe(files[1]);
    expect(await second.read(b)).toBe(line(4));
    // New segments get names no earlier run used.
    await second.append(line(6), 1);
    await second.close();
    const names = segmentFiles(dir);
    expect(names).toHaveLength(2);
    expect(names[1]!.slice(0, 18)).not.toBe(files[0]!.slice(0, 18));
  });
});
