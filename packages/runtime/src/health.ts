import type { FastifyInstance } from 'fastify';
import { HealthSchema, type Health } from '@curb/contracts/health';
import { pingPostgres } from '@curb/db';
import { VERSION } from './config.ts';
import type { Stores } from './stores.ts';

/** GET /api/health: both stores pinged; 503 when either is down so load balancers drop us. */
export async function healthRoutes(app: FastifyInstance, opts: { stores: Stores }): Promise<void> {
  app.get('/api/health', { schema: { response: { 200: HealthSchema, 503: HealthSchema } } }, async (_request, reply) => {
    const [postgres, clickhouse] = await Promise.all([pingPostgres(opts.stores.sql), opts.stores.ch.ping()]);
    const ok = postgres.ok && clickhouse.ok;
    const body: Health = {
      status: ok ? 'ok' : 'degraded',
      mode: opts.stores.mode,
      version: VERSION,
      postgres: { ok: postgres.ok, latencyMs: postgres.latencyMs },
      clickhouse: { ok: clickhouse.ok, latencyMs: clickhouse.latencyMs },
    };
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
