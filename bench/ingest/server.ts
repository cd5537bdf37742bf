// The product (embedded mode) plus two bench-only routes: a bare Fastify route to compare
// POST /api/events against, and the ClickHouse row count. Run by bench/ingest/run.ts.
import { loadConfig, listen, lockDataDir, openStores, runMain, stopOnSignals, surviveStoreOutages } from '@curb/runtime';
import { composeApp } from '../../services/launcher/src/compose.ts';

runMain(async () => {
  const config = loadConfig();
  const unlock = lockDataDir(config.DATA_DIR);
  const stores = await openStores(config, { allowEmbedded: true });
  const app = await composeApp(config, stores);
  // Same server and hooks, no work, Fastify's default JSON parser (the collector parses its own
  // bodies, text/plain included, with JSON.parse and cleans their text; it can come out ahead).
  app.post('/bench/bare', async (_request, reply) => reply.code(202).send({ accepted: 1 }));
  app.get('/bench/count', async () => {
    const [row] = await stores.ch.query<{ n: string }>('SELECT count() AS n FROM events');
    return { count: Number(row!.n) };
  });
  const url = await listen(app, config);
  process.stdout.write(`READY ${url}\n`);
  stopOnSignals(async () => {
    await app.close();
    await stores.close();
    unlock();
  }, config.SHUTDOWN_TIMEOUT_MS);
  // As the launcher does: a store error outside any request (pg-boss failing a job while the
  // database restarts) is the store recovering, not a reason to exit.
  surviveStoreOutages((message) => app.log.warn(message));
});
