// pnpm tsx bench/dashboards/closed-days-worth.ts — what the closed-days runs would buy each
// dashboard that keeps them, at every period (those it keeps runs for are marked), on the
// dashboards bench's 10 M events (bench/.data, made by `pnpm bench:dashboards`): per dashboard
// and period, the time of its closed-days reads as a request makes them with today's runs stored
// (the status statement, then each snapshot over its run and the days it leaves open) against
// the same reads over the whole period, with no run. BENCH_REQUESTS rounds (20 by default)
// alternate the two after a warm-up; p50 and p95 in ms, and the CPU time each read took (p50, ms
// of all threads). A machine shared with other work distorts the times far more than the CPU:
// run it quiet, and read the load average it prints.
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { openClickHouse } from '@curb/analytics';
import { snapshotSets } from '@curb/analytics/dashboards/catalog';
import { closedDaysSnapshots, computeClosedDays, readClosedDays } from '@curb/analytics/dashboards/closed-days';
import { PERIOD_DAYS } from '@curb/contracts/analytics';
import { percentile, REPO_ROOT } from '../child.ts';

const ROUNDS = Number(process.env.BENCH_REQUESTS ?? 20);

const ch = await openClickHouse({
  kind: 'embedded',
  path: join(REPO_ROOT, 'bench', '.data', 'dashboards-10M', 'clickhouse'),
  database: 'curb',
  poolSize: 8,
  maxThreads: availableParallelism(),
});

/** A read's wall time, and the CPU time this process (chDB runs in it) spent meanwhile: the load of other work moves the first far more. */
const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await work();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
};
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
console.log(`load average at start: ${load()}`);
console.log(
  '| snapshots (kinds) | days | runs kept | with runs p50 / p95 | whole period p50 / p95 | runs save at p95 | CPU p50, runs / whole |',
);
console.log('|---|---:|---|---:|---:|---:|---:|');
try {
  for (const kept of snapshotSets(ch.engine)) {
    const kinds = kept.queries.map((q) => q.kind).join(', ');
    // The same snapshots with runs at every period, to measure those the product reads whole too.
    const snapshots = closedDaysSnapshots(ch.engine, kept.queries, PERIOD_DAYS);
    for (const days of PERIOD_DAYS) {
      await computeClosedDays(ch, snapshots, days);
      const withRuns = () => readClosedDays(ch, snapshots, days);
      const whole = () => Promise.all(snapshots.queries.map((q) => ch.query(snapshots.read(q, days))));
      await withRuns();
      await whole();
      const a: { wall: number; cpu: number }[] = [];
      const b: { wall: number; cpu: number }[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        a.push(await timed(withRuns));
        b.push(await timed(whole));
      }
      const [runs, all] = [summary(a.map((t) => t.wall)), summary(b.map((t) => t.wall))];
      const cpu = [summary(a.map((t) => t.cpu)).p50, summary(b.map((t) => t.cpu)).p50].map((n) => n.toFixed(0)).join(' / ');
      const saved = Math.round((100 * (all.p95 - runs.p95)) / all.p95);
      const ms = (s: { p50: number; p95: number }) => `${s.p50.toFixed(0)} / ${s.p95.toFixed(0)}`;
      const keeps = kept.periods.includes(days) ? 'yes' : 'no';
      console.log(`| ${kinds} | ${days} | ${keeps} | ${ms(runs)} | ${ms(all)} | ${saved} % | ${cpu} |`);
    }
  }
  console.log(`load average at end: ${load()}`);
} finally {
  await ch.close();
}
