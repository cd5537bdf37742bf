// The collector alone on fresh test stores and its own DATA_DIR, for ingest tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { IngestMetricsResponse } from '@curb/contracts/analytics';
import { createServer, type Stores } from '@curb/runtime';
import collector from '@curb/collector';
import { createTestStores, testConfig } from '../harness.ts';

export interface TestCollector {
  app: App;
  stores: Stores;
  dataDir: string;
  metrics(): Promise<IngestMetricsResponse>;
  /** Waits until every accepted event has left the spool for ClickHouse. */
  drained(timeoutMs?: number): Promise<IngestMetricsResponse>;
  count(where?: string): Promise<number>;
  close(): Promise<void>;
}

export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

type App = Awaited<ReturnType<typeof createServer>>;

/** `extra` may add routes (test pages) before the server is ready. */
export async function startCollector(
  env: Record<string, string> = {},
  stores?: Stores,
  extra?: (app: App) => void,
): Promise<TestCollector> {
  const ownStores = stores ?? (await createTestStores());
  const dataDir = mkdtempSync(join(tmpdir(), 'curb-ingest-'));
  const config = testConfig({ DATA_DIR: dataDir, ...env });
  const app = await createServer(config);
  await app.register(collector, { config, stores: ownStores });
  extra?.(app);
  await app.ready();
  const metrics = async () => (await app.inject('/api/events/metrics')).json() as IngestMetricsResponse;
  return {
    app,
    stores: ownStores,
    dataDir,
    metrics,
    async drained(timeoutMs = 15_000) {
      await expect.poll(async () => (await metrics()).spooled, { timeout: timeoutMs, interval: 50 }).toBe(0);
      return metrics();
    },
    async count(where = '1') {
      const [row] = await ownStores.ch.query<{ n: string }>(`SELECT count() AS n FROM events WHERE ${where}`);
      return Number(row!.n);
    },
    async close() {
      await app.close();
      if (!stores) await ownStores.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
