import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, eventsStored, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
let app: FastifyInstance;
let stores: Stores;
let admin: { cookie: string; origin: string };
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'curb-admin-data-'));
  stores = await createTestStores();
  app = await composeApp(testConfig({ DATA_DIR: dataDir }), stores);
  admin = await adminHeaders(app, stores);
  const { sql } = stores;
  await sql`INSERT INTO funnels (id, name, title, subtitle, description, created_at) VALUES
    ('marketing-audit', 'Marketing Audit', 'Free Marketing Audit', '15-point review', 'The main lead magnet', now() - interval '2 days'),
    ('real-estate-marketing-report', 'Report Landing', 'Real Estate Marketing Report', '', '', now() - interval '1 day')
    ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, title = EXCLUDED.title, subtitle = EXCLUDED.subtitle,
      description = EXCLUDED.description, primary_color = '#dc2626', created_at = EXCLUDED.created_at`;
  const [a] = await sql`INSERT INTO leads (form_id, source, business_name, email, created_at)
      VALUES ('inline-audit', 'Marketing Audit Page', 'Ridge Realty', 'team@ridge.example', now()) RETURNING id`;
  const [b] = await sql`INSERT INTO leads (form_id, source, first_name, last_name, email, created_at)
      VALUES ('marketing-audit', 'popup', 'Ana', 'Lee', 'ana@lee.example', now() - interval '40 days') RETURNING id`;
  await sql`INSERT INTO leads (form_id, source, business_name, email)
    VALUES ('popup-image', 'real-estate-marketing-report', 'Oak Homes', 'oak@homes.example'),
           ('contact-form', 'contact-form', NULL, 'c@c.example')`;
  // r1's report e-mail went to the outbox, r2's through SMTP (configured back then).
  await sql`INSERT INTO audits (lead_id, report_id, business_name, email, status, report, email_sent, email_delivered, mail_transport)
    VALUES
    (${a!.id}, 'r1', 'Ridge Realty', 'team@ridge.example', 'done', '{"scores": {"overall": 80}}', true, true, 'outbox'),
    (${b!.id}, 'r2', 'Ana Lee', 'ana@lee.example', 'done', '{"scores": {"overall": 71}}', true, true, 'smtp'),
    (${b!.id}, 'r3', 'Ana Lee', 'ana@lee.example', 'failed', NULL, false, false, NULL)`;
  // Four visitors (by address) view the audit landing page, one of them twice, one with a trailing slash; a bot too.
  // Visitor 1 sends its form there (twice); visitor 2 sends a popup's form on another page; visitor 5
  // sends the audit page's form without a page view; visitor 6 views the report landing page.
  for (const [ip, path, name = 'page_view'] of [
    ['198.51.100.1', '/marketing-audit'],
    ['198.51.100.1', '/marketing-audit'],
    ['198.51.100.2', '/marketing-audit/'],
    ['198.51.100.3', '/marketing-audit'],
    ['198.51.100.4', '/marketing-audit'],
    ['198.51.100.1', '/marketing-audit', 'form_submit'],
    ['198.51.100.1', '/marketing-audit/', 'form_submit'],
    ['198.51.100.2', '/blog', 'form_submit'],
    ['198.51.100.5', '/marketing-audit', 'form_submit'],
    ['198.51.100.6', '/real-estate-marketing-report'],
  ]) {
    await app.inject({
      method: 'POST',
      url: '/api/events',
      remoteAddress: ip,
      headers: { 'user-agent': UA },
      payload: { name, path },
    });
  }
  await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { 'user-agent': 'Googlebot/2.1' },
    payload: { name: 'page_view', path: '/marketing-audit' },
  });
  await eventsStored(app);
});
afterAll(async () => {
  await app?.close();
  await stores?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ url, headers: admin });

describe('funnel manager data', () => {
  it.each([
    '/api/admin/funnels',
    '/api/admin/funnel-stats',
    '/api/admin/funnels/marketing-audit/analytics',
    '/api/admin/data-connections/overview',
    '/api/admin/feature-status',
    '/api/admin/feature-status/ab-testing',
    '/api/admin/ingest-quarantine',
  ])('%s refuses anonymous calls', async (url) => expect((await app.inject(url)).statusCode).toBe(401));

  it('lists the funnels', async () => {
    const res = await get('/api/admin/funnels');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: 'marketing-audit',
        name: 'Marketing Audit',
        title: 'Free Marketing Audit',
        subtitle: '15-point review',
        description: 'The main lead magnet',
        isActive: true,
        primaryColor: '#dc2626',
      },
      {
        id: 'real-estate-marketing-report',
        name: 'Report Landing',
        title: 'Real Estate Marketing Report',
        subtitle: '',
        description: '',
        isActive: true,
        primaryColor: '#dc2626',
      },
    ]);
  });

  it("divides the landing page's own visitors who sent its form by its visitors, and pools the funnels", async () => {
    const res = await get('/api/admin/funnel-stats');
    expect(res.statusCode).toBe(200);
    // What the rate counts: the funnels' own Tracking setting, submissions by default.
    const conversionEvent = 'form-submit';
    expect(res.json()).toEqual({
      funnelStats: {
        // 2 leads (form id, source slug); of 4 human visitors, 1 sent the form on the page itself.
        'marketing-audit': { totalSubmissions: 2, recentSubmissions: 1, views: 4, pageSubmitters: 1, conversionRate: 25, conversionEvent },
        'real-estate-marketing-report': {
          totalSubmissions: 1,
          recentSubmissions: 1,
          views: 1,
          pageSubmitters: 0,
          conversionRate: 0,
          conversionEvent,
        },
      },
      totalLeads: 4,
      // (1 + 0) ÷ (4 + 1) visitors, not the mean of 25 % and 0 %.
      pooledConversion: 20,
    });
  });

  it('gives one funnel its totals, this month, conversion, average score and latest submissions', async () => {
    const res = await get('/api/admin/funnels/marketing-audit/analytics');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ totalSubmissions: 2, recentSubmissions: 1, conversionRate: 25, averageScore: 75.5 });
    expect(body.submissions.map((s: { email: string }) => s.email)).toEqual(['team@ridge.example', 'ana@lee.example']);
    expect(body.submissions[1]).toMatchObject({ businessName: null, firstName: 'Ana', lastName: 'Lee' });
    expect((await get('/api/admin/funnels/nope/analytics')).statusCode).toBe(404);
    expect((await get('/api/admin/funnels/NOT%20VALID/analytics')).statusCode).toBe(400);
  });
});

describe('data connections and feature status', () => {
  it('computes the overview from live data', async () => {
    const res = await get('/api/admin/data-connections/overview');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      totalFeatures: 6,
      featuresWithRealData: 6,
      prototypeFeatures: 0,
      missingConnections: { email_delivery: 3 },
    });
    expect(body.priorityFeatures.map((f: { id: string }) => f.id)).toEqual(['marketing-audit-system', 'funnel-manager', 'retargeting']);
    const sources = Object.fromEntries(
      body.sources.map((s: { id: string; connected: boolean; dataPoints: number }) => [s.id, [s.connected, s.dataPoints]]),
    );
    expect(sources).toEqual({
      form_submissions: [true, 4],
      // No mail service now; the one mail SMTP took counts, the outbox's reached nobody.
      email_delivery: [false, 1],
      analytics_tracking: [true, 10],
      real_time_reporting: [true, 10],
      seo_analysis: [true, 2],
      user_authentication: [true, 1],
    });
  });

  it('answers one feature, a category, or 404', async () => {
    const one = await get('/api/admin/feature-status/funnel-manager');
    expect(one.json()).toMatchObject({
      id: 'funnel-manager',
      implementationStatus: 'partial',
      functionalityLevel: 67,
      hasRealData: true,
      connectedDataSources: ['form_submissions', 'analytics_tracking'],
      missingDataSources: ['email_delivery'],
    });
    const funnelCategory = await get('/api/admin/feature-status?category=funnel');
    expect(funnelCategory.json().map((f: { id: string }) => f.id)).toEqual(['funnel-manager']);
    expect((await get('/api/admin/feature-status?category=none')).json()).toEqual([]);
    expect((await get('/api/admin/feature-status')).json()).toHaveLength(6);
    const missing = await get('/api/admin/feature-status/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Unknown feature: nope.' });
  });
});

describe('ingest quarantine', () => {
  it('tells the owner how many event rows were set aside and why', async () => {
    expect((await get('/api/admin/ingest-quarantine')).json()).toEqual({
      rows: 0,
      segments: 0,
      lastAt: null,
      lastReason: null,
      lastFile: null,
    });
    await stores.sql`INSERT INTO ingest_quarantine (segment, rows, reason, file, created_at) VALUES
      ('seg-a', 2, 'CANNOT_PARSE_DATETIME: Cannot read DateTime', '/data/quarantine/curb/seg-a.ndjson', now() - interval '1 hour'),
      ('seg-b', 1, 'CANNOT_PARSE_ESCAPE_SEQUENCE: Cannot parse escape sequence', '/data/quarantine/curb/seg-b.ndjson', now())`;
    const body = (await get('/api/admin/ingest-quarantine')).json();
    expect(body).toMatchObject({
      rows: 3,
      segments: 2,
      lastReason: 'CANNOT_PARSE_ESCAPE_SEQUENCE: Cannot parse escape sequence',
      lastFile: '/data/quarantine/curb/seg-b.ndjson',
    });
    expect(Date.now() - Date.parse(body.lastAt)).toBeLessThan(60_000);
    await stores.sql`DELETE FROM ingest_quarantine`;
  });
});
