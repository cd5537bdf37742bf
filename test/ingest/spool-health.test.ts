// Health tells the truth about the collector (item 2): "degraded" naming the spool
// while it cannot write to its disk, ok again once it can; and the ingest metrics stop
// reporting a flush error once ClickHouse takes the rows again.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthRoutes, type Stores } from '@curb/runtime';
import { createTestStores } from '../harness.ts';
import { BROWSER_UA, startCollector, type TestCollector } from './collector.ts';

let stores: Stores;
let c: TestCollector;
beforeAll(async () => {
  stores = await createTestStores();
  c = await startCollector({}, stores, (app) => void app.register(healthRoutes, { stores }));
});
afterAll(async () => {
  await c.close();
  await stores.close();
});

const beacon = () =>
  c.app.inject({ method: 'POST', url: '/api/events', headers: { 'user-agent': BROWSER_UA }, payload: { name: 'page_view', path: '/' } });
const health = async () => {
  const started = performance.now();
  const res = await c.app.inject('/api/health');
  return { status: res.statusCode, ms: performance.now() - started, body: res.json() };
};

describe('health and the event spool', () => {
  it('says "degraded" naming the spool while it cannot write, and ok once it can again', async () => {
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', spool: { ok: true } } });
    expect((await beacon()).statusCode).toBe(202);
    await c.drained(); // flushed: the next beacon opens a new segment file

    // The spool's directory replaced by a file: nothing can be created in it (as on a full disk).
    const dir = join(c.dataDir, 'spool', stores.ch.database);
    renameSync(dir, `${dir}.away`);
    writeFileSync(dir, '');
    try {
      await expect.poll(async () => (await health()).status, { timeout: 5000, interval: 100 }).toBe(503);
      const down = await health();
      expect(down.ms).toBeLessThan(1000);
      expect(down.body).toMatchObject({
        status: 'degraded',
        postgres: { ok: true },
        clickhouse: { ok: true },
        spool: { ok: false, error: 'cannot write' },
      });
      const refused = await beacon();
      expect([refused.statusCode, refused.headers['retry-after']]).toEqual([503, expect.stringMatching(/^\d+$/)]);
    } finally {
      rmSync(dir, { force: true });
      renameSync(`${dir}.away`, dir);
    }

    await expect.poll(async () => (await health()).status, { timeout: 5000, interval: 100 }).toBe(200);
    expect((await health()).body).toMatchObject({ status: 'ok', spool: { ok: true } });
    expect((await beacon()).statusCode).toBe(202);
    await c.drained();
  });

  it('clears lastFlushError once ClickHouse takes the rows again', async () => {
    await stores.ch.command('DETACH TABLE events');
    try {
      expect((await beacon()).statusCode).toBe(202);
      await expect.poll(async () => (await c.metrics()).lastFlushError, { timeout: 10_000 }).toBe('ClickHouse unavailable');
    } finally {
      await stores.ch.command('ATTACH TABLE events');
    }
    const after = await c.drained(30_000);
    expect(after.flushFailures).toBeGreaterThan(0);
    expect(after.lastFlushError).toBeNull();
  });
});
