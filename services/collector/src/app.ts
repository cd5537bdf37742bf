// The collector service as one Fastify plugin: beacon ingest through a durable spool into ClickHouse.
import type { FastifyInstance } from 'fastify';
import type { Config } from '@curb/contracts/config';
import type { Stores } from '@curb/runtime';
import { openIngest } from './lib/ingest.ts';
import eventRoutes from './routes/events.ts';

export interface CollectorOptions {
  config: Config;
  stores: Stores;
}

export default async function collector(app: FastifyInstance, opts: CollectorOptions): Promise<void> {
  const ingest = await openIngest({ config: opts.config, stores: opts.stores, log: app.log });
  // Runs before the stores close (hooks of a plugin run before its parent's).
  app.addHook('onClose', () => ingest.close());
  await app.register(eventRoutes, { ingest });
}
