// pnpm tsx bench/dashboards/traffic-threads.ts [views] — each Traffic view (traffic-views.ts)
// straight through the stats layer on the dashboards bench's 10 M events (bench/.data, made by
// `pnpm bench:dashboards`), with chDB reading on 1 thread, 2 threads and every core: the median
// and the slowest of BENCH_REQUESTS runs (5 by default) after one warm-up, and the median CPU
// time the process spent (chDB runs in it), which a machine shared with other work slows less.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { openClickHouse } from '@curb/analytics';
import { runStats } from '@curb/analytics/stats/index';
import type { StatsQuery } from '@curb/contracts/stats';
import { percentile, REPO_ROOT } from '../child.ts';
import { TRAFFIC_VIEWS } from './traffic-views.ts';

const RUNS = Number(process.env.BENCH_REQUESTS ?? 5);
const wanted = process.argv.slice(2).filter((a) => a !== '--');
const views = [...TRAFFIC_VIEWS].filter(([name]) => wanted.length === 0 || wanted.some((w) => name.includes(w)));
const threads = [...new Set([1, 2, availableParallelism()])];

console.log(`view | ${threads.map((t) => `${t} thread${t > 1 ? 's' : ''} p50 / max`).join(' | ')}`);
const results = new Map<string, string[]>();
for (const t of threads) {
  const ch = await openClickHouse({
    kind: 'embedded',
    path: join(REPO_ROOT, 'bench', '.data', 'dashboards-10M', 'clickhouse'),
    database: 'curb',
    poolSize: 1,
    maxThreads: t,
  });
  try {
    for (const [name, body] of views) {
      await runStats(ch, body as StatsQuery, { auditForms: ['inline-audit'] });
      const times: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const used = process.cpuUsage();
        await runStats(ch, body as StatsQuery, { auditForms: ['inline-audit'] });
        times.push(performance.now() - started);
        const spent = process.cpuUsage(used);
        cpu.push((spent.user + spent.system) / 1000);
      }
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      const cell = `${percentile(times, 50).toFixed(0)} / ${times.at(-1)!.toFixed(0)} ms (CPU ${percentile(cpu, 50).toFixed(0)} ms)`;
      console.log(`  ${name}, ${t} thread(s): ${cell}`);
      results.set(name, [...(results.get(name) ?? []), cell]);
    }
  } finally {
    await ch.close();
  }
}
for (const [name, cells] of results) console.log(`${name} | ${cells.join(' | ')}`);
