// The public audit endpoints on the composed server and real stores: report states and
// view counting, the open pixel, the PDF, the quick lookup (cache, shared in-flight) and
// the advanced SEO audit of a 20-page site.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pdfRenderPool } from '@curb/audit/pdf/render-pool';
import { Value } from '@sinclair/typebox/value';
import { AdvancedAuditResultSchema, AuditReportSchema, QuickLookupResultSchema } from '@curb/contracts/audit';
import type { Stores } from '@curb/runtime';
import { adminHeaders } from '../admin-login.ts';
import { composeApp } from '../../services/launcher/src/compose.ts';
import { createTestStores, jsonPoster, testConfig } from '../harness.ts';
import { GOOD_HTML, goodInnerPage } from './checks/good-site.ts';
import { contextOf } from './checks/harness.ts';
import { runChecks } from '@curb/audit/checks/registry';
import { buildReport } from '@curb/audit/report/build';
import { startSite, type TestSite } from './sites.ts';

let app: Awaited<ReturnType<typeof composeApp>>;
let stores: Stores;
let site: TestSite;
let ip = 1;
const get = (url: string) => app.inject({ method: 'GET', url, remoteAddress: `10.1.0.${ip++}` });
const post = jsonPoster(() => app, '10.1.1.');
const newId = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');

async function insertAudit(
  status: string,
  extra: { report?: unknown; error?: string; progress?: number; stage?: string; openToken?: string } = {},
) {
  const reportId = newId();
  const [row] = await stores.sql<{ id: string }[]>`
    INSERT INTO audits (report_id, business_name, email, website, source, status, report, error, progress, stage, open_token)
    VALUES (${reportId}, 'Jane Smith Realty', 'Jane@Example.com', 'https://janesmithrealty.com/', 'test', ${status},
            ${extra.report ? stores.sql.json(extra.report as never) : null}, ${extra.error ?? null}, ${extra.progress ?? 0},
            ${extra.stage ?? ''}, ${extra.openToken ?? null})
    RETURNING id`;
  return { id: row!.id, reportId };
}

function goodReport(reportId: string) {
  const ctx = contextOf();
  return buildReport({
    reportId,
    businessName: 'Jane Smith Realty',
    ctx,
    run: runChecks(ctx),
    generatedAt: new Date('2026-11-15T12:00:00Z'),
  });
}

beforeAll(async () => {
  stores = await createTestStores();
  app = await composeApp(testConfig({ AUDIT_ALLOW_PRIVATE_NETWORKS: 'true', CHROME_PATH: '/nonexistent/chromium' }), stores);
  await app.ready();
  const routes: Record<string, string> = { '/': GOOD_HTML };
  for (const path of ['/about', '/listings', '/home-value', '/blog', '/contact', '/mortgage-calculator', '/privacy'])
    routes[path] = goodInnerPage(path, `Page ${path.slice(1)}`).html;
  for (let i = 0; i < 14; i++)
    routes[`/blog/post-${i}`] = goodInnerPage(
      `/blog/post-${i}`,
      `Market update ${i}`,
      `Read <a href="/blog/post-${i + 1}">the next update</a>.`,
    ).html;
  routes['/blog'] = goodInnerPage(
    '/blog',
    'Market Blog',
    Array.from({ length: 14 }, (_, i) => `<a href="/blog/post-${i}">Market update ${i}</a>`).join(' '),
  ).html;
  site = await startSite(routes);
});
afterAll(async () => {
  await site?.close();
  await app?.close();
  await stores?.close();
});

describe('GET /api/audit-report/:reportId', () => {
  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of [newId(), 'short', 'x'.repeat(90), '..%2F..%2Fetc']) {
      const res = await get(`/api/audit-report/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Report not found' });
    }
  });

  it('shows a queued or running audit as pending with its progress', async () => {
    const queued = await insertAudit('queued');
    expect((await get(`/api/audit-report/${queued.reportId}`)).json()).toEqual({
      status: 'pending',
      progress: 2,
      stage: 'Waiting to start',
      businessName: 'Jane Smith Realty',
    });
    const running = await insertAudit('running', { progress: 45, stage: 'Measuring speed in a browser' });
    expect((await get(`/api/audit-report/${running.reportId}`)).json()).toMatchObject({
      status: 'pending',
      progress: 45,
      stage: 'Measuring speed in a browser',
    });
  });

  it('fails an audit still pending after an hour (a lost job never leaves the page waiting)', async () => {
    const stale = await insertAudit('running', { progress: 45 });
    await stores.sql`UPDATE audits SET created_at = now() - interval '2 hours' WHERE id = ${stale.id}`;
    expect((await get(`/api/audit-report/${stale.reportId}`)).json()).toMatchObject({
      status: 'failed',
      error: 'The analysis did not finish. Please request a new audit.',
    });
    const [row] = await stores.sql`SELECT status FROM audits WHERE id = ${stale.id}`;
    expect(row!.status).toBe('failed');
  });

  it('shows a failed audit with its reason', async () => {
    const failed = await insertAudit('failed', { error: 'janesmithrealty.com did not respond within 10 seconds.' });
    expect((await get(`/api/audit-report/${failed.reportId}`)).json()).toEqual({
      status: 'failed',
      error: 'janesmithrealty.com did not respond within 10 seconds.',
      businessName: 'Jane Smith Realty',
      website: 'https://janesmithrealty.com/',
    });
  });

  it('keeps report views in PostgreSQL while ClickHouse refuses them, and delivers each once after', async () => {
    const reportId = newId();
    const { id } = await insertAudit('done', { report: goodReport(reportId) });
    await stores.sql`UPDATE audits SET report_id = ${reportId} WHERE id = ${id}`;
    const count = async () =>
      Number(
        (
          await stores.ch.query<{ n: string }>(
            "SELECT count() AS n FROM events WHERE name = 'report_view' AND props['reportId'] = {reportId:String}",
            { reportId },
          )
        )[0]!.n,
      );
    // How many times ClickHouse was asked for a table it lacks: each failed drain round adds one.
    const missingTable = async () =>
      Number((await stores.ch.query<{ n: string }>("SELECT sum(value) AS n FROM system.errors WHERE name = 'UNKNOWN_TABLE'"))[0]?.n ?? 0);
    // ClickHouse without its events table: every insert fails, as during an outage.
    await stores.ch.command('RENAME TABLE events TO events_offline');
    try {
      const failedBefore = await missingTable();
      expect((await get(`/api/audit-report/${reportId}`)).statusCode).toBe(200);
      await expect.poll(missingTable, { timeout: 10_000 }).toBeGreaterThanOrEqual(failedBefore + 2); // two drain rounds fail
      const [waiting] = await stores.sql<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM event_outbox WHERE row->'props'->>'reportId' = ${reportId}`;
      expect(waiting!.n).toBe(1);
    } finally {
      await stores.ch.command('RENAME TABLE events_offline TO events');
    }
    await expect.poll(count, { timeout: 10_000 }).toBe(1);
    // The row leaves the outbox when the drain's transaction commits, just after the insert.
    const waiting = async () =>
      (await stores.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM event_outbox WHERE row->'props'->>'reportId' = ${reportId}`)[0]!.n;
    await expect.poll(waiting, { timeout: 5000 }).toBe(0);
    expect(await count()).toBe(1);
  });

  it('returns a ready report, counts the view and records a report_view event', async () => {
    const reportId = newId();
    const { id } = await insertAudit('done', { report: goodReport(reportId) });
    await stores.sql`UPDATE audits SET report_id = ${reportId} WHERE id = ${id}`;
    const res = await get(`/api/audit-report/${reportId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.status).toBe('ready');
    expect([...Value.Errors(AuditReportSchema, body.report)]).toEqual([]);
    await get(`/api/audit-report/${reportId}`);
    const [row] = await stores.sql`SELECT report_viewed, report_view_count, report_viewed_at FROM audits WHERE id = ${id}`;
    expect(row).toMatchObject({ report_viewed: true, report_view_count: 2 });
    // The collector moves the api's events from the PostgreSQL outbox within a second or so.
    const viewEvents = () =>
      stores.ch.query<{ name: string; email: string; path: string; page_group: string }>(
        "SELECT name, email, path, page_group FROM events WHERE name = 'report_view' AND props['reportId'] = {reportId:String}",
        { reportId },
      );
    await expect.poll(async () => (await viewEvents()).length, { timeout: 10_000 }).toBe(2);
    const events = await viewEvents();
    expect(events[0]).toEqual({
      name: 'report_view',
      email: 'jane@example.com',
      path: `/audit-report/${reportId}`,
      page_group: 'Marketing',
    });

    const pdf = await get(`/api/audit-report/${reportId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 30_000);

  it('renders a report PDF once, off the event loop, for any number of concurrent downloads', async () => {
    const reportId = newId();
    const { id } = await insertAudit('done', { report: goodReport(reportId) });
    await stores.sql`UPDATE audits SET report_id = ${reportId} WHERE id = ${id}`;
    const pool = pdfRenderPool();
    const render = vi.spyOn(pool, 'render');
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    try {
      const downloads = await Promise.all(Array.from({ length: 12 }, () => get(`/api/audit-report/${reportId}/pdf`)));
      delay.disable();
      expect(downloads.map((d) => d.statusCode)).toEqual(Array(12).fill(200));
      expect(new Set(downloads.map((d) => d.rawPayload.toString('base64'))).size).toBe(1);
      expect(render).toHaveBeenCalledTimes(1);
      // Laying out a report takes the CPU for hundreds of milliseconds; none of it here.
      expect(delay.max / 1e6).toBeLessThan(150);
      expect((await get(`/api/audit-report/${reportId}/pdf`)).statusCode).toBe(200);
      expect(render).toHaveBeenCalledTimes(1);
    } finally {
      render.mockRestore();
    }
  }, 30_000);

  it('counts the redirect view right after submitting as a view, and a return later as a conversion', async () => {
    const converted = async (id: string) =>
      (await stores.sql`SELECT report_converted_at IS NOT NULL AS c, report_viewed FROM audits WHERE id = ${id}`)[0]!;
    const fresh = await insertAudit('done', { report: goodReport('r') });
    await stores.sql`UPDATE audits SET completed_at = now() - interval '5 seconds' WHERE id = ${fresh.id}`;
    expect((await get(`/api/audit-report/${fresh.reportId}`)).statusCode).toBe(200);
    expect(await converted(fresh.id)).toEqual({ c: false, report_viewed: true });
    await stores.sql`UPDATE audits SET completed_at = now() - interval '2 minutes' WHERE id = ${fresh.id}`;
    expect((await get(`/api/audit-report/${fresh.reportId}`)).statusCode).toBe(200);
    expect(await converted(fresh.id)).toEqual({ c: true, report_viewed: true });
  });

  it("names the owner's booking link from the settings on the PDF's cover and last page, with a number on every page", async () => {
    const reportId = newId();
    const { id } = await insertAudit('done', { report: goodReport(reportId) });
    await stores.sql`UPDATE audits SET report_id = ${reportId} WHERE id = ${id}`;
    const booking = 'https://calendly.com/morgan-ellis/strategy-call';
    // Set by the owner in the admin's settings, as a new setting category.
    const admin = await adminHeaders(app, stores);
    const put = async (value: string) => {
      const { version } = (await app.inject({ url: '/api/admin/settings/contact', headers: admin })).json() as { version: number };
      return app.inject({
        method: 'PUT',
        url: '/api/settings/contact',
        payload: { values: { booking_url: value }, baseVersion: version },
        headers: admin,
      });
    };
    expect((await put('http://insecure.example/book')).statusCode).toBe(400);
    expect((await put(booking)).json().values).toEqual([{ key: 'booking_url', value: booking }]);
    try {
      const pdf = await get(`/api/audit-report/${reportId}/pdf`);
      expect(pdf.statusCode).toBe(200);
      const dir = mkdtempSync(join(tmpdir(), 'curb-pdf-'));
      try {
        writeFileSync(join(dir, 'r.pdf'), pdf.rawPayload);
        const pages = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' })
          .split('\f')
          .slice(0, -1);
        expect(pages[0]).toContain(booking);
        expect(pages.at(-1)).toContain(booking);
        for (const [i, text] of pages.entries()) expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } finally {
      await put('');
    }
  }, 30_000);

  it("dates the report page's answer and the PDF in the owner's time zone", async () => {
    const reportId = newId();
    const { id } = await insertAudit('done', { report: goodReport(reportId) });
    await stores.sql`UPDATE audits SET report_id = ${reportId} WHERE id = ${id}`;
    const admin = await adminHeaders(app, stores);
    const put = async (value: string) => {
      const { version } = (await app.inject({ url: '/api/admin/settings/traffic', headers: admin })).json() as { version: number };
      return app.inject({
        method: 'PUT',
        url: '/api/settings/traffic',
        payload: { values: { time_zone: value }, baseVersion: version },
        headers: admin,
      });
    };
    const pdfText = async () => {
      const dir = mkdtempSync(join(tmpdir(), 'curb-pdf-'));
      try {
        writeFileSync(join(dir, 'r.pdf'), (await get(`/api/audit-report/${reportId}/pdf`)).rawPayload);
        return execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    // Unset: UTC, where the report was generated at noon on the 15th.
    expect((await get(`/api/audit-report/${reportId}`)).json().timeZone).toBe('UTC');
    expect(await pdfText()).toContain('November 15, 2026, 12:00 PM UTC');
    // An owner on the far side of the date line: already the 16th.
    expect((await put('Pacific/Kiritimati')).statusCode).toBe(200);
    try {
      expect((await get(`/api/audit-report/${reportId}`)).json().timeZone).toBe('Pacific/Kiritimati');
      const text = await pdfText();
      expect(text).toContain('November 16, 2026, 2:00 AM GMT+14');
      expect(text).not.toContain('November 15, 2026');
    } finally {
      await put('');
    }
  }, 30_000);

  it('refuses the PDF of a report that is not ready', async () => {
    const queued = await insertAudit('queued');
    expect((await get(`/api/audit-report/${queued.reportId}/pdf`)).statusCode).toBe(409);
  });
});

describe('GET /api/email/open/:token', () => {
  it('answers a transparent GIF, sets emailOpened once and records email_open events', async () => {
    const token = newId();
    const { id, reportId } = await insertAudit('done', { report: goodReport('r'), openToken: token });
    for (let i = 0; i < 2; i++) {
      const res = await get(`/api/email/open/${token}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(res.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    }
    const [row] = await stores.sql`SELECT email_opened, email_opened_at FROM audits WHERE id = ${id}`;
    expect(row!.email_opened).toBe(true);
    const opens = () =>
      stores.ch.query("SELECT name FROM events WHERE name = 'email_open' AND props['reportId'] = {reportId:String}", { reportId });
    await expect.poll(async () => (await opens()).length, { timeout: 10_000 }).toBe(2);
  });

  it('answers the same GIF for unknown or malformed tokens and changes nothing', async () => {
    for (const token of [newId(), 'nope', '%00']) {
      const res = await get(`/api/email/open/${token}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
    }
  });
});

describe('POST /api/quick-company-lookup', () => {
  it('analyses a website and caches the result per normalised URL', async () => {
    const res = await post('/api/quick-company-lookup', { url: site.url });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect([...Value.Errors(QuickLookupResultSchema, body)]).toEqual([]);
    expect(body).toMatchObject({
      companyName: 'Jane Smith Realty',
      businessType: 'Real Estate Agent',
      location: 'Arlington, VA',
      lighthousePowered: false,
      hasAnalytics: true,
      mobileOptimized: true,
      enrichmentMethod: 'url-provided',
    });
    // The report's SEO score of the page, not the four basics' 100 alone: this loopback copy of the
    // good site fails a few SEO checks (no sitemap, a canonical naming another host).
    expect(body.seoScore).toBe(83);
    const before = site.hits.get('/');
    const again = await post('/api/quick-company-lookup', { url: `${site.origin}` });
    expect(again.json()).toEqual(body);
    expect(site.hits.get('/')).toBe(before);
  });

  it('shares one analysis between concurrent requests for the same site', async () => {
    const url = `${site.origin}/contact`;
    const before = site.hits.get('/contact') ?? 0;
    const results = await Promise.all([1, 2, 3].map(() => post('/api/quick-company-lookup', { url })));
    expect(results.map((r: { statusCode: number }) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results[1]!.json()).toEqual(results[0]!.json());
    // One GET of the page itself (its own nav link to /contact is known from that fetch).
    expect((site.hits.get('/contact') ?? 0) - before).toBe(1);
  });

  it('answers a name-only lookup with the name', async () => {
    const res = await post('/api/quick-company-lookup', { companyName: '  Acme   Homes ' });
    expect(res.json()).toMatchObject({ companyName: 'Acme Homes', website: null, seoIssues: [], enrichmentMethod: 'company-lookup' });
  });

  it('refuses bad input with a 4xx and a clear message', async () => {
    expect((await post('/api/quick-company-lookup', {})).json()).toEqual({ message: 'Please enter a website URL or a company name.' });
    expect((await post('/api/quick-company-lookup', { url: 'not a url' })).json()).toEqual({ message: 'Please enter a valid website URL' });
    expect((await post('/api/quick-company-lookup', { url: 'ftp://example.com' })).statusCode).toBe(400);
    expect((await post('/api/quick-company-lookup', { url: site.url, extra: 1 })).statusCode).toBe(400);
    const down = await post('/api/quick-company-lookup', { url: 'http://127.0.0.1:9/' });
    expect(down.statusCode).toBe(422);
    expect(down.json().message).toMatch(/^We could not analyse that website: 127\.0\.0\.1 refused the connection\.$/);
  });
});

describe('POST /api/advanced-seo-audit', () => {
  it('validates the URL with the spec messages', async () => {
    expect((await post('/api/advanced-seo-audit', {})).json()).toEqual({ message: 'URL is required' });
    expect((await post('/api/advanced-seo-audit', { url: '   ' })).json()).toEqual({ message: 'URL is required' });
    expect((await post('/api/advanced-seo-audit', { url: 'not a url' })).json()).toEqual({ message: 'Please enter a valid URL' });
  });

  it('crawls up to 20 pages and answers the full result within 30 s', async () => {
    const started = Date.now();
    const res = await post('/api/advanced-seo-audit', { url: site.url });
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(30_000);
    const body = res.json();
    expect([...Value.Errors(AdvancedAuditResultSchema, body)].map((e) => e.path)).toEqual([]);
    expect(body.pagesCrawled).toBe(20);
    expect(body.checksRun).toBeGreaterThanOrEqual(140);
    expect(body.overallScore).toBeGreaterThan(80);
    expect(body.aiSearchOptimization.llmsTxt.exists).toBe(false);
    // The home page's figures are the form preview's (and the report's): one measurement per site.
    const preview = (await post('/api/quick-company-lookup', { url: site.url })).json();
    expect(body.homePage.seo).toBe(preview.seoScore);
  }, 40_000);

  it('reports an unreachable site as a clear 422', async () => {
    const res = await post('/api/advanced-seo-audit', { url: 'http://127.0.0.1:9/' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/refused the connection/);
  });
});

describe('SSRF guard on the public endpoints', () => {
  it('refuses private addresses when private networks are not allowed', async () => {
    const strictStores = stores;
    const strict = await composeApp(testConfig({ CHROME_PATH: '/nonexistent/chromium' }), strictStores);
    await strict.ready();
    for (const url of [site.url, 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', `http://localhost:${site.port}/`]) {
      const res = await strict.inject({
        method: 'POST',
        url: '/api/advanced-seo-audit',
        payload: { url },
        remoteAddress: `10.2.0.${ip++}`,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('This address points to a private or reserved network and cannot be audited.');
    }
    await strict.close();
  });

  it('refuses before taking a slot or starting Chromium: private addresses and unknown domains in milliseconds', async () => {
    const strict = await composeApp(testConfig({ CHROME_PATH: '/usr/bin/chromium' }), stores);
    await strict.ready();
    try {
      for (const [route, url, status] of [
        ['/api/advanced-seo-audit', 'http://127.0.0.1/', 400],
        ['/api/advanced-seo-audit', 'http://[::ffff:10.0.0.1]/', 400],
        ['/api/quick-company-lookup', 'http://192.168.1.1/', 400],
        ['/api/advanced-seo-audit', 'https://no-such-agent-site.invalid/', 422],
        ['/api/quick-company-lookup', 'https://no-such-agent-site.invalid/', 422],
      ] as const) {
        const started = performance.now();
        const res = await strict.inject({ method: 'POST', url: route, payload: { url }, remoteAddress: `10.3.0.${ip++}` });
        expect([res.statusCode, url]).toEqual([status, url]);
        // The bench measures the 50 ms; here only that no browser was waited for.
        expect(performance.now() - started).toBeLessThan(1000);
      }
    } finally {
      await strict.close();
    }
  });

  it('lets one client have at most two advanced audits running or waiting', async () => {
    const slow = await startSite({
      '/': (_req, res) => void setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(GOOD_HTML), 1500),
    });
    try {
      const from = (n: number) =>
        app
          .inject({ method: 'POST', url: '/api/advanced-seo-audit', payload: { url: slow.url }, remoteAddress: '10.4.0.1' })
          .then((r) => [n, r.statusCode]);
      // The third asks once both others are counted: both are then fetching the slow home page.
      const first = [from(1), from(2)];
      await expect.poll(() => slow.hits.get('/') ?? 0, { timeout: 10_000 }).toBe(2);
      const answers = await Promise.all([...first, from(3)]);
      expect(answers).toEqual([
        [1, 200],
        [2, 200],
        [3, 429],
      ]);
      // Another client is not held up by the first one's cap.
      const other = await app.inject({
        method: 'POST',
        url: '/api/advanced-seo-audit',
        payload: { url: slow.url },
        remoteAddress: '10.4.0.2',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await slow.close();
    }
  }, 40_000);
});
