// Audit engine benchmarks on sites served on loopback (no network needed; the site runs in a
// process of its own, bench/audit/site.ts, so the CPU figures are the audit's alone):
//   free audit of a one-page site (fetch + every check + report), without Lighthouse: ≤ 1.5 s
//   advanced audit of a 20-page site (crawl + checks + result), without Lighthouse: ≤ 10 s,
//   and ≤ 150 ms of CPU per crawled page (this process's user + system time over the run)
// `pnpm bench:audit` prints a table; `-- --lighthouse` also times, when Chromium is installed,
// one Lighthouse-powered free audit (informational: about 20 s on 2 cores) and one 20-page
// advanced audit with Lighthouse as the API runs it (25 s lab budget): ≤ 30 s.
import { advancedResultOf, analyseSite, buildReport, findChrome } from '@curb/audit';
import { startBenchServer } from '../child.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { min: s[0]!, median: at(0.5), p95: at(0.95), max: s[s.length - 1]! };
}

async function time(fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  await fn(); // warm-up: module loading and JIT are not what is measured
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

const server = await startBenchServer('bench/audit/site.ts', {});
const site = { url: server.url };

const rows: Array<{ benchmark: string; runs: number; min: string; median: string; p95: string; max: string; target: string; ok: string }> =
  [];
const row = (benchmark: string, ms: number[], targetMs: number) => {
  const s = stats(ms);
  rows.push({
    benchmark,
    runs: ms.length,
    min: `${Math.round(s.min)} ms`,
    median: `${Math.round(s.median)} ms`,
    p95: `${Math.round(s.p95)} ms`,
    max: `${Math.round(s.max)} ms`,
    target: `≤ ${targetMs} ms`,
    ok: s.max <= targetMs ? 'yes' : 'NO',
  });
};

try {
  const free = await time(async () => {
    const a = await analyseSite(site.url, { allowPrivateNetworks: true, lab: 'none' });
    buildReport({ reportId: 'bench', businessName: 'Jane Smith Realty', ctx: a.ctx, run: a.run, generatedAt: new Date() });
  }, RUNS);
  row('free audit, 1-page site, no Lighthouse', free, 1500);

  let crawled = 0;
  const cpuPerPage: number[] = [];
  const advancedOptions = {
    allowPrivateNetworks: true,
    maxPages: 20,
    // As the API runs it (services/api/src/routes/audit), loopback allowed.
    fetch: { crawlBudgetMs: 10_000, linkCheckLimit: 40, sitemapCheckLimit: 50, concurrency: 6 },
  } as const;
  const advanced = await time(
    async () => {
      const cpu = process.cpuUsage();
      const a = await analyseSite(site.url, { ...advancedOptions, lab: 'none' });
      crawled = advancedResultOf(a).pagesCrawled;
      const used = process.cpuUsage(cpu);
      cpuPerPage.push((used.user + used.system) / 1000 / crawled);
    },
    Math.max(3, Math.round(RUNS / 3)),
  );
  row(`advanced audit, ${crawled}-page site, no Lighthouse`, advanced, 10_000);
  // The warm-up run's CPU (module loading, first compilation) is not the audit's steady cost.
  row(`advanced audit, CPU per page, no Lighthouse`, cpuPerPage.slice(1), 150);

  if (process.argv.includes('--lighthouse')) {
    const chrome = findChrome(process.env.CHROME_PATH);
    if (chrome) {
      let lighthouse = false;
      const lab = await time(async () => {
        const a = await analyseSite(site.url, { allowPrivateNetworks: true, lab: 'lighthouse', chromePath: chrome, labBudgetMs: 90_000 });
        lighthouse = a.ctx.lab.lighthouse;
      }, 1);
      row(`free audit with Lighthouse (${lighthouse ? 'measured' : 'fell back to estimates'})`, lab, 90_000);
      let pages = 0;
      const advancedLab = await time(async () => {
        const a = await analyseSite(site.url, { ...advancedOptions, lab: 'lighthouse', chromePath: chrome, labBudgetMs: 25_000 });
        lighthouse = a.ctx.lab.lighthouse;
        pages = advancedResultOf(a).pagesCrawled;
      }, 1);
      row(
        `advanced audit, ${pages}-page site, with Lighthouse (${lighthouse ? 'measured' : 'fell back to estimates'})`,
        advancedLab,
        30_000,
      );
    } else console.log('Chromium not found: Lighthouse benchmark skipped.');
  }
} finally {
  await server.stop();
}

console.table(rows);
if (rows.some((r) => r.ok === 'NO')) process.exitCode = 1;
