// pnpm bench:dashboards [-- --events 1e6,1e7,5e7 --shape traffic|density --only traffic|ab-testing,…] — each
// dashboard endpoint and each Traffic view (traffic-views.ts; `--only`: those named, e.g. `attribution`) against generated
// events on chDB (10 M by default), called one request at a time
// after warm-up: the first request, p50 and p95 per endpoint (several sizes: see measure). The closed-days runs that the
// first request starts are awaited before the others (the bench server's /bench/settle), so
// they are measured on the day as the worker leaves it after midnight. With several sizes it prints
// the growth curve: p95 per endpoint per size, the ClickHouse data's disk size and the
// generation time, and the ratio of the largest size's p95 to the 10 M one's. The shape says
// how the data grows (generate.ts): `traffic` (default) adds sessions and visitors with the
// events, `density` keeps the 10 M data's sessions and visitors and lengthens their visits.
// Each size's data is kept in bench/.data/dashboards-<size>[-density] between runs (delete it
// to regenerate). `--against <checkout>` measures one size on this checkout and on another (a
// directory holding another commit of the project, installed) side by side, their requests in
// turn as the sizes' are, and prints each endpoint's p95 on both: a change's before and after
// in the same run, on the VM's same spells (the other side's data: dashboards-<size>-against).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { percentile, REPO_ROOT, startBenchServer } from '../child.ts';
import { DASHBOARD_ENDPOINTS, P95_TARGET_MS } from './endpoints.ts';
import { FROM_SKETCHES, FROM_VISITS, ROLLUP_TWINS, SKETCH_TWINS, TRAFFIC_VIEWS } from './traffic-views.ts';
import { eventsPerSession, GROWTH_SHAPES, type GrowthShape } from './generate.ts';

// 60 measured requests per endpoint (BENCH_REQUESTS): a p95 of 20 was their second largest,
// one pause of this shared VM away from the largest.
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
const WARMUP = 3;
/** The targets at 10 M events: p95 per endpoint (P95_TARGET_MS, endpoints.ts), the first request of the day. */
/** A Traffic view under three filters (traffic-views.ts, or an endpoint's `filters=`) may take twice as long. */
const FILTERED_P95_TARGET_MS = 300;
const p95Target = (endpoint: string) =>
  endpoint.endsWith('+3 filters') || endpoint.includes('&filters=') ? FILTERED_P95_TARGET_MS : P95_TARGET_MS;
const FIRST_TARGET_MS = 400;
/** The cost must follow days and visitors, not raw events: p95 at the largest size over p95 at 10 M. */
const GROWTH_TARGET = 1.5;
/**
 * A p95 within this many ms of the 10 M one is flat whatever its ratio: an endpoint of a few ms
 * (the funnels' list reads no events at all) moves by more than half between runs (3 → 5 ms).
 */
const GROWTH_NOISE_MS = 5;
const ADMIN = { email: 'bench@curb.test', password: 'dashboard bench password' };

// `pnpm bench:dashboards -- --events …` passes the `--` on.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    events: { type: 'string', default: '1e7' },
    shape: { type: 'string', default: 'traffic' },
    only: { type: 'string' },
    against: { type: 'string' },
  },
});
// `--only` names what to measure, comma-separated: `traffic` (the Traffic views), or words of
// dashboard endpoints' paths (`ab-testing,retargeting`). Each Traffic view the rollup answers is
// followed by its twin read from the visits alone, each visitor view the sketches can answer by
// its twin read from them.
const only = values.only?.split(',').map((w) => w.trim());
const trafficViews = [...TRAFFIC_VIEWS.keys()].flatMap((view) => [
  view,
  ...ROLLUP_TWINS.filter((twin) => twin === `${view}${FROM_VISITS}`),
  ...SKETCH_TWINS.filter((twin) => twin === `${view}${FROM_SKETCHES}`),
]);
const ENDPOINTS = only
  ? [
      ...DASHBOARD_ENDPOINTS.filter((path) => only.some((w) => w !== 'traffic' && path.includes(w))),
      ...(only.includes('traffic') ? trafficViews : []),
    ]
  : [...DASHBOARD_ENDPOINTS, ...trafficViews];
if (!ENDPOINTS.length) {
  console.error('--only names no endpoint: give `traffic` or words of dashboard paths (ab-testing,retargeting).');
  process.exit(1);
}
const shape = values.shape as GrowthShape;
if (!GROWTH_SHAPES.includes(shape)) {
  console.error(`--shape is one of ${GROWTH_SHAPES.join(', ')}.`);
  process.exit(1);
}
const sizes = values.events!.split(',').map((s) => Number(s.trim()));
if (sizes.some((n) => !Number.isInteger(n) || n < 100_000 || n > 200_000_000)) {
  console.error('--events takes sizes from 1e5 to 2e8, comma-separated (e.g. 1e6,1e7,5e7).');
  process.exit(1);
}
const against = values.against ? resolve(values.against) : null;
if (against && (sizes.length > 1 || !existsSync(join(against, 'bench', 'dashboards', 'server.ts')))) {
  console.error('--against takes one size and a checkout of this project (with bench/dashboards/server.ts).');
  process.exit(1);
}

interface SizeResult {
  events: number;
  /** The size, and which checkout with --against. */
  name: string;
  generatedMs: number | null;
  diskBytes: number;
  endpoints: Map<string, Measured>;
  /** The tables each Traffic view read (the bench server's x-stats-read). */
  reads: Map<string, string>;
}

/** An endpoint's first request, p50 and p95 (ms), and the server's CPU time per measured request (ms; null off Linux). */
type Measured = { first: number; p50: number; p95: number; cpu: number | null };

const isTwin = (path: string) => path.endsWith(FROM_VISITS) || path.endsWith(FROM_SKETCHES);
const label = (n: number) => (n >= 1e6 ? `${n / 1e6} M` : `${n / 1e3} k`);
const ms = (n: number) => `${n.toFixed(0)} ms`;
/** An endpoint as the tables name it: its query string readable (filters are JSON). */
const shown = (path: string) => decodeURIComponent(path);

const cpuMs = (n: number | null) => (n === null ? '—' : `${n.toFixed(0)} ms`);

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();
/**
 * The CPU time a process has used (ms, all its threads: chDB runs in the server), from /proc; null
 * elsewhere. Requests' wall times swing with other work on a shared machine, their CPU time far less.
 */
function processCpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

function diskBytes(dir: string): number {
  return existsSync(dir) ? Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]) : 0;
}

/** A size's bench server, signed in. */
interface SizeServer {
  events: number;
  name: string;
  dataDir: string;
  generatedMs: () => number | null;
  /** One request to `path`: its time in ms. */
  request: (path: string) => Promise<number>;
  /** The server process's CPU time so far (ms), or null. */
  cpu: () => number | null;
  /** The tables a Traffic view reads ('' for a dashboard endpoint). */
  reads: (path: string) => Promise<string>;
  /** Awaits the closed-days runs `path`'s first request started (the bench server's /bench/settle). */
  settle: (path: string) => Promise<void>;
  stop: () => Promise<void>;
}

/** A size's server, on this checkout or (`root`) another one, with its own copy of the data. */
async function startSize(events: number, root?: string): Promise<SizeServer> {
  // Up to 10 M events the shapes generate the same data.
  const dense = eventsPerSession(events, shape) !== eventsPerSession(events, 'traffic');
  const data = `dashboards-${label(events).replace(' ', '')}${dense ? '-density' : ''}${root ? '-against' : ''}`;
  const dataDir = join(REPO_ROOT, 'bench', '.data', data);
  const name = root ? `${label(events)} on ${root}` : label(events);
  let generatedMs: number | null = null;
  const server = await startBenchServer(
    'bench/dashboards/server.ts',
    // Development mode: the session cookie is not Secure, so it works over plain http.
    {
      DATA_DIR: dataDir,
      BENCH_EVENTS: String(events),
      BENCH_SHAPE: shape,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SHUTDOWN_TIMEOUT_MS: '20000',
      NODE_ENV: 'development',
    },
    (line) => {
      const generated = /^GENERATED \d+ events in (\d+) ms/.exec(line);
      if (generated) generatedMs = Number(generated[1]);
    },
    root,
  );
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(ADMIN),
    });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const post = (url: string, body: object) =>
      fetch(url, {
        method: 'POST',
        headers: { cookie, origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // The owner's zone, as the stats API names it: the twins from the visits are read in it too.
    const probe = await post(`${server.url}/api/stats`, { metrics: ['visitors'], date_range: 'day' });
    const zone = ((await probe.json()) as { meta: { time_zone: string } }).meta.time_zone;
    const twin = (path: string) =>
      isTwin(path) ? path.slice(0, -(path.endsWith(FROM_VISITS) ? FROM_VISITS : FROM_SKETCHES).length) : null;
    const twinSource = (path: string) => (path.endsWith(FROM_VISITS) ? 'visits' : path.endsWith(FROM_SKETCHES) ? 'sketches' : 'planned');
    const benchStats = (path: string, source: string) =>
      post(`${server.url}/bench/stats?source=${source}&zone=${encodeURIComponent(zone)}`, TRAFFIC_VIEWS.get(twin(path) ?? path)!);
    return {
      events,
      name,
      dataDir,
      generatedMs: () => generatedMs,
      cpu: () => processCpuMs(server.child.pid),
      async request(path) {
        const started = performance.now();
        const body = TRAFFIC_VIEWS.get(path);
        const res = twin(path)
          ? await benchStats(path, twinSource(path))
          : body
            ? await post(`${server.url}/api/stats`, body)
            : await fetch(`${server.url}${path}`, { headers: { cookie } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
        return performance.now() - started;
      },
      async reads(path) {
        if (!TRAFFIC_VIEWS.has(twin(path) ?? path)) return '';
        const res = await benchStats(path, twinSource(path));
        await res.arrayBuffer();
        return res.headers.get('x-stats-read') ?? '?';
      },
      async settle(path) {
        const settled = await fetch(`${server.url}/bench/settle?path=${encodeURIComponent(path)}`, { method: 'POST' });
        if (settled.status !== 200) throw new Error(`settling ${path}: ${settled.status} ${await settled.text()}`);
      },
      stop: () => server.stop(),
    };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/**
 * Per endpoint and size: its first request, the runs it started (awaited), warm-up, then the
 * measured requests, one after another, as the k6 scenarios do. (Interleaving the endpoints
 * would measure a mixed workload instead, each request after another dashboard's.) With several
 * sizes, all their servers run at once and each endpoint's measured requests go to them in turn,
 * BLOCK at a time: the sizes share the VM's fast and slow spells (its speed drifts by ±20–30 %
 * over minutes), so the growth ratio compares like with like, where one size after the other
 * put each in its own spell (the same code gave 50 M / 10 M ratios from 1.1 to 1.9 run to run).
 */
const BLOCK = 10;

async function measure(servers: SizeServer[]): Promise<SizeResult[]> {
  const endpoints = servers.map(() => new Map<string, Measured>());
  const reads = servers.map(() => new Map<string, string>());
  for (const path of ENDPOINTS) {
    const firsts: number[] = [];
    for (const [s, server] of servers.entries()) {
      firsts.push(await server.request(path));
      await server.settle(path);
      reads[s]!.set(path, await server.reads(path));
      for (let i = 1; i < WARMUP; i++) await server.request(path);
    }
    const times = servers.map((): number[] => []);
    const cpu = servers.map((): number | null => 0);
    for (let done = 0; done < REQUESTS; done += BLOCK)
      for (const [s, server] of servers.entries()) {
        const before = server.cpu();
        for (let i = done; i < Math.min(done + BLOCK, REQUESTS); i++) times[s]!.push(await server.request(path));
        const after = server.cpu();
        cpu[s] = before === null || after === null || cpu[s] === null ? null : cpu[s]! + after - before;
      }
    for (const [s, measured] of times.entries()) {
      measured.sort((a, b) => a - b);
      const perRequest = cpu[s] === null ? null : cpu[s]! / REQUESTS;
      endpoints[s]!.set(path, { first: firsts[s]!, p50: percentile(measured, 50), p95: percentile(measured, 95), cpu: perRequest });
    }
  }
  return servers.map((server, s) => ({
    events: server.events,
    name: server.name,
    generatedMs: server.generatedMs(),
    diskBytes: diskBytes(join(server.dataDir, 'clickhouse')),
    endpoints: endpoints[s]!,
    reads: reads[s]!,
  }));
}

function printTable(header: string[], rawRows: string[][]): void {
  const rows = rawRows.map((r) => header.map((_, i) => r[i] ?? ''));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const r of [header, ...rows]) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));
}

// One server per size (started one after another: a size's data may need generating first).
const servers: SizeServer[] = [];
let results: SizeResult[];
/** The machine's load (1, 5, 15 minutes) as the measured requests began and ended: the VM is shared. */
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
let loads: [string, string] = ['', ''];
try {
  for (const events of sizes) servers.push(await startSize(events));
  if (against) servers.push(await startSize(sizes[0]!, against));
  loads = [load(), ''];
  results = await measure(servers);
  loads[1] = load();
} finally {
  for (const server of servers) await server.stop();
}

console.log(
  `\nDashboard benchmark (chDB, ${REQUESTS} sequential requests each after ${WARMUP} warm-up` +
    `${servers.length > 1 ? `, the ${against ? 'checkouts' : 'sizes'} in turn, ${BLOCK} requests at a time` : ''})`,
);
console.log(
  '"first": the first request, which on a new day (or new data) finds no stored closed days, answers from the whole period ' +
    'and computes them after its answer',
);
console.log(`load average (1 / 5 / 15 min): ${loads[0]} at the start, ${loads[1]} at the end`);
console.log(
  `"reads": the tables a Traffic view read; "${FROM_VISITS.trim()}": the same view read from the visits alone; ` +
    `"${FROM_SKETCHES.trim()}": its visitors merged from the hourly sketches (neither a target)\n`,
);
let pass = true;
const tenM = results.find((r) => r.events === 10_000_000);
for (const result of results) {
  console.log(`${result.name} events`);
  const atTarget = result.events === 10_000_000;
  printTable(
    [
      'endpoint',
      'first',
      'p50',
      'p95',
      'CPU/request',
      'reads',
      atTarget ? `p95 ≤ ${P95_TARGET_MS} ms (${FILTERED_P95_TARGET_MS} filtered), first ≤ ${FIRST_TARGET_MS} ms` : '',
    ],
    ENDPOINTS.map((path) => {
      const e = result.endpoints.get(path)!;
      const ok = e.p95 <= p95Target(path) && e.first <= FIRST_TARGET_MS;
      const target = atTarget && !isTwin(path);
      if (target) pass &&= ok;
      return [
        shown(path),
        ms(e.first),
        ms(e.p50),
        ms(e.p95),
        cpuMs(e.cpu),
        result.reads.get(path) ?? '',
        target ? (ok ? 'ok' : 'over') : '',
      ];
    }),
  );
  console.log('');
}
if (against) {
  const [mine, theirs] = results as [SizeResult, SizeResult];
  console.log(`Here against ${against}, measured in turn: p95, and the server's CPU time per request`);
  const change = (a: number | null, b: number | null) =>
    a === null || !b ? '—' : `${a > b ? '+' : ''}${Math.round((100 * (a - b)) / b)} %`;
  printTable(
    ['endpoint', 'p95 here', 'against', 'change', 'CPU here', 'against', 'change'],
    ENDPOINTS.map((path) => {
      const [a, b] = [mine.endpoints.get(path)!, theirs.endpoints.get(path)!];
      return [path, ms(a.p95), ms(b.p95), change(a.p95, b.p95), cpuMs(a.cpu), cpuMs(b.cpu), change(a.cpu, b.cpu)];
    }),
  );
} else if (results.length > 1) {
  const largest = results.at(-1)!;
  console.log(
    shape === 'traffic'
      ? 'Growth curve (traffic: sessions and visitors grow with the events): p95 per size'
      : "Growth curve (density: the 10 M data's 1 M sessions and 400 k visitors, longer visits): p95 per size",
  );
  printTable(
    [
      'endpoint',
      ...results.map((r) => label(r.events)),
      ...(tenM && largest !== tenM ? [`${label(largest.events)} / 10 M (≤ ${GROWTH_TARGET})`] : []),
    ],
    [
      ...ENDPOINTS.map((path) => {
        const large = largest.endpoints.get(path)!.p95;
        const base = tenM && largest !== tenM ? tenM.endpoints.get(path)!.p95 : null;
        const ratio = base === null ? null : large / base;
        const flat = base !== null && large - base <= GROWTH_NOISE_MS;
        if (ratio !== null && !isTwin(path)) pass &&= ratio <= GROWTH_TARGET || flat;
        const verdict = ratio === null || ratio <= GROWTH_TARGET ? '' : flat ? ` (within ${GROWTH_NOISE_MS} ms: flat)` : ' over';
        return [
          shown(path),
          ...results.map((r) => ms(r.endpoints.get(path)!.p95)),
          ...(ratio === null ? [] : [`${ratio.toFixed(2)}${verdict}`]),
        ];
      }),
      ['ClickHouse data on disk', ...results.map((r) => `${(r.diskBytes / 2 ** 20).toFixed(0)} MiB`)],
      ['generation (this run)', ...results.map((r) => (r.generatedMs === null ? 'reused' : `${(r.generatedMs / 1000).toFixed(0)} s`))],
    ],
  );
}
console.log(`\n${pass ? 'All targets met.' : 'Some targets missed.'}`);
process.exitCode = pass ? 0 : 1;
