// `pnpm bench:admin`: the admin's audit list over 10,000 audits, through the whole server
// (session check, validation, both queries, serialisation). Bar: ≤ 200 ms per request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { parseConfig } from '@curb/contracts/config';
import { openStores } from '@curb/runtime';
import { composeApp } from '../../services/launcher/src/compose.ts';

const AUDITS = 10_000;
const SAMPLES = 60;
const ADMIN = { email: 'bench@curb.test', password: 'bench admin password' };

const dataDir = mkdtempSync(join(tmpdir(), 'curb-bench-admin-'));
const config = parseConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});
const stores = await openStores(config, { allowEmbedded: true });
const app = await composeApp(config, stores);
try {
  // The fixture goes straight in: the forms' rate limit would take an hour for 10,000.
  await stores.sql`
    INSERT INTO audits (report_id, business_name, email, website, source, email_sent, email_delivered, email_opened, report_viewed,
                        report_view_count, created_at)
    SELECT md5(i::text) || 'r', 'Business ' || i, 'owner' || i || '@example.com', 'https://b' || i || '.example', 'Audit Popup',
           i % 2 = 0, i % 3 = 0, i % 5 = 0, i % 7 = 0, i % 4, now() - i * interval '4 minutes'
    FROM generate_series(1, ${AUDITS}) AS i`;
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;

  const rows: string[][] = [];
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  for (const page of [1, 2, 500, 1000]) {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const res = await fetch(`${url}/api/admin/marketing-audits?page=${page}&limit=10`, { headers: { cookie } });
      const body = (await res.json()) as { recent: unknown[]; total: number };
      times.push(performance.now() - started);
      if (res.status !== 200 || body.total !== AUDITS || body.recent.length !== 10) throw new Error(`page ${page}: ${res.status}`);
    }
    times.sort((a, b) => a - b);
    rows.push([`page ${page} (sequential)`, pct(times, 50).toFixed(1), pct(times, 95).toFixed(1), times.at(-1)!.toFixed(1), '']);
  }
  const run = await autocannon({
    url: `${url}/api/admin/marketing-audits?page=37&limit=10`,
    headers: { cookie },
    connections: 10,
    duration: 5,
  });
  if (run.non2xx) throw new Error(`${run.non2xx} non-2xx answers under load`);
  rows.push([
    'page 37, 10 connections',
    String(run.latency.p50),
    String(run.latency.p97_5),
    String(run.latency.max),
    String(Math.round(run.requests.average)),
  ]);

  console.log(`\nGET /api/admin/marketing-audits over ${AUDITS.toLocaleString('en-US')} audits (bar: ≤ 200 ms per request)\n`);
  const header = ['case', 'p50 ms', 'p95 ms', 'max ms', 'req/s'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const line of [header, widths.map((w) => '-'.repeat(w)), ...rows]) console.log(line.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  console.log("(under load the p95 column is autocannon's p97.5)");
} finally {
  await app.close();
  await stores.close();
  rmSync(dataDir, { recursive: true, force: true });
}
