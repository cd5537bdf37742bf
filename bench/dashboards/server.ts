// The product (embedded mode) on a data directory holding 10 M generated events, plus the
// funnels' leads and audits in Postgres. Generates only what is missing, so later runs
// start at once. Run by bench/dashboards/run.ts.
import { abSnapshots } from '@curb/analytics/dashboards/ab-testing';
import { snapshotSets } from '@curb/analytics/dashboards/catalog';
import { type ClosedDaysSnapshots, computeClosedDays } from '@curb/analytics/dashboards/closed-days';
import { retargetingSnapshots } from '@curb/analytics/dashboards/retargeting';
import { runStats } from '@curb/analytics/stats/index';
import { buildVisits, collapseVisits } from '@curb/analytics/visits';
import type { StatsQuery } from '@curb/contracts/stats';
import { loadConfig, listen, lockDataDir, openStores, runMain, stopOnSignals } from '@curb/runtime';
import { composeApp } from '../../services/launcher/src/compose.ts';
import { generateEvents, GROWTH_SHAPES, type GrowthShape } from './generate.ts';

const ROWS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const SHAPE = (process.env.BENCH_SHAPE ?? 'traffic') as GrowthShape;
if (!GROWTH_SHAPES.includes(SHAPE)) throw new Error(`BENCH_SHAPE is one of ${GROWTH_SHAPES.join(', ')}`);
const LEADS = 5000;

runMain(async () => {
  const config = loadConfig();
  const unlock = lockDataDir(config.DATA_DIR);
  const stores = await openStores(config, { allowEmbedded: true });
  const { ch } = stores;
  /** Waits (up to `limitMs`) until no merge runs, twice in a row 100 ms apart (a new part's merge starts soon after it). */
  const mergesDone = async (limitMs = 60_000) => {
    for (let quiet = 0, waited = 0; quiet < 2 && waited < limitMs; waited += 100) {
      const [{ n }] = (await ch.query<{ n: string }>('SELECT count() AS n FROM system.merges')) as [{ n: string }];
      quiet = Number(n) ? 0 : quiet + 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const [{ n }] = (await ch.query<{ n: string }>('SELECT count() AS n FROM events')) as [{ n: string }];
  if (Number(n) < ROWS) {
    const started = performance.now();
    await ch.command('TRUNCATE TABLE events');
    await generateEvents(ch, ROWS, SHAPE);
    process.stdout.write(`GENERATED ${ROWS} events in ${Math.round(performance.now() - started)} ms\n`);
  }
  // The visits of the generated events (or of those a migration's backfill handed over), built
  // before any request as the worker builds them every second in production.
  const builtFrom = performance.now();
  const days = await buildVisits(ch, { all: true });
  if (days) process.stdout.write(`VISITS built for ${days} days in ${Math.round(performance.now() - builtFrom)} ms\n`);
  // The merges of new parts (minutes after generating 50 M events, or a migration's backfill of
  // the kept events) would otherwise run beside the measured requests.
  await mergesDone(15 * 60_000);
  // Each visit as one row, as the worker's nightly step leaves every month but today's.
  await collapseVisits(ch, { all: true });
  const [count] = await stores.sql<{ leads: number }[]>`SELECT count(*)::int AS leads FROM leads`;
  if (count!.leads < LEADS) {
    // Leads over 90 days from the two seeded funnels' forms, each with a finished audit.
    await stores.sql`
      WITH l AS (
        INSERT INTO leads (form_id, source, business_name, email, website, created_at)
        SELECT CASE WHEN i % 3 = 0 THEN 'popup-image' ELSE 'inline-audit' END,
               CASE WHEN i % 3 = 0 THEN 'real-estate-marketing-report' ELSE 'Marketing Audit Page' END,
               'Business ' || i, 'owner' || i || '@example.com', 'https://business' || i || '.example',
               now() - (i % 90) * interval '1 day' - (i % 1440) * interval '1 minute'
        FROM generate_series(1, ${LEADS}) AS i
        RETURNING id, business_name, email, website
      )
      INSERT INTO audits (lead_id, report_id, business_name, email, website, status, report, email_sent)
      SELECT id, 'bench-' || id, business_name, email, website, 'done',
             jsonb_build_object('scores', jsonb_build_object('overall', 40 + (abs(hashtext(email)) % 60))), true
      FROM l`;
  }
  // As on a new day: nothing stored for the closed days, so each dashboard's first request answers from the whole period.
  const closedDays = snapshotSets(stores.ch.engine).flatMap((set) => set.queries.map((q) => q.table));
  for (const table of ['closed_days_runs', ...closedDays]) await stores.ch.command(`TRUNCATE TABLE IF EXISTS ${table}`);
  const app = await composeApp(config, stores);
  // The bench's own route (this server listens on loopback only): after a dashboard's first
  // request, the closed-days runs it started are awaited (computed once: a run in flight is
  // shared), and then the merges of the parts they wrote, so that the requests measured next
  // see the day as the worker leaves it after midnight, not a run or its merges still busy
  // beside them (with several sizes measured in turn, in another size's server too).
  // A period a set keeps no runs for is read whole: nothing to settle.
  const settle: Record<string, ClosedDaysSnapshots> = {
    '/api/analytics/ab-testing': abSnapshots(ch.engine),
    '/api/analytics/retargeting': retargetingSnapshots(ch.engine),
  };
  app.post<{ Querystring: { path: string } }>('/bench/settle', async (request) => {
    const endpoint = new URL(request.query.path, 'http://bench');
    const snapshots = settle[endpoint.pathname];
    const days = Number(endpoint.searchParams.get('days') ?? 30);
    const settled = Boolean(snapshots?.periods.includes(days));
    if (settled) await computeClosedDays(ch, snapshots!, days);
    await mergesDone();
    return { settled };
  });
  // A Traffic view as POST /api/stats answers it (in the owner's zone, which that answer names),
  // saying which tables it read (x-stats-read); `source=visits` reads the visits even where the
  // hourly rollup could answer, `source=sketches` counts visitors from the rollup's sketches
  // whatever the period holds, so they are timed in one run on one machine.
  app.post<{ Querystring: { source?: string; zone: string }; Body: StatsQuery }>('/bench/stats', async (request, reply) => {
    const read = new Set<string>();
    const answer = await runStats(ch, request.body, {
      timeZone: request.query.zone,
      source: request.query.source === 'visits' ? 'visits' : 'planned',
      ...(request.query.source === 'sketches' && { approximateFrom: { visits: 0, perHour: 0 } }),
      onRead: (table) => read.add(table),
    });
    reply.header('x-stats-read', [...read].sort().join(' '));
    return answer;
  });
  const url = await listen(app, config);
  process.stdout.write(`READY ${url}\n`);
  stopOnSignals(async () => {
    await app.close();
    await stores.close();
    unlock();
  }, config.SHUTDOWN_TIMEOUT_MS);
});
