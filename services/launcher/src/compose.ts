import type { FastifyInstance } from 'fastify';
import type { Config } from '@curb/contracts/config';
import { createServer, healthRoutes, type Stores } from '@curb/runtime';
import api from '@curb/api';
import collector from '@curb/collector';
import worker from '@curb/worker';

/** The three services in one Fastify server on the given stores (not listening yet). */
export async function composeApp(config: Config, stores: Stores): Promise<FastifyInstance> {
  const app = await createServer(config);
  await app.register(healthRoutes, { stores });
  await app.register(worker, { config, stores });
  await app.register(collector, { config, stores });
  await app.register(api, { config, stores });
  return app;
}
