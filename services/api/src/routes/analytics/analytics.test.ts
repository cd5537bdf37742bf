// The dashboards end to end: beacons through the real collector, read back through the api.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { AbTestingResponseSchema, RetargetingResponseSchema, SeoDashboardSchema } from '@curb/contracts/analytics';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, eventsStored, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';
import { normaliseDomain } from './index.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const HOME = `<!doctype html><html lang="en"><head><title>Curb Appeal</title>
<meta name="description" content="Real estate marketing audits">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Person","name":"Owner"}</script></head>
<body><h1>One</h1><h1>Two</h1><img src="/a.png" alt="A"><img src="/b.png"><img src="/c.png" alt=""></body></html>`;

if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)));

let app: FastifyInstance;
let stores: Stores;
let admin: { cookie: string; origin: string };
const dirs: string[] = [];

async function beacon(events: object[], opts: { ua?: string; ip?: string } = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/events',
    remoteAddress: opts.ip ?? '198.51.100.10',
    headers: { 'user-agent': opts.ua ?? UA },
    payload: { events },
  });
  expect(res.statusCode).toBe(202);
}

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'curb-analytics-'));
  // A built web app whose home page is HOME: the page template, and a server render that adds nothing.
  const webRoot = mkdtempSync(join(tmpdir(), 'curb-web-'));
  const webDist = join(webRoot, 'dist');
  dirs.push(dataDir, webRoot);
  mkdirSync(join(webDist, '_pages'), { recursive: true });
  mkdirSync(join(webRoot, 'build', 'ssr'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), HOME);
  writeFileSync(join(webDist, '_pages', 'template.html'), HOME.replace('<body>', '<body><div id="root"></div>'));
  writeFileSync(join(webDist, '_pages', 'manifest.json'), JSON.stringify({ template: 'template.html', routeStyles: [] }));
  writeFileSync(
    join(webRoot, 'build', 'ssr', 'entry-server.js'),
    "export const render = async () => ({ head: '', structuredData: '', body: '' });\nexport const contentElement = () => '';\n",
  );
  stores = await createTestStores();
  app = await composeApp(testConfig({ DATA_DIR: dataDir, WEB_DIST: webDist }), stores);
  admin = await adminHeaders(app, stores);

  // Two visitors (by IP) see popup variants A and B; B's visitor converts. A bot does everything.
  const ab = (name: string, variant: string) => ({
    name,
    testType: 'popup',
    variant,
    sessionId: `ab-${variant}`,
    props: { variant_text: `Text ${variant}` },
  });
  await beacon([ab('ab_impression', 'A'), ab('ab_click', 'A')], { ip: '198.51.100.1' });
  await beacon([ab('ab_impression', 'B'), ab('ab_click', 'B'), ab('ab_conversion', 'B')], { ip: '198.51.100.2' });
  await beacon([ab('ab_impression', 'A'), ab('ab_conversion', 'A')], { ua: BOT });
  // Retargeting: one visitor from Google goes to the form and identifies; another bounces.
  const s = (name: string, extra: object = {}) => ({
    name,
    sessionId: 'sess-1',
    path: '/',
    referrer: 'https://www.google.com/',
    eventId: randomUUID(),
    ...extra,
  });
  await beacon(
    [
      s('page_view'),
      s('popup_view'),
      s('form_start'),
      s('form_submit', { email: 'lead@example.com' }),
      s('page_view', { path: '/services' }),
    ],
    { ip: '198.51.100.3' },
  );
  await beacon([{ name: 'page_view', sessionId: 'sess-2', path: '/blog', utm: { source: 'newsletter', medium: 'email' } }], {
    ip: '198.51.100.4',
  });
  // A 202 means spooled; wait until the flusher has moved everything to ClickHouse.
  await eventsStored(app);
});
afterAll(async () => {
  await app?.close();
  await stores?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ url, headers: admin });

describe('analytics dashboards', () => {
  it.each(['/api/analytics/ab-testing', '/api/analytics/retargeting', '/api/seo/dashboard'])('%s refuses anonymous calls', async (url) => {
    expect((await app.inject(url)).statusCode).toBe(401);
  });

  it.each(['8', '0', 'abc', '30.0', '-7'])('refuses days=%s with a 400', async (days) => {
    for (const url of ['/api/analytics/ab-testing', '/api/analytics/retargeting']) {
      const res = await get(`${url}?days=${days}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'days must be 7, 30 or 90.' });
    }
  });

  it('refuses an unknown query parameter', async () => {
    expect((await get('/api/analytics/ab-testing?days=7&x=1')).statusCode).toBe(400);
  });

  it('answers the A/B dashboard from the beacons, bots left out', async () => {
    const res = await get('/api/analytics/ab-testing?days=7');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(AbTestingResponseSchema, body)).toBe(true);
    expect(body.conversionRates).toEqual([
      {
        testType: 'popup',
        variant: 'A',
        variantText: 'Text A',
        impressions: 1,
        clicks: 1,
        conversions: 0,
        clickRate: 100,
        conversionRate: 0,
      },
      {
        testType: 'popup',
        variant: 'B',
        variantText: 'Text B',
        impressions: 1,
        clicks: 1,
        conversions: 1,
        clickRate: 100,
        conversionRate: 100,
      },
    ]);
    expect(body.tests[0]).toMatchObject({ testType: 'popup', control: 'A', winner: 'B', underpowered: true });
    expect((await get('/api/analytics/ab-testing')).json().days).toBe(30);
  });

  it('answers the retargeting dashboard', async () => {
    const res = await get('/api/analytics/retargeting?days=30');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(RetargetingResponseSchema, body)).toBe(true);
    expect(body.funnelData.map((s: { uniqueUsers: number }) => s.uniqueUsers)).toEqual([2, 1, 1, 1, 0]);
    expect(body.userJourneys[0]).toMatchObject({ email: 'lead@example.com', sessionId: 'sess-1', totalEvents: 5 });
    expect(body.trafficSources).toEqual(
      expect.arrayContaining([expect.objectContaining({ utmSource: 'newsletter', sessions: 1, events: 1 })]),
    );
    // Four human visitors (two A/B, two site visitors), one identified.
    expect([body.totalUsers, body.identifiedUsers, body.conversionRate]).toEqual([4, 1, 25]);
    // No mail service in this setup: the page says why no report e-mail was opened.
    expect(body.mailOnlyToOutbox).toBe(true);
  });

  it('answers the SEO dashboard: own traffic, the home page scored by the spec, keywords honestly empty', async () => {
    const res = await get('/api/seo/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(SeoDashboardSchema, body)).toBe(true);
    // The Traffic page's visits of the week, as the worker builds them: sess-1 (from Google, two pages)
    // and sess-2 (one page: a bounce); the A/B sessions viewed no page, so they are no visits.
    await expect
      .poll(async () => (await get('/api/seo/dashboard')).json().googleAnalytics, { timeout: 10_000 })
      .toEqual({ sessions: 2, organicTraffic: 1, bounceRate: 50 });
    expect(body.searchConsole).toEqual({ totalClicks: null, totalImpressions: null, averagePosition: null });
    expect(body.keywordRankings).toEqual({ totalKeywords: null, averagePosition: null, improvements: null });
    const w = body.websiteAnalytics;
    expect(w.seo).toEqual({ title: 'Curb Appeal', description: 'Real estate marketing audits', h1_count: 2, image_alt_missing: 1 });
    expect(w.technical).toEqual({ structured_data_found: true, lang_attribute: true, viewport_meta: false });
    // Pages are compressed as they are rendered.
    expect(w.performance).toMatchObject({ compression_enabled: true, has_ssl: false });
    // SEO 75 (two h1), performance 100 - 30 (no SSL), accessibility 100 - 5 - 20.
    expect(w.scores).toEqual({ seo: 75, performance: 70, accessibility: 75 });
  });

  it('sets up keyword tracking for a valid domain only', async () => {
    const post = (domain: unknown) => app.inject({ method: 'POST', url: '/api/seo/setup-keywords', headers: admin, payload: { domain } });
    for (const bad of ['', 'localhost', 'not a domain', 'http://', 'a..com', '-x.com', 'x'.repeat(300)]) {
      const res = await post(bad);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await post(5)).statusCode).toBe(400);
    const ok = await post('https://www.CurbAppeal.example/');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Keyword tracking setup initiated!', domain: 'www.curbappeal.example' });
    expect((await get('/api/seo/dashboard')).json().keywordTracking).toEqual({ domain: 'www.curbappeal.example', sourceConfigured: false });
    expect((await app.inject({ method: 'POST', url: '/api/seo/setup-keywords', payload: { domain: 'a.com' } })).statusCode).toBe(401);
  });

  it('normalises domains', () => {
    expect(normaliseDomain('Example.COM')).toBe('example.com');
    expect(normaliseDomain('https://sub.example.co.uk/path')).toBe('sub.example.co.uk');
    expect(normaliseDomain('example')).toBeNull();
  });
});
