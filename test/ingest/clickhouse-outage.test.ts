// ClickHouse refusing inserts for a while (the events table detached): the spool keeps
// every accepted event, answers 503 + Retry-After once its quota is reached, and after
// recovery ClickHouse holds exactly the accepted events.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, startCollector, type TestCollector } from './collector.ts';

const QUOTA = 1_048_576;
let c: TestCollector;
beforeAll(async () => {
  c = await startCollector({ SPOOL_MAX_BYTES: String(QUOTA) });
});
afterAll(() => c.close());

const batch = () => ({
  events: Array.from({ length: 100 }, (_, i) => ({
    name: 'page_view',
    eventId: randomUUID(),
    sessionId: `s-${i}`,
    path: '/marketing-audit',
    referrer: 'https://www.google.com/',
    utm: { source: 'newsletter', medium: 'email', campaign: 'november' },
  })),
});

describe('ClickHouse unavailable for a while', () => {
  it('spools, pushes back past the quota, then stores every accepted event exactly once', async () => {
    await c.stores.ch.command('DETACH TABLE events');
    const accepted: string[] = [];
    let refused: { status: number; retryAfter: string | undefined; message: string } | undefined;
    for (let i = 0; i < 200 && !refused; i++) {
      const body = batch();
      const res = await c.app.inject({ method: 'POST', url: '/api/events', headers: { 'user-agent': BROWSER_UA }, payload: body });
      if (res.statusCode === 202) accepted.push(...body.events.map((e) => e.eventId));
      else refused = { status: res.statusCode, retryAfter: res.headers['retry-after'] as string | undefined, message: res.json().message };
    }
    expect(refused).toEqual({
      status: 503,
      retryAfter: expect.stringMatching(/^\d+$/),
      message: 'Too many events are waiting to be stored. Please retry later.',
    });
    const during = await c.metrics();
    expect(during.spooled).toBe(accepted.length);
    expect(during.spoolBytes).toBeLessThanOrEqual(QUOTA);
    expect(during.throttled).toBe(1);
    // Wait for at least one failed insert so the recovery path (backoff, retry) is exercised.
    await expect.poll(async () => (await c.metrics()).flushFailures, { timeout: 5000 }).toBeGreaterThan(0);
    expect((await c.metrics()).lastFlushError).toBe('ClickHouse unavailable');

    await c.stores.ch.command('ATTACH TABLE events');
    const after = await c.drained(30_000);
    expect(after.flushed).toBe(accepted.length);
    const [row] = await c.stores.ch.query<{ n: string; u: string }>('SELECT count() AS n, uniqExact(event_id) AS u FROM events');
    expect([Number(row!.n), Number(row!.u)]).toEqual([accepted.length, accepted.length]);

    const again = await c.app.inject({ method: 'POST', url: '/api/events', headers: { 'user-agent': BROWSER_UA }, payload: batch() });
    expect(again.statusCode).toBe(202);
  });

  it('flushes what is spooled when the server closes', async () => {
    // A batch the timed flush could not take (ClickHouse refused it, and the next try waits for
    // its backoff), so only the close can bring it in.
    const { flushFailures: failures } = await c.drained();
    await c.stores.ch.command('DETACH TABLE events');
    const { events } = batch();
    const ids = events.map((e) => e.eventId);
    const res = await c.app.inject({ method: 'POST', url: '/api/events', headers: { 'user-agent': BROWSER_UA }, payload: { events } });
    expect(res.statusCode).toBe(202);
    await expect.poll(async () => (await c.metrics()).flushFailures, { timeout: 5000, interval: 20 }).toBeGreaterThan(failures);
    await c.stores.ch.command('ATTACH TABLE events');
    const stored = async () =>
      Number(
        (await c.stores.ch.query<{ n: string }>('SELECT count() AS n FROM events WHERE event_id IN {ids:Array(UUID)}', { ids }))[0]!.n,
      );
    expect((await c.metrics()).spooled).toBe(100);
    expect(await stored()).toBe(0);
    // Closing the app flushes; the stores stay open here so the rows can be counted.
    await c.app.close();
    expect(await stored()).toBe(100);
  });
});
