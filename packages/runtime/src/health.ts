import type { FastifyInstance } from 'fastify';
import { HealthSchema, LivenessSchema, type Health, type Liveness, type StoreHealth } from '@curb/contracts/health';
import { pingPostgres } from '@curb/db';
import { VERSION } from './config.ts';
import type { Stores } from './stores.ts';

/**
 * Each store gets this long to answer a health check: /api/health answers within 1 s whatever
 * they do, with room left for a busy process (a store restarting keeps it busy).
 */
export const HEALTH_PROBE_MS = 500;
/** A probe's answer serves the health requests of this long after it: a burst is one probe. */
export const HEALTH_FRESH_MS = 250;

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

const noAnswer = (ms: number): StoreHealth => ({ ok: false, latencyMs: Math.round(ms), error: `no answer within ${HEALTH_PROBE_MS} ms` });

/**
 * One probe in flight at a time, whatever the number of health requests: a store that does
 * not answer is not sent a pile of pings. A request waits at most HEALTH_PROBE_MS, and not at
 * all once the probe in flight has outlived that (the store is known not to answer: said at
 * once) or when the last answer is under HEALTH_FRESH_MS old (it is given again).
 */
function bounded(probe: () => Promise<StoreHealth>): () => Promise<StoreHealth> {
  let inFlight: { answer: Promise<StoreHealth>; startedAt: number } | undefined;
  let last: { health: StoreHealth; at: number } | undefined;
  return () => {
    const now = performance.now();
    if (last && now - last.at < HEALTH_FRESH_MS) return Promise.resolve(last.health);
    if (inFlight && now - inFlight.startedAt >= HEALTH_PROBE_MS) return Promise.resolve(noAnswer(now - inFlight.startedAt));
    if (!inFlight) {
      const started = now;
      const answer = probe()
        .catch((): StoreHealth => ({ ok: false, latencyMs: Math.round(performance.now() - started), error: 'unreachable' }))
        .then((health) => {
          last = { health, at: performance.now() };
          return health;
        })
        .finally(() => {
          inFlight = undefined;
        });
      inFlight = { answer, startedAt: started };
    }
    const { answer, startedAt } = inFlight;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<StoreHealth>((resolve) => {
      timer = setTimeout(() => resolve(noAnswer(performance.now() - startedAt)), HEALTH_PROBE_MS - (now - startedAt));
    });
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
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
