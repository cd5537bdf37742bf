// Audit engine benchmarks on sites served on loopback (no network needed):
//   free audit of a one-page site (fetch + 203 checks + report), without Lighthouse: ≤ 1.5 s
//   advanced audit of a 20-page site (crawl + checks + result), without Lighthouse: ≤ 10 s
// `pnpm bench:audit` prints a table; `-- --lighthouse` also times one Lighthouse-powered
// free audit when Chromium is installed (informational: about 20 s on 2 cores).
import { advancedResultOf, analyseSite, buildReport, findChrome } from '@curb/audit';
import { GOOD_HTML, goodInnerPage } from '../../test/audit/checks/good-site.ts';
import { startSite, type Route } from '../../test/audit/sites.ts';

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

// A local site: its absolute links point here, and its third-party scripts are served from
// here too (a DNS lookup of a real tag host would measure the resolver, not the audit).
const local = (html: string, base: string) =>
  html.replaceAll('https://janesmithrealty.com/', base).replace(/<script (async |defer )?src="https:\/\//g, `<script $1src="${base}ext/`);
const html: Record<string, string> = { '/': GOOD_HTML };
for (const path of ['/about', '/listings', '/home-value', '/contact', '/mortgage-calculator', '/privacy'])
  html[path] = goodInnerPage(path, `Page ${path.slice(1)}`).html;
html['/blog'] = goodInnerPage(
  '/blog',
  'Market Blog',
  Array.from({ length: 20 }, (_, i) => `<a href="/blog/post-${i}">Market update ${i}</a>`).join(' '),
).html;
for (let i = 0; i < 20; i++) html[`/blog/post-${i}`] = goodInnerPage(`/blog/post-${i}`, `Market update ${i}`).html;
const pages: Record<string, Route> = { '/robots.txt': 'User-agent: *\nAllow: /\nSitemap: /sitemap.xml\n' };
for (const [path, body] of Object.entries(html))
  pages[path] = (_req, res, s) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(local(body, s.url));

const site = await startSite(pages);
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
  const advanced = await time(
    async () => {
      const a = await analyseSite(site.url, {
        allowPrivateNetworks: true,
        lab: 'none',
        maxPages: 20,
        fetch: { crawlBudgetMs: 10_000, linkCheckLimit: 40, sitemapCheckLimit: 50, concurrency: 6 },
      });
      crawled = advancedResultOf(a).pagesCrawled;
    },
    Math.max(3, Math.round(RUNS / 3)),
  );
  row(`advanced audit, ${crawled}-page site, no Lighthouse`, advanced, 10_000);

  if (process.argv.includes('--lighthouse')) {
    const chrome = findChrome(process.env.CHROME_PATH);
    if (chrome) {
      let lighthouse = false;
      const lab = await time(async () => {
        const a = await analyseSite(site.url, { allowPrivateNetworks: true, lab: 'lighthouse', chromePath: chrome, labBudgetMs: 90_000 });
        lighthouse = a.ctx.lab.lighthouse;
      }, 1);
      row(`free audit with Lighthouse (${lighthouse ? 'measured' : 'fell back to estimates'})`, lab, 90_000);
    } else console.log('Chromium not found: Lighthouse benchmark skipped.');
  }
} finally {
  await site.close();
}

console.table(rows);
if (rows.some((r) => r.ok === 'NO')) process.exitCode = 1;
