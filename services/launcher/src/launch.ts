// Embedded mode: api + collector + worker composed in one Fastify server, on stores that
// are embedded unless DATABASE_URL / CLICKHOUSE_URL point elsewhere.
import type { FastifyInstance } from 'fastify';
import type { Config } from '@curb/contracts/config';
import { createServer, listen, lockDataDir, openStores, type Stores } from '@curb/runtime';
import { backupRunningProduct } from '@curb/runtime/backup/backup';
import { serveControl } from '@curb/runtime/backup/control';
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
  let server: FastifyInstance | undefined;
  try {
    // The server first, so the stores log through its logger (JSON lines, as every request's).
    server = await createServer(config);
    stores = await openStores(config, { allowEmbedded: true, log: options.log, logger: server.log });
    const app = await composeApp(config, stores, server);
    const url = await listen(app, config);
    const opened = stores;
    // `pnpm backup` asks this process for its archive (chDB lets no other process read the data).
    const closeControl = await serveControl(
      config.DATA_DIR,
      { backup: (out, log) => backupRunningProduct(config, opened, out, { log, trigger: 'command' }) },
      (line) => app.log.warn(line),
    );
    return {
      app,
      stores: opened,
      url,
      async stop() {
        await closeControl();
        await app.close();
        await opened.close();
        unlock();
      },
    };
  } catch (err) {
    await server?.close();
    await stores?.close();
    unlock();
    throw err;
  }
}
