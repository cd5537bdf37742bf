// pnpm bench:ingest — in one run: a bare Fastify route against POST /api/events with one
// event, batches of 20, latency at a fixed 2,000 req/s, and afterwards the ClickHouse row
// count against the accepted count. The server runs in its own process, autocannon here;
// the ingest scenarios start once the spool has drained, so none pays for the one before.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import { startBenchServer } from '../child.ts';
import { BATCH_EVENTS } from './scenarios.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const event = (i: number) => ({
  name: 'page_view',
  sessionId: `bench-${i}`,
  path: '/marketing-audit',
  referrer: 'https://www.google.com/',
  utm: { source: 'newsletter', medium: 'email', campaign: 'november' },
  props: { page_group: 'Marketing' },
});
const ONE = JSON.stringify(event(1));
const BATCH = JSON.stringify({ events: Array.from({ length: BATCH_EVENTS }, (_, i) => event(i)) });

function run(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ ...options, headers: { 'content-type': 'application/json', 'user-agent': UA }, method: 'POST' }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'curb-bench-ingest-'));
// At the default log level, so the table shows what the log costs per million beacons.
const server = await startBenchServer('bench/ingest/server.ts', { DATA_DIR: dataDir, LOG_LEVEL: 'info' });
try {
  const post = (path: string, body: string, extra: Partial<Options> = {}) =>
    run({ url: `${server.url}${path}`, body, connections: 50, duration: DURATION_S, ...extra });
  const metricsUrl = `${server.url}/api/events/metrics`;
  type Metrics = { accepted: number; spooled: number; rejected: number };
  /** Waits until every accepted event is in ClickHouse: each scenario starts from an empty spool. */
  const drained = async (): Promise<Metrics> => {
    for (;;) {
      const metrics = (await (await fetch(metricsUrl)).json()) as Metrics;
      if (metrics.spooled === 0) return metrics;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  await post('/api/events', ONE, { duration: 2 }); // warm up both paths
  await post('/bench/bare', ONE, { duration: 2 });

  await drained();
  const bare = await post('/bench/bare', ONE);
  const single = await post('/api/events', ONE);
  await drained();
  const batch = await post('/api/events', BATCH);
  await drained();
  const paced = await post('/api/events', ONE, { overallRate: 2000 });

  // Every accepted event must reach ClickHouse exactly once.
  const drainStarted = performance.now();
  const metrics = await drained();
  const drainMs = performance.now() - drainStarted;
  const { count } = (await (await fetch(`${server.url}/bench/count`)).json()) as { count: number };

  const logBytes = Buffer.byteLength(server.log());
  const beacons = [single, batch, paced].reduce((n, r) => n + r.requests.total, 0);
  const rps = (r: Result) => r.requests.average;
  const errors = (r: Result) => r.non2xx + r.errors + r.timeouts;
  const ratio = rps(single) / rps(bare);
  // The bars: a beacon at least 0.7 of a bare route; batches of 20 at least 5× the bare
  // route's requests in events.
  const RATIO_BAR = 0.7;
  const batchBar = 5 * rps(bare);
  const eventsPerSecond = (batch['2xx'] * 20) / batch.duration;
  const rows = [
    ['bare Fastify route, 1 event', `${rps(bare).toFixed(0)} req/s`, `p99 ${bare.latency.p99} ms`, `${errors(bare)} errors`, ''],
    [
      'POST /api/events, 1 event',
      `${rps(single).toFixed(0)} req/s`,
      `p99 ${single.latency.p99} ms`,
      `${errors(single)} errors`,
      `ratio ${ratio.toFixed(2)} (bar ≥ ${RATIO_BAR})`,
    ],
    [
      'POST /api/events, batches of 20',
      `${eventsPerSecond.toFixed(0)} events/s`,
      `p99 ${batch.latency.p99} ms`,
      `${errors(batch)} errors`,
      `${(eventsPerSecond / rps(bare)).toFixed(1)}× bare (bar ≥ 5×, ${batchBar.toFixed(0)} events/s)`,
    ],
    [
      'POST /api/events at 2,000 req/s',
      `${rps(paced).toFixed(0)} req/s`,
      `p99 ${paced.latency.p99} ms`,
      `${errors(paced)} errors`,
      'bar p99 < 50 ms',
    ],
    [
      'log at LOG_LEVEL=info',
      `${(logBytes / 1024).toFixed(1)} KB`,
      `${beacons} requests`,
      '',
      `${(((logBytes / beacons) * 1e6) / 1024).toFixed(1)} KB per million beacons`,
    ],
    [
      'ClickHouse rows after drain',
      `${count}`,
      `accepted ${metrics.accepted}`,
      `rejected ${metrics.rejected}`,
      `${count === metrics.accepted ? 'equal' : 'DIFFERENT'} (drained in ${Math.round(drainMs)} ms)`,
    ],
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log(`\nIngest benchmark (${DURATION_S} s per scenario, 50 connections)\n`);
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  const pass =
    ratio >= RATIO_BAR && eventsPerSecond >= batchBar && paced.latency.p99 < 50 && errors(paced) === 0 && count === metrics.accepted;
  console.log(`\n${pass ? 'All bars met.' : 'Some bars missed.'}`);
  process.exitCode = pass ? 0 : 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
