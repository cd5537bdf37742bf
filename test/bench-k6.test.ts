// The k6 scenarios in infra/k6 measure what the benchmarks in bench/ measure, with the same
// targets. k6 is not installable on the build machines: each script runs here as written, one
// iteration a scenario, on a stand-in for k6's API (k6/runner.mjs, curl underneath) against the
// product, so its requests are shown to be ones the product answers and its bars the bench's.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Stores } from '@curb/runtime';
import { DASHBOARD_ENDPOINTS, P95_TARGET_MS } from '../bench/dashboards/endpoints.ts';
import { BATCH_EVENTS } from '../bench/ingest/scenarios.ts';
import { upsertAdmin } from '../services/api/src/lib/auth/admin-users.ts';
import { composeApp } from '../services/launcher/src/compose.ts';
import { createTestStores, testConfig } from './harness.ts';
import { REPO_ROOT } from './process.ts';

const OWNER = { email: 'k6@curb.test', password: 'k6 test password' };

interface K6Run {
  options: { scenarios: Record<string, { exec?: string }>; thresholds: Record<string, string[]> };
  requests: Array<{ scenario?: string; method: string; url: string; body: string | null; status: number }>;
  checks: Array<{ name: string; ok: boolean; status: number }>;
}

let stores: Stores;
let app: Awaited<ReturnType<typeof composeApp>>;
let url: string;

beforeAll(async () => {
  stores = await createTestStores();
  app = await composeApp(testConfig(), stores);
  await upsertAdmin(stores.sql, OWNER);
  url = await app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await stores?.close();
});

async function k6(script: string, env: Record<string, string> = {}): Promise<K6Run> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(REPO_ROOT, 'test/k6/runner.mjs'), join(REPO_ROOT, 'infra/k6', script), url, JSON.stringify(env)],
    { maxBuffer: 64 << 20 },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('k6-result '));
  if (!line) throw new Error(`no result from ${script}:\n${stdout}`);
  return JSON.parse(line.slice('k6-result '.length)) as K6Run;
}

it('k6 hits the dashboard endpoints the bench times, signed in, with the same p95 bar', async () => {
  const run = await k6('dashboards.js', { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  expect(run.checks.filter((c) => !c.ok)).toEqual([]);
  expect(run.checks.map((c) => c.name)).toEqual(['signed in', ...DASHBOARD_ENDPOINTS.map(() => 'ok')]);
  expect(run.requests.filter((r) => r.scenario).map((r) => [r.method, r.url, r.status])).toEqual(
    DASHBOARD_ENDPOINTS.map((path) => ['GET', path, 200]),
  );
  expect(Object.keys(run.options.thresholds)).toHaveLength(DASHBOARD_ENDPOINTS.length);
  for (const bars of Object.values(run.options.thresholds)) expect(bars).toEqual([`p(95)<=${P95_TARGET_MS}`]);
});

it('k6 sends the single events and the batches the ingest bench measures, and the product takes them', async () => {
  const run = await k6('ingest.js');
  expect(run.checks.filter((c) => !c.ok)).toEqual([]);
  const sent = (scenario: string) =>
    run.requests
      .filter((r) => r.scenario === scenario)
      .map((r) => {
        const body = JSON.parse(r.body ?? 'null') as { events?: unknown[] };
        return [r.method, r.url, r.status, body.events?.length ?? 1];
      });
  expect(sent('single')).toEqual([['POST', '/api/events', 202, 1]]);
  expect(sent('batch')).toEqual([['POST', '/api/events', 202, BATCH_EVENTS]]);
  expect(sent('paced')).toEqual([['POST', '/api/events', 202, 1]]);
  // The teardown reads the collector's figures: every event sent was accepted.
  expect(run.requests.at(-1)).toMatchObject({ method: 'GET', url: '/api/events/metrics', status: 200 });
});
