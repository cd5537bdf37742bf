// pnpm bench:dashboards — each dashboard endpoint against 10 M generated events on chDB,
// called one request at a time (after warm-up), p50 and p95 in a table. The event data is
// kept in bench/.data/dashboards between runs (delete it to regenerate).
import { join } from 'node:path';
import { percentile, REPO_ROOT, startBenchServer } from '../child.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const WARMUP = 3;
const BAR_MS = 300;
const ADMIN = { email: 'bench@curb.test', password: 'dashboard bench password' };
const ENDPOINTS = [
  '/api/analytics/ab-testing?days=7',
  '/api/analytics/ab-testing?days=30',
  '/api/analytics/ab-testing?days=90',
  '/api/analytics/retargeting?days=7',
  '/api/analytics/retargeting?days=30',
  '/api/analytics/retargeting?days=90',
  '/api/admin/funnels',
  '/api/admin/funnel-stats',
  '/api/admin/funnels/marketing-audit/analytics',
  '/api/seo/dashboard',
  '/api/admin/data-connections/overview',
  '/api/admin/feature-status?category=funnel',
];

const server = await startBenchServer(
  'bench/dashboards/server.ts',
  // Development mode: the session cookie is not Secure, so it works over plain http.
  { DATA_DIR: join(REPO_ROOT, 'bench', '.data', 'dashboards'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SHUTDOWN_TIMEOUT_MS: '20000', NODE_ENV: 'development' },
  (line) => line.startsWith('GENERATED') && console.log(line),
);
try {
  const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify(ADMIN) });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const rows: string[][] = [];
  let pass = true;
  for (const path of ENDPOINTS) {
    const times: number[] = [];
    let first = 0;
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const started = performance.now();
      const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      if (i === 0) first = performance.now() - started;
      if (i >= WARMUP) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    pass &&= p95 <= BAR_MS;
    rows.push([path, `${first.toFixed(0)} ms`, `${p50.toFixed(0)} ms`, `${p95.toFixed(0)} ms`, p95 <= BAR_MS ? 'ok' : 'over']);
  }
  const header = ['endpoint (10 M events, chDB)', 'first', 'p50', 'p95', `p95 ≤ ${BAR_MS} ms`];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  console.log(`\nDashboard benchmark (${REQUESTS} sequential requests each after ${WARMUP} warm-up)`);
  console.log('"first": the first request, which on a new day (or new data) also computes the retargeting funnel\'s closed days\n');
  for (const r of [header, ...rows]) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  console.log(`\n${pass ? 'All endpoints within the bar.' : 'Some endpoints over the bar.'}`);
  process.exitCode = pass ? 0 : 1;
} finally {
  await server.stop();
}
