import type { FastifyInstance } from 'fastify';
import { HealthSchema, LivenessSchema, type Health, type Liveness, type StoreHealth } from '@curb/contracts/health';
import { pingPostgres } from '@curb/db';
import { VERSION } from './config.ts';
import type { Stores } from './stores.ts';

/** Each store gets this long to answer a health check: /api/health answers within 1 s whatever they do. */
export const HEALTH_PROBE_MS = 800;

/** A check a service adds to /api/health (the collector: can its spool write?). */
export type ComponentCheck = () => Promise<{ ok: boolean; error?: string }>;

/** Checks beyond the two stores, set by the services that own them. */
export interface HealthChecks {
  spool?: ComponentCheck;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared by reference with every plugin context (createServer decorates it). */
    healthChecks: HealthChecks;
  }
}

/**
 * One probe in flight at a time, whatever the number of health requests: a store that does
 * not answer is not sent a pile of pings, and each request waits at most HEALTH_PROBE_MS.
 */
function bounded(probe: () => Promise<StoreHealth>): () => Promise<StoreHealth> {
  let inFlight: Promise<StoreHealth> | undefined;
  return () => {
    const started = performance.now();
    inFlight ??= probe()
      .catch((): StoreHealth => ({ ok: false, latencyMs: Math.round(performance.now() - started), error: 'unreachable' }))
      .finally(() => {
        inFlight = undefined;
      });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<StoreHealth>((resolve) => {
      timer = setTimeout(
        () => resolve({ ok: false, latencyMs: HEALTH_PROBE_MS, error: `no answer within ${HEALTH_PROBE_MS} ms` }),
        HEALTH_PROBE_MS,
      );
    });
    return Promise.race([inFlight, late]).finally(() => clearTimeout(timer));
  };
}

const timed = (check: ComponentCheck) => async (): Promise<StoreHealth> => {
  const started = performance.now();
  const result = await check();
  return { ...result, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
};

/**
 * GET /api/health: both stores pinged (and the spool where a collector runs), each within
 * HEALTH_PROBE_MS; 503 naming what failed when anything did, so load balancers drop us.
 * GET /api/health/live: the process answers, asking no store (a liveness probe: restart the
 * process only if this fails, not when a store is down).
 */
export async function healthRoutes(app: FastifyInstance, opts: { stores: Stores }): Promise<void> {
  const postgres = bounded(async () => {
    const ping = await pingPostgres(opts.stores.sql);
    return { ok: ping.ok, latencyMs: ping.latencyMs, ...(ping.ok ? {} : { error: 'unreachable' }) };
  });
  const clickhouse = bounded(async () => {
    const ping = await opts.stores.ch.ping();
    return { ok: ping.ok, latencyMs: ping.latencyMs, ...(ping.ok ? {} : { error: 'unreachable' }) };
  });
  const checks = app.healthChecks;
  let spool: (() => Promise<StoreHealth>) | undefined;

  app.get('/api/health', { schema: { response: { 200: HealthSchema, 503: HealthSchema } } }, async (_request, reply) => {
    if (checks.spool && !spool) spool = bounded(timed(checks.spool));
    const [pg, ch, sp] = await Promise.all([postgres(), clickhouse(), spool?.()]);
    const ok = pg.ok && ch.ok && (sp?.ok ?? true);
    const body: Health = {
      status: ok ? 'ok' : 'degraded',
      mode: opts.stores.mode,
      version: VERSION,
      postgres: pg,
      clickhouse: ch,
      ...(sp ? { spool: sp } : {}),
    };
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.get('/api/health/live', { schema: { response: { 200: LivenessSchema } } }, async (_request, reply) => {
    const body: Liveness = { status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
    return reply.header('cache-control', 'no-store').send(body);
  });
}
