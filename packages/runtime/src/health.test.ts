import { createServer as createTcpServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSql } from '@curb/db';
import { createTestStores, testConfig } from '../../../test/harness.ts';
import { healthRoutes } from './health.ts';
import { createServer } from './server.ts';

async function serverOn(stores: Awaited<ReturnType<typeof createTestStores>>) {
  const app = await createServer(testConfig());
  await app.register(healthRoutes, { stores });
  return app;
}

describe('GET /api/health', () => {
  it('answers 503 naming ClickHouse when it is down', async () => {
    const stores = await createTestStores();
    const app = await serverOn(stores);
    try {
      expect((await app.inject('/api/health')).statusCode).toBe(200);
      await stores.ch.close();
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
    // A server that takes the connection and says nothing, as a stopped or swapping one does.
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const stores = await createTestStores();
    const hung = { ...stores, sql: createSql(`postgres://postgres:x@127.0.0.1:${port}/postgres`, { max: 2 }) };
    const app = await serverOn(hung);
    try {
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const res = await app.inject('/api/health');
        expect(performance.now() - started).toBeLessThan(1000);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          status: 'degraded',
          postgres: { ok: false, error: 'no answer within 800 ms' },
          clickhouse: { ok: true },
        });
      }
      const live = await app.inject('/api/health/live');
      expect([live.statusCode, live.json().status]).toEqual([200, 'ok']);
    } finally {
      await app.close();
      await hung.sql.end({ timeout: 0 });
      for (const socket of sockets) socket.destroy();
      silent.close();
      await stores.close();
    }
  });
});
