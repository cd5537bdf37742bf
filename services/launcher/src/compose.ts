import type { FastifyInstance } from 'fastify';
import type { Config } from '@curb/contracts/config';
import { createServer, healthRoutes, type Stores } from '@curb/runtime';
import api from '@curb/api';
import { ownerCheck } from '@curb/api/lib/auth/owner-check';
import collector from '@curb/collector';
import worker from '@curb/worker';

/**
 * The three services in one Fastify server on the given stores (not listening yet): a new one,
 * or `server` when the stores were opened with its logger.
 */
export async function composeApp(config: Config, stores: Stores, server?: FastifyInstance): Promise<FastifyInstance> {
  const app = server ?? (await createServer(config));
  await app.register(healthRoutes, { stores });
  await app.register(worker, { config, stores });
  // The collector's metrics are the owner's: the api's session decides who that is.
  await app.register(collector, { config, stores, isOwner: ownerCheck(config, stores.sql) });
  await app.register(api, { config, stores });
  return app;
}
