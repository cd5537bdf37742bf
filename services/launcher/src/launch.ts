// Embedded mode: api + collector + worker composed in one Fastify server, on stores that
// are embedded unless DATABASE_URL / CLICKHOUSE_URL point elsewhere.
import type { FastifyInstance } from 'fastify';
import type { Config } from '@curb/contracts/config';
import { listen, lockDataDir, openStores, type Stores } from '@curb/runtime';
import { composeApp } from './compose.ts';

export interface Launched {
  app: FastifyInstance;
  stores: Stores;
  url: string;
  /** Server closed (in-flight requests answered, queues drained), then the stores. */
  stop(): Promise<void>;
}

export async function launch(config: Config, options: { log?: (line: string) => void } = {}): Promise<Launched> {
  const unlock = lockDataDir(config.DATA_DIR);
  let stores: Stores | undefined;
  try {
    stores = await openStores(config, { allowEmbedded: true, log: options.log });
    const app = await composeApp(config, stores);
    const url = await listen(app, config);
    const opened = stores;
    return {
      app,
      stores: opened,
      url,
      async stop() {
        await app.close();
        await opened.close();
        unlock();
      },
    };
  } catch (err) {
    await stores?.close();
    unlock();
    throw err;
  }
}
