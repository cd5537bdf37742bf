// The k6 scenarios in infra/k6 measure what the benchmarks in bench/ measure, with the same
// targets: an endpoint or a bar changed in one place fails here until the other follows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from './process.ts';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

it('k6 hits the dashboard endpoints the bench times, with the same p95 bar', () => {
  const bench = read('bench/dashboards/run.ts');
  const k6 = read('infra/k6/dashboards.js');
  // Both read the one list: the bench through endpoints.ts, k6 with open() relative to its own file.
  expect(bench).toMatch(/const ENDPOINTS = .*\bDASHBOARD_ENDPOINTS\b/);
  expect(read('bench/dashboards/endpoints.ts')).toContain("'endpoints.json'");
  const opened = /const ENDPOINTS = JSON\.parse\(open\('([^']+)'\)\);/.exec(k6)?.[1];
  expect(opened && join('infra/k6', opened)).toBe('bench/dashboards/endpoints.json');
  expect((JSON.parse(read('bench/dashboards/endpoints.json')) as string[]).length).toBeGreaterThan(5);
  const benchBar = Number(/const P95_TARGET_MS = (\d+);/.exec(bench)![1]);
  expect(k6).toContain(`p(95)<=${benchBar}`);
});

it('k6 sends the single events and batches of 20 that the ingest bench measures', () => {
  const bench = read('bench/ingest/run.ts');
  const k6 = read('infra/k6/ingest.js');
  // The batch each sends, read from its BATCH constant: a different size in one fails here.
  const batchSize = (source: string) =>
    Number(/const BATCH = JSON\.stringify\(\{ events: Array\.from\(\{ length: (\d+) \}/.exec(source)?.[1]);
  expect(batchSize(bench)).toBe(20);
  expect(batchSize(k6)).toBe(batchSize(bench));
  expect(k6).toMatch(/exec: 'single'|single\(\)/);
});
