import { createServer as createTcpServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSql } from '@curb/db';
import { createTestStores, testConfig } from '../../../test/harness.ts';
import { HEALTH_FRESH_MS, HEALTH_PROBE_MS, healthRoutes } from './health.ts';
import { createServer } from './server.ts';

async function serverOn(stores: Awaited<ReturnType<typeof createTestStores>>) {
  const app = await createServer(testConfig());
  await app.register(healthRoutes, { stores });
  return app;
}

/**
 * Test stores whose PostgreSQL is a server that takes the connection and says nothing, as a
 * stopped or swapping one does.
 */
async function silentPostgres() {
  const sockets: Socket[] = [];
  const silent = createTcpServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const port = (silent.address() as { port: number }).port;
  const stores = await createTestStores();
  const hung = { ...stores, sql: createSql(`postgres://postgres:x@127.0.0.1:${port}/postgres`, { max: 2 }) };
  return {
    stores,
    hung,
    sockets,
    async close() {
      await hung.sql.end({ timeout: 0 });
      for (const socket of sockets) socket.destroy();
      silent.close();
      await stores.close();
    },
  };
}

/** Moves this process's clock past the time a health answer is given again, instead of waiting. */
function pastFreshAnswer(): void {
  const now = performance.now.bind(performance);
  vi.spyOn(performance, 'now').mockImplementation(() => now() + HEALTH_FRESH_MS + 1);
}
afterEach(() => {
  vi.restoreAllMocks();
});

describe('GET /api/health', () => {
  it('answers 503 naming ClickHouse when it is down', async () => {
    const stores = await createTestStores();
    const app = await serverOn(stores);
    try {
      expect((await app.inject('/api/health')).statusCode).toBe(200);
      await stores.ch.close();
      // Past the time an answer is given again (moved on, not waited out).
      pastFreshAnswer();
      const res = await app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', postgres: { ok: true }, clickhouse: { ok: false } });
    } finally {
      await app.close();
      await stores.jobs.stop({ graceful: false });
      await stores.sql.end();
    }
  });

  it('answers 503 naming PostgreSQL when it is down', async () => {
    const stores = await createTestStores();
    const app = await serverOn(stores);
    try {
      await stores.jobs.stop({ graceful: false });
      await stores.sql.end();
      const res = await app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', postgres: { ok: false }, clickhouse: { ok: true } });
    } finally {
      await app.close();
      await stores.ch.close();
    }
  });

  it('answers within 1 s naming PostgreSQL when it accepts connections but never answers, and stays live', async () => {
    const { hung, close } = await silentPostgres();
    const app = await serverOn(hung);
    try {
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const res = await app.inject('/api/health');
        expect(performance.now() - started).toBeLessThan(1000);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          status: 'degraded',
          postgres: { ok: false, error: `no answer within ${HEALTH_PROBE_MS} ms` },
          clickhouse: { ok: true },
        });
      }
      const live = await app.inject('/api/health/live');
      expect([live.statusCode, live.json().status]).toEqual([200, 'ok']);
    } finally {
      await app.close();
      await close();
    }
  });

  it('answers at once while a probe that outlived its time is still out, and a burst of requests is one probe', async () => {
    const { hung, sockets, close } = await silentPostgres();
    const app = await serverOn(hung);
    const timedHealth = async () => {
      const started = performance.now();
      const res = await app.inject('/api/health');
      return { ms: performance.now() - started, status: res.statusCode, postgres: res.json().postgres };
    };
    try {
      // The first waits out the probe's time; the ones behind it are told at once, the probe still out.
      const first = await timedHealth();
      expect(first.ms).toBeGreaterThanOrEqual(HEALTH_PROBE_MS - 20);
      expect(first.ms).toBeLessThan(1000);
      for (let i = 0; i < 5; i++) {
        const next = await timedHealth();
        expect(next.ms).toBeLessThan(100);
        expect(next).toMatchObject({ status: 503, postgres: { ok: false, error: `no answer within ${HEALTH_PROBE_MS} ms` } });
      }
      // Twenty at once against a silent server: one connection tried, every answer inside a second.
      const burst = await Promise.all(Array.from({ length: 20 }, timedHealth));
      expect(Math.max(...burst.map((b) => b.ms))).toBeLessThan(1000);
      expect(sockets.length).toBeLessThanOrEqual(2);
    } finally {
      await app.close();
      await close();
    }
  });

  it('gives a fresh answer again to the requests right behind it, and probes anew after', async () => {
    const stores = await createTestStores();
    const app = await serverOn(stores);
    try {
      const ok = (await app.inject('/api/health')).json();
      const again = (await app.inject('/api/health')).json();
      // Given again: the same measured latency, not a second ping.
      expect(again.postgres).toEqual(ok.postgres);
      pastFreshAnswer();
      await stores.jobs.stop({ graceful: false });
      await stores.sql.end();
      const down = await app.inject('/api/health');
      expect(down.statusCode).toBe(503);
      expect(down.json().postgres.ok).toBe(false);
    } finally {
      await app.close();
      await stores.ch.close();
    }
  });
});
