// The collector service as one Fastify plugin: beacon ingest into ClickHouse.
import type { FastifyInstance } from 'fastify';
import type { Config } from '@curb/contracts/config';
import type { Stores } from '@curb/runtime';
import eventRoutes from './routes/events.ts';

export interface CollectorOptions {
  config: Config;
  stores: Stores;
}

export default async function collector(app: FastifyInstance, opts: CollectorOptions): Promise<void> {
  await app.register(eventRoutes, { stores: opts.stores });
}
