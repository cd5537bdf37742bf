// The collector service as one Fastify plugin: beacon ingest through a durable spool into ClickHouse.
import type { FastifyInstance } from 'fastify';
import type { Config } from '@curb/contracts/config';
import type { Stores } from '@curb/runtime';
import { openIngest } from './lib/ingest.ts';
import eventRoutes, { type MetricsAccess } from './routes/events.ts';

export interface CollectorOptions {
  config: Config;
  stores: Stores;
  /**
   * Whether a request comes from the signed-in owner: the launcher passes the api's check.
   * Without it (the collector run on its own) only loopback clients read the metrics.
   */
  isOwner?: MetricsAccess['isOwner'];
}

export default async function collector(app: FastifyInstance, opts: CollectorOptions): Promise<void> {
  const ingest = await openIngest({ config: opts.config, stores: opts.stores, log: app.log });
  // Runs before the stores close (hooks of a plugin run before its parent's).
  app.addHook('onClose', () => ingest.close());
  // /api/health says "degraded" while the spool cannot write (a full disk), not only once
  // beacons are refused.
  if (app.hasDecorator('healthChecks')) app.healthChecks.spool = () => ingest.spool.writable();
  await app.register(eventRoutes, { ingest, ...(opts.isOwner && { isOwner: opts.isOwner }) });
}
