// The product killed with SIGKILL while beacons pour in: after a restart on the same data,
// every event that got a 202 is in ClickHouse exactly once.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@curb/contracts/config';
import { openStores } from '@curb/runtime';
import { startProduct, type RunningProduct } from '../process.ts';
import { BROWSER_UA } from './collector.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'curb-crash-'));
const running: RunningProduct[] = [];
afterAll(async () => {
  for (const p of running) if (p.child.exitCode === null && p.child.signalCode === null) await p.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function sender(url: string, acked: string[], stop: { now: boolean }) {
  while (!stop.now) {
    const events = Array.from({ length: 20 }, () => ({ name: 'page_view', eventId: randomUUID(), path: '/services' }));
    try {
      const res = await fetch(`${url}/api/events`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'user-agent': BROWSER_UA },
        body: JSON.stringify({ events }),
      });
      if (res.status === 202) acked.push(...events.map((e) => e.eventId));
    } catch {
      // The process is gone: this batch was never acknowledged.
      return;
    }
  }
}

describe('crash under load', () => {
  it('replays the spool after SIGKILL: every acknowledged event present exactly once', async () => {
    const first = await startProduct(dataDir);
    running.push(first);
    const acked: string[] = [];
    const stop = { now: false };
    const senders = Array.from({ length: 8 }, () => sender(first.url, acked, stop));
    // Killed once some segments are flushed and others wait in the spool: some flushed, and
    // more acknowledged than that.
    const flushed = async () => ((await (await fetch(`${first.url}/api/events/metrics`)).json()) as { flushed: number }).flushed;
    await expect.poll(flushed, { timeout: 20_000, interval: 100 }).toBeGreaterThan(0);
    await expect.poll(async () => acked.length - (await flushed()), { timeout: 20_000, interval: 100 }).toBeGreaterThan(1000);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    stop.now = true;
    await Promise.all(senders);
    expect(acked.length).toBeGreaterThan(1000);

    const second = await startProduct(dataDir);
    running.push(second);
    await expect
      .poll(async () => ((await (await fetch(`${second.url}/api/events/metrics`)).json()) as { spooled: number }).spooled, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe(0);
    // The second run received no beacons: what it flushed was replayed from the spool.
    const replayed = (await (await fetch(`${second.url}/api/events/metrics`)).json()) as { flushed: number; accepted: number };
    expect(replayed.accepted).toBe(0);
    expect(replayed.flushed).toBeGreaterThan(0);
    expect((await second.stop()).code).toBe(0);

    const stores = await openStores(parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { allowEmbedded: true });
    try {
      const [ackedRow] = await stores.ch.query<{ n: string; u: string }>(
        'SELECT count() AS n, uniqExact(event_id) AS u FROM events WHERE event_id IN {ids:Array(UUID)}',
        { ids: acked },
      );
      expect([Number(ackedRow!.n), Number(ackedRow!.u)]).toEqual([acked.length, acked.length]);
      // Events in flight at the kill may or may not have landed, but never twice.
      const [all] = await stores.ch.query<{ n: string; u: string }>('SELECT count() AS n, uniqExact(event_id) AS u FROM events');
      expect(Number(all!.n)).toBe(Number(all!.u));
    } finally {
      await stores.close();
    }
  }, 120_000);
});
