// A full disk refuses every beacon: each is counted and the log gets one line, not a stack per
// beacon (which would fill what little disk is left); the counts follow once a minute.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IngestMetricsResponse } from '@curb/contracts/analytics';
import { createServer, type Stores } from '@curb/runtime';
import collector from '@curb/collector';
import { BROWSER_UA } from '../../../../test/ingest/collector.ts';
import { createTestStores, testConfig } from '../../../../test/harness.ts';
import { smallDisk, type SmallDisk } from '../../../../test/small-disk.ts';
import { RefusalTally } from '../lib/metrics.ts';

let stores: Stores;
let app: Awaited<ReturnType<typeof createServer>>;
let disk: SmallDisk;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  stores = await createTestStores();
  // A small disk of its own for DATA_DIR, so the test can fill it.
  disk = smallDisk('1m');
  const dataDir = join(disk.path, 'data');
  mkdirSync(dataDir);
  const config = testConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  app = await createServer(config, { logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
  await app.register(collector, { config, stores });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await stores?.close();
  disk?.remove();
});

const beacon = (i: number) =>
  app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { 'user-agent': BROWSER_UA },
    payload: { name: 'page_view', path: `/full-${i}` },
  });
const metrics = async () => (await app.inject('/api/events/metrics')).json() as IngestMetricsResponse;

describe('beacons refused on a full disk', () => {
  it('counts each refusal and logs one line without a stack, however many beacons come', async () => {
    expect((await beacon(0)).statusCode).toBe(202);
    const spoolDir = join(disk.path, 'data', 'spool', stores.ch.database);
    if (disk.mounted) disk.fill();
    else {
      rmSync(spoolDir, { recursive: true, force: true });
      writeFileSync(spoolDir, '');
    }
    const before = (await metrics()).unwritable;
    const logged = lines.length;
    try {
      const answers = [];
      for (let i = 1; i <= 100; i++) answers.push(await beacon(i));
      // A segment's last page, and the room a flushed segment frees, still take some lines.
      const refused = answers.filter((a) => a.statusCode === 503);
      expect(refused.length).toBeGreaterThan(40);
      expect(answers.every((a) => a.statusCode === 202 || a.statusCode === 503)).toBe(true);
      expect(refused.every((a) => /^\d+$/.test(String(a.headers['retry-after'])))).toBe(true);
      expect((await metrics()).unwritable - before).toBe(refused.length);
      const refusalLines = lines.slice(logged).filter((l) => l.level !== 30 || String(l.msg).includes('refused'));
      // One line says why (the error's code and message), none carries a stack.
      expect(refusalLines).toHaveLength(1);
      expect(refusalLines[0]).toMatchObject({
        msg: 'events refused: the spool cannot write',
        reason: disk.mounted ? 'disk full' : 'cannot write',
      });
      expect(JSON.stringify(lines.slice(logged))).not.toContain('stack');
    } finally {
      disk.free();
      if (!disk.mounted) {
        rmSync(spoolDir, { force: true });
        mkdirSync(spoolDir);
      }
    }
    // Once the disk has room again beacons are taken at once.
    await expect.poll(async () => (await beacon(99)).statusCode, { timeout: 5000, interval: 100 }).toBe(202);
  });

  it('sums the refusals up once a minute, by reason, and says nothing in a minute without any', async () => {
    // The periods pass on a fake clock: five of them take no time.
    vi.useFakeTimers();
    const said: Array<{ fields: object; message: string }> = [];
    const tally = new RefusalTally({ warn: (fields, message) => said.push({ fields, message }) }, 200);
    try {
      const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      for (let i = 0; i < 40; i++) tally.note('disk full', full);
      tally.note('cannot write', new Error('EROFS'));
      expect(said).toHaveLength(1);
      vi.advanceTimersByTime(200);
      expect(said).toHaveLength(2);
      expect(said[1]).toEqual({
        fields: { refused: { 'disk full': 39, 'cannot write': 1 }, seconds: 0.2 },
        message: 'events refused: the spool cannot write',
      });
      vi.advanceTimersByTime(1000);
      expect(said).toHaveLength(2);
    } finally {
      tally.close();
      vi.useRealTimers();
    }
  });
});
