// pnpm tsx bench/dashboards/visitor-sketches.ts [1M|10M] — what the hourly visitor sketches
// (ClickHouse migration 0054) cost and how far they are off, on the dashboards bench's data
// (bench/.data/dashboards-<size>, made by `pnpm bench:dashboards`; migrated here first):
// 1. per period (today to 90 days, the last stored hour's day being today), the visits it holds and the CPU
//    time of the Traffic page's visitor views through the stats layer, from the sketches and from
//    the visits, alternated in the same run: where the first is cheaper is where the planner
//    should switch (APPROXIMATE_FROM);
// 2. the sketches' counts against exact ones (uniqExact over the visits) for the same views;
// 3. precision 12 against 14: the same merges from a scratch table of precision-14 sketches.
// BENCH_REQUESTS rounds (9 by default), p50 of the CPU time (ms, all threads: chDB runs in this
// process). A shared machine moves wall times far more than CPU: read the load average printed.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { migrateClickHouse, openClickHouse } from '@curb/analytics';
import { runStats, type StatsContext } from '@curb/analytics/stats/index';
import { planQuery } from '@curb/analytics/stats/query';
import type { StatsQuery } from '@curb/contracts/stats';
import { percentile, REPO_ROOT } from '../child.ts';

const ROUNDS = Number(process.env.BENCH_REQUESTS ?? 9);
const SIZE = process.argv[2] ?? '10M';
const ZONE = 'UTC';

const ch = await openClickHouse({
  kind: 'embedded',
  path: join(REPO_ROOT, 'bench', '.data', `dashboards-${SIZE}`, 'clickhouse'),
  database: 'curb',
  poolSize: 2,
  maxThreads: 1,
});

const cpuOf = async (work: () => Promise<unknown>) => {
  const cpu = process.cpuUsage();
  await work();
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000;
};
const p50 = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const one = async (sql: string) => Number((await ch.query<{ n: string }>(sql))[0]!.n);

/** The Traffic page's views that count visitors and that the sketches can answer (bench/dashboards/traffic-views.ts). */
const VIEWS: Record<string, Omit<StatsQuery, 'date_range'>> = {
  figures: { metrics: ['visitors', 'visits', 'pageviews', 'views_per_visit', 'bounce_rate', 'visit_duration'] },
  chart: { metrics: ['visitors'], dimensions: ['time:day'] },
  sources: { metrics: ['visitors', 'bounce_rate'], dimensions: ['visit:source'], pagination: { limit: 10 } },
  devices: { metrics: ['visitors', 'percentage'], dimensions: ['visit:device'], pagination: { limit: 10 } },
};

try {
  console.log(`load average at start: ${load()}`);
  const started = performance.now();
  const applied = await migrateClickHouse(ch);
  if (applied.length) console.log(`migrated ${applied.join(', ')} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  // "Now": the end of the last stored visit's hour, so every period ends on whole hours.
  const last = await one("SELECT toString(toUnixTimestamp(max(hour)) + 3600) AS n FROM visit_hours WHERE dimension = ''");
  const now = last * 1000;
  const base: StatsContext = { timeZone: ZONE, now };

  console.log('\n| period | visits (per hour) | view | CPU from sketches | CPU from visits |');
  console.log('|---|---:|---|---:|---:|');
  for (const date_range of ['day', '7d', '30d', '90d'] as const) {
    const visits = Number((await runStats(ch, { metrics: ['visits'], date_range }, base)).results[0]?.metrics[0] ?? 0);
    const { range } = planQuery({ metrics: ['visits'], date_range }, { timeZone: ZONE, now, goals: [] });
    const perHour = Math.round(visits / ((range.to - range.from) / 3_600_000));
    for (const [name, view] of Object.entries(VIEWS)) {
      const query = { ...view, date_range };
      const sketch = () => runStats(ch, query, { ...base, approximateFrom: { visits: 0, perHour: 0 } });
      const exact = () => runStats(ch, query, { ...base, source: 'visits' });
      await sketch();
      await exact();
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        a.push(await cpuOf(sketch));
        b.push(await cpuOf(exact));
      }
      console.log(`| ${date_range} | ${visits} (${perHour}) | ${name} | ${p50(a).toFixed(1)} ms | ${p50(b).toFixed(1)} ms |`);
    }
  }

  // How far off: the sketches' visitors against exact distinct counts over the visits (30 days).
  const since = `toDateTime(${last - 30 * 86400}, 'UTC')`;
  const exactBy = async (expr: string) =>
    new Map(
      (
        await ch.query<{ k: string; n: string }>(
          `SELECT ${expr} AS k, toString(uniqExact(visitor)) AS n FROM visits WHERE start >= ${since} AND sign > 0 GROUP BY k`,
        )
      ).map((r) => [r.k, Number(r.n)]),
    );
  const sketchBy = async (table: string, dimension: string, precision: number) =>
    new Map(
      (
        await ch.query<{ k: string; n: string }>(
          `SELECT ${dimension === 'visit:day' ? 'toString(toDate(hour))' : 'value'} AS k,
                  toString(uniqCombinedMerge(${precision})(visitors)) AS n
           FROM ${table} WHERE dimension = '${dimension === 'visit:day' ? '' : dimension}' AND hour >= ${since} GROUP BY k`,
        )
      ).map((r) => [r.k, Number(r.n)]),
    );
  const CUTS: Array<[string, string, string]> = [
    ['whole period', '', "''"],
    ['per day', 'visit:day', 'toString(toDate(start))'],
    [
      'per device',
      'visit:device',
      "multiIf(device = 'mobile', 'Mobile', device = 'tablet', 'Tablet', device = 'desktop', 'Desktop', '(not set)')",
    ],
    ['per source', 'visit:source', 'toString(source)'],
  ];
  // A scratch table of precision-14 sketches for the same cuts, to weigh the precision.
  await ch.command('DROP TABLE IF EXISTS bench_sketch14');
  await ch.command(`CREATE TABLE bench_sketch14 (hour DateTime('UTC'), dimension String, value String,
    visitors AggregateFunction(uniqCombined(14), UInt64)) ENGINE = AggregatingMergeTree ORDER BY (dimension, hour, value)
    SETTINGS index_granularity = 128`);
  await ch.command(`INSERT INTO bench_sketch14 SELECT toStartOfHour(toDateTime(start, 'UTC')) AS hour, d.1 AS dimension, d.2 AS value,
    uniqCombinedStateIf(14)(visitor, sign > 0) FROM visits
    ARRAY JOIN [('', ''), ('visit:device', ${CUTS[2]![2]}), ('visit:source', ${CUTS[3]![2]})] AS d GROUP BY hour, dimension, value`);
  console.log('\n| cut (30 days) | exact visitors (largest row) | precision 12: largest error, mean error, CPU | precision 14: same |');
  console.log('|---|---:|---:|---:|');
  for (const [name, dimension, expr] of CUTS) {
    const exact = await exactBy(expr);
    const cells: string[] = [];
    for (const [table, precision] of [
      ['visit_hours', 12],
      ['bench_sketch14', 14],
    ] as const) {
      const read = () => sketchBy(table, dimension, precision);
      const got = await read();
      const errors = [...exact].filter(([, n]) => n >= 100).map(([k, n]) => Math.abs((got.get(k) ?? 0) - n) / n);
      const cpu: number[] = [];
      for (let i = 0; i < ROUNDS; i++) cpu.push(await cpuOf(read));
      const mean = errors.reduce((a, b) => a + b, 0) / (errors.length || 1);
      cells.push(`${(100 * Math.max(0, ...errors)).toFixed(2)} %, ${(100 * mean).toFixed(2)} %, ${p50(cpu).toFixed(1)} ms`);
    }
    console.log(`| ${name} | ${Math.max(...exact.values())} | ${cells.join(' | ')} |`);
  }
  await ch.command('DROP TABLE IF EXISTS bench_sketch14');
  console.log(`\nload average at end: ${load()}`);
} finally {
  await ch.close();
}
