import type { FastifyInstance } from 'fastify';
import type { Config } from '@curb/contracts/config';
import { loadConfig } from './config.ts';
import { healthRoutes } from './health.ts';
import { runMain, stopOnSignals } from './main.ts';
import { createServer, listen } from './server.ts';
import { openStores, type Stores } from './stores.ts';

export type ServicePlugin = (app: FastifyInstance, opts: { config: Config; stores: Stores }) => Promise<void>;

/** Runs one service on its own (distributed mode), against external stores only. */
export function runStandalone(service: ServicePlugin): void {
  runMain(async () => {
    const config = loadConfig();
    // The server first, so the stores log through its logger (the job queue's errors as JSON).
    const app = await createServer(config);
    const stores = await openStores(config, { allowEmbedded: false, logger: app.log });
    app.addHook('onClose', () => stores.close());
    await app.register(healthRoutes, { stores });
    await app.register(service, { config, stores });
    await listen(app, config);
    stopOnSignals(() => app.close(), config.SHUTDOWN_TIMEOUT_MS);
  });
}
