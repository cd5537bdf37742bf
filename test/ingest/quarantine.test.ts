// One row ClickHouse cannot store must never stop the rows behind it: through the edge a
// lone surrogate is repaired; rows that reach the spool anyway (written by an older version,
// or a future edge gap) are quarantined while every good row is stored exactly once, across
// a SIGKILL in the middle of the split too.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@curb/contracts/config';
import { openStores } from '@curb/runtime';
import { classifyUserAgent, lineMaker } from '@curb/collector/lib/event-row';
import { createTestStores } from '../harness.ts';
import { startProduct, type RunningProduct } from '../process.ts';
import { BROWSER_UA, startCollector } from './collector.ts';

const cleanup: string[] = [];
const running: RunningProduct[] = [];
afterAll(async () => {
  for (const p of running) if (p.child.exitCode === null && p.child.signalCode === null) await p.stop();
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

/** Spool lines as the collector writes them; those at `bad` hold a lone surrogate in path. */
function spoolLines(count: number, bad: ReadonlySet<number>): { text: string; goodIds: string[] } {
  const toLine = lineMaker(
    { ip: '203.0.113.9', userAgent: BROWSER_UA, receivedAt: Date.now(), dailySalt: 'test-salt' },
    classifyUserAgent(BROWSER_UA),
  );
  const goodIds: string[] = [];
  let text = '';
  for (let i = 0; i < count; i++) {
    const eventId = randomUUID();
    const line = toLine({ name: 'page_view', eventId, path: bad.has(i) ? '/bad-PLACEHOLDER' : `/homes/${i}` });
    // JSON.stringify never writes a lone surrogate escape itself: put one in as a client could have.
    text += bad.has(i) ? line.replace('PLACEHOLDER', '\\ud800') : line;
    if (!bad.has(i)) goodIds.push(eventId);
  }
  return { text, goodIds };
}

/** A sealed segment left in a spool directory, as a previous run would leave it. */
function leaveSegment(spoolDir: string, text: string): void {
  mkdirSync(spoolDir, { recursive: true });
  writeFileSync(join(spoolDir, `seg-000000001-0badf00d-00000000.ndjson`), text);
}

describe('ingest quarantine on the real engines', () => {
  it('stores a beacon with a lone surrogate (repaired) and the 1,000 events after it', async () => {
    const c = await startCollector();
    try {
      const bad = await c.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'content-type': 'text/plain', 'user-agent': BROWSER_UA },
        payload: '{"name":"page_view","path":"/\\ud800"}',
      });
      expect(bad.statusCode).toBe(202);
      for (let batch = 0; batch < 50; batch++) {
        const res = await c.app.inject({
          method: 'POST',
          url: '/api/events',
          headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
          payload: JSON.stringify({ events: Array.from({ length: 20 }, () => ({ name: 'page_view', path: '/services' })) }),
        });
        expect(res.statusCode).toBe(202);
      }
      const metrics = await c.drained(10_000);
      expect(metrics).toMatchObject({ accepted: 1001, flushed: 1001, quarantined: 0, spooled: 0 });
      expect(await c.count("path = '/services'")).toBe(1000);
      expect(await c.count("path = '/\uFFFD'")).toBe(1);
    } finally {
      await c.close();
    }
  });

  it('quarantines rows ClickHouse refuses and flushes everything else at once', async () => {
    const stores = await createTestStores();
    const dataDir = mkdtempSync(join(tmpdir(), 'curb-quarantine-'));
    cleanup.push(dataDir);
    const { text, goodIds } = spoolLines(1001, new Set([0]));
    leaveSegment(join(dataDir, 'spool', stores.ch.database), text);
    const c = await startCollector({ DATA_DIR: dataDir }, stores);
    try {
      const metrics = await c.drained(10_000);
      expect(metrics).toMatchObject({ flushed: 1000, quarantined: 1, spooled: 0 });
      const [row] = await stores.ch.query<{ n: string; u: string }>(
        'SELECT count() AS n, uniqExact(event_id) AS u FROM events WHERE event_id IN {ids:Array(UUID)}',
        { ids: goodIds },
      );
      expect([Number(row!.n), Number(row!.u)]).toEqual([1000, 1000]);

      const dir = join(dataDir, 'quarantine', stores.ch.database);
      const [file] = readdirSync(dir);
      const [entry] = readFileSync(join(dir, file!), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { reason: string; row: string });
      expect(entry!.reason).toMatch(/^CANNOT_PARSE_ESCAPE_SEQUENCE: /);
      expect(entry!.row).toContain('/bad-\\ud800');
      const [recorded] = await stores.sql<{ rows: number; reason: string }[]>`SELECT rows, reason FROM ingest_quarantine`;
      expect(recorded).toMatchObject({ rows: 1, reason: expect.stringMatching(/^CANNOT_PARSE_ESCAPE_SEQUENCE/) });
      // The public metrics name no ClickHouse internals.
      expect(JSON.stringify(await c.metrics())).not.toMatch(/CANNOT_PARSE|surrogate/);
    } finally {
      await c.close();
      await stores.close();
    }
  });

  it('stores every good row exactly once when the process is killed in the middle of a split', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'curb-quarantine-kill-'));
    cleanup.push(dataDir);
    // Many refused rows spread over a large segment: the split takes a hundred inserts or so.
    const bad = new Set(Array.from({ length: 20 }, (_, i) => i * 397 + 7));
    const { text, goodIds } = spoolLines(8000, bad);
    leaveSegment(join(dataDir, 'spool', 'curb'), text);

    const first = await startProduct(dataDir);
    running.push(first);
    const metricsOf = async (p: RunningProduct) =>
      (await (await fetch(`${p.url}/api/events/metrics`)).json()) as { flushed: number; quarantined: number; spooled: number };
    // Kill it once the split's journal shows some parts inserted, long before the end.
    const journal = join(dataDir, 'quarantine', 'curb', 'seg-000000001-0badf00d-00000000.parts');
    const partsDone = () => (existsSync(journal) ? readFileSync(journal, 'utf8').split('\n').filter(Boolean).length : 0);
    await expect.poll(partsDone, { timeout: 30_000, interval: 5 }).toBeGreaterThan(5);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    expect(partsDone()).toBeLessThan(60);

    const second = await startProduct(dataDir);
    running.push(second);
    // A hundred inserts or so: on a loaded machine they can take more than a minute.
    await expect.poll(async () => (await metricsOf(second)).spooled, { timeout: 150_000, interval: 200 }).toBe(0);
    expect((await metricsOf(second)).quarantined).toBe(20);
    expect((await second.stop()).code).toBe(0);

    const stores = await openStores(parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { allowEmbedded: true });
    try {
      const [row] = await stores.ch.query<{ n: string; u: string }>('SELECT count() AS n, uniqExact(event_id) AS u FROM events');
      expect([Number(row!.n), Number(row!.u)]).toEqual([goodIds.length, goodIds.length]);
      const quarantined = readdirSync(join(dataDir, 'quarantine', 'curb'));
      expect(quarantined).toEqual([expect.stringMatching(/\.ndjson$/)]);
    } finally {
      await stores.close();
    }
  }, 270_000);
});
