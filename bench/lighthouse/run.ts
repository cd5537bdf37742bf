// `pnpm bench:lighthouse`: Lighthouse 12.8.2 (mobile preset, simulated throttling) with
// Debian Chromium against the built app started as `pnpm start` runs it. Prints the four
// category scores for the home page, services, a case study and the free audit page, and
// the gzip size of the JavaScript the home page loads. Targets: performance >= 95, SEO 100,
// accessibility >= 95, best practices >= 95, home JS <= 150 KB gzip.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { caseStudies } from '@curb/content';
import { freePort } from '@curb/runtime/free-port';
import { REPO_ROOT, startProduct } from '../../test/process.ts';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DIST = join(REPO_ROOT, 'web', 'dist');
const PAGES = ['/', '/services', `/blog/${caseStudies[0]!.id}`, '/marketing-audit'];
const CATEGORIES = ['performance', 'seo', 'accessibility', 'best-practices'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, seo: 100, accessibility: 95, 'best-practices': 95 };
const JS_BUDGET_KB = 150;

// The page template and the server render the api renders every public page with.
if (!existsSync(join(DIST, '_pages', 'manifest.json')) || !existsSync(join(DIST, '..', 'build', 'ssr', 'entry-server.js'))) {
  throw new Error('The web app is not built: run `pnpm build` first.');
}

async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'curb-lh-chrome-'));
  const child = spawn(
    CHROME,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Gzip size of the app's own scripts a page requested (the server may send them uncompressed). */
function scriptGzipKb(requests: Array<{ url: string; resourceType?: string }>): number {
  let bytes = 0;
  for (const { url, resourceType } of requests) {
    if (resourceType !== 'Script') continue;
    const file = join(DIST, new URL(url).pathname);
    if (existsSync(file)) bytes += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return Math.round((bytes / 1024) * 10) / 10;
}

const dataDir = mkdtempSync(join(tmpdir(), 'curb-lh-'));
const product = await startProduct(dataDir);
// If Lighthouse brings this process down, the product must not outlive it.
process.once('exit', () => product.child.kill('SIGINT'));
const rows: Array<Record<string, string | number>> = [];
let homeJs = 0;
let chrome: Awaited<ReturnType<typeof startChromium>> | undefined;
try {
  chrome = await startChromium();
  for (const path of PAGES) {
    const result = await lighthouse(`${product.url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { lhr } = result;
    const row: Record<string, string | number> = { page: path };
    for (const category of CATEGORIES) row[category] = Math.round((lhr.categories[category]?.score ?? 0) * 100);
    row.LCP = `${((lhr.audits['largest-contentful-paint']?.numericValue ?? 0) / 1000).toFixed(2)} s`;
    row.TBT = `${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0)} ms`;
    const requests =
      (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string }> } | undefined)?.items ?? [];
    row['JS gzip'] = `${scriptGzipKb(requests)} KB`;
    if (path === '/') homeJs = scriptGzipKb(requests);
    const failing = CATEGORIES.flatMap((c) =>
      Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && lhr.categories[c]?.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0))
        .map((a) => `${c}:${a.id}`),
    );
    if (failing.length) row.notes = [...new Set(failing)].slice(0, 6).join(' ');
    // A run Lighthouse could not complete scores 0: say why rather than report a 0.
    if (lhr.runtimeError) row.notes = `runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
    rows.push(row);
  }
} finally {
  await chrome?.stop();
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.table(rows);
const misses = rows.flatMap((row) =>
  CATEGORIES.filter((c) => Number(row[c]) < TARGETS[c]).map((c) => `${row.page} ${c} ${row[c]} < ${TARGETS[c]}`),
);
console.log(`Home page JavaScript: ${homeJs} KB gzip (budget ${JS_BUDGET_KB} KB)`);
if (homeJs > JS_BUDGET_KB) misses.push(`home JS ${homeJs} KB > ${JS_BUDGET_KB} KB`);
console.log(misses.length ? `Below target: ${misses.join('; ')}` : 'All targets met.');
process.exitCode = misses.length ? 1 : 0;
