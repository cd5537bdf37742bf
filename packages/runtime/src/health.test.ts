import { describe, expect, it } from 'vitest';
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
});
