// The Traffic page's lead views through the api on real PostgreSQL and chDB: attribution, a
// lead's journey (and its erasure), the owner's funnels and the 400s that name what is wrong.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AttributionResponse, LeadJourney, OwnerFunnel, OwnerFunnelReport } from '@curb/contracts/traffic-attribution';
import { leadJourneyEvents } from '@curb/analytics/dashboards/attribution';
import { buildVisits } from '@curb/analytics/visits';
import { eventRows } from '../../../../../test/events.ts';
import { audits, leads } from '@curb/db';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';

let app: FastifyInstance;
let stores: Stores;
let admin: { cookie: string; origin: string };
let annAudit: string;
const dirs: string[] = [];
const now = Date.now();

async function lead(email: string, minutesAgo: number, withAudit: boolean): Promise<string | undefined> {
  const id = await leads.insert(stores.sql, {
    formId: 'marketing-audit',
    source: 'Marketing Audit Page',
    businessName: 'Shop',
    firstName: null,
    lastName: null,
    email,
    website: 'https://shop.example',
    fields: {},
    enrichment: null,
    emailConsent: true,
    communicationConsent: false,
    submissionId: null,
  });
  await stores.sql`UPDATE leads SET created_at = ${new Date(now - minutesAgo * 60_000)} WHERE id = ${id!}`;
  if (!withAudit) return undefined;
  const audit = await audits.insertQueued(stores.sql, {
    leadId: id!,
    reportId: `r-${email}`,
    businessName: 'Shop',
    email,
    website: 'https://shop.example',
    source: 'Marketing Audit Page',
  });
  await stores.sql`UPDATE audits SET created_at = ${new Date(now - minutesAgo * 60_000 + 1000)} WHERE id = ${audit}`;
  return audit;
}

const get = <T>(url: string) =>
  app.inject({ method: 'GET', url, headers: admin }).then((r) => ({ status: r.statusCode, body: r.json() as T }));
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: admin, ...(payload !== undefined && { payload }) });

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'curb-attribution-'));
  dirs.push(dataDir);
  stores = await createTestStores();
  app = await composeApp(testConfig({ DATA_DIR: dataDir }), stores);
  admin = await adminHeaders(app, stores);
  await stores.ch.insert(
    'events',
    eventRows(
      [
        // Ann came from Google first, then from the newsletter, and became a lead on the second visit.
        { name: 'page_view', visitor: 1, session: 'a1', minutesAgo: 3000, path: '/blog/staging', referrerDomain: 'www.google.com' },
        { name: 'page_view', visitor: 1, session: 'a1', minutesAgo: 2999, path: '/services', referrerDomain: 'www.google.com' },
        {
          name: 'page_view',
          visitor: 1,
          session: 'a2',
          minutesAgo: 100,
          path: '/',
          utmSource: 'newsletter',
          utmMedium: 'email',
          utmCampaign: 'nov',
        },
        {
          name: 'page_view',
          visitor: 1,
          session: 'a2',
          minutesAgo: 99,
          path: '/marketing-audit',
          utmSource: 'newsletter',
          utmMedium: 'email',
        },
        { name: 'form_submit', visitor: 1, session: 'a2', minutesAgo: 98, path: '/marketing-audit', email: 'ann@example.com' },
        { name: 'email_open', visitor: 77, session: '', minutesAgo: 50, email: 'ann@example.com', path: '/audit-report/r1' },
        { name: 'report_view', visitor: 77, session: '', minutesAgo: 49, email: 'ann@example.com', path: '/audit-report/r1' },
        { name: 'consultation_booked', visitor: 1, session: 'a3', minutesAgo: 40, path: '/book' },
        // Bob came direct and never again.
        { name: 'page_view', visitor: 2, session: 'b1', minutesAgo: 200, path: '/services' },
        { name: 'form_submit', visitor: 2, session: 'b1', minutesAgo: 199, email: 'bob@example.com' },
      ],
      now,
    ),
  );
  // The visits of these events, as the worker builds them every second.
  await buildVisits(stores.ch, { all: true });
  annAudit = (await lead('ann@example.com', 98, true))!;
  await lead('bob@example.com', 199, false);
  await lead('cyd@example.com', 10, false);
});
afterAll(async () => {
  await app.close();
  await stores.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('lead attribution', () => {
  it('gives first and last touch per channel, with what the leads did', async () => {
    const first = await get<AttributionResponse>('/api/admin/traffic/attribution?model=first&dimension=channel&period=7d');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.rows).toEqual([
      { value: '(not tracked)', leads: 1, auditRequests: 0, reportsOpened: 0, emailsOpened: 0, consultations: 0 },
      { value: 'Direct', leads: 1, auditRequests: 0, reportsOpened: 0, emailsOpened: 0, consultations: 0 },
      { value: 'Organic Search', leads: 1, auditRequests: 1, reportsOpened: 0, emailsOpened: 0, consultations: 1 },
    ]);
    expect(first.body.totals.leads).toBe(3);
    const last = await get<AttributionResponse>('/api/admin/traffic/attribution?model=last&dimension=campaign&period=7d');
    expect(last.body.rows.find((r) => r.value === 'nov')).toMatchObject({ leads: 1, auditRequests: 1, consultations: 1 });
    const landing = await get<AttributionResponse>('/api/admin/traffic/attribution?model=first&dimension=landing_page&period=7d');
    expect(landing.body.rows.map((r) => r.value).sort()).toEqual(['(not tracked)', '/blog/staging', '/services']);
  });

  it('counts only the leads of the period', async () => {
    const today = new Date(now).toISOString().slice(0, 10);
    const monthAgo = new Date(now - 30 * 86_400_000).toISOString().slice(0, 10);
    const old = await get<AttributionResponse>(`/api/admin/traffic/attribution?period=custom&from=2020-01-01&to=2020-01-31`);
    expect(old.body.totals.leads).toBe(0);
    const custom = await get<AttributionResponse>(`/api/admin/traffic/attribution?period=custom&from=${monthAgo}&to=${today}`);
    expect(custom.body.totals.leads).toBe(3);
    const all = await get<AttributionResponse>('/api/admin/traffic/attribution?period=all');
    expect(all.body.totals.leads).toBe(3);
    expect(all.body.from < monthAgo).toBe(true);
  });

  it("follows the Traffic page's filters: a lead counts when its touch is a visit they keep", async () => {
    const url = (filters: unknown, model = 'first', dimension = 'source') =>
      `/api/admin/traffic/attribution?period=7d&model=${model}&dimension=${dimension}` +
      `&filters=${encodeURIComponent(JSON.stringify(filters))}`;
    // Ann's first visit came from Google, her last before the lead from the newsletter; Bob's only visit was direct.
    const google = await get<AttributionResponse>(url([['is', 'visit:source', ['www.google.com']]]));
    expect([google.status, google.body.rows.map((r) => [r.value, r.leads])]).toEqual([200, [['www.google.com', 1]]]);
    const googleLast = await get<AttributionResponse>(url([['is', 'visit:source', ['www.google.com']]], 'last'));
    expect(googleLast.body.totals.leads).toBe(0);
    const newsletter = await get<AttributionResponse>(url([['contains', 'visit:utm_campaign', ['NO']]], 'last', 'campaign'));
    expect(newsletter.body.rows).toEqual([
      { value: 'nov', leads: 1, auditRequests: 1, reportsOpened: 0, emailsOpened: 0, consultations: 1 },
    ]);
    // A page filter keeps the visits that viewed the page; several filters all apply; no lead without a visit.
    const services = await get<AttributionResponse>(url([['is', 'event:page', ['/services']]], 'first', 'channel'));
    expect(services.body.rows.map((r) => r.value)).toEqual(['Direct', 'Organic Search']);
    const both = await get<AttributionResponse>(
      url(
        [
          ['is', 'event:page', ['/services']],
          ['is_not', 'visit:channel', ['Direct']],
        ],
        'first',
        'channel',
      ),
    );
    expect(both.body.rows.map((r) => r.value)).toEqual(['Organic Search']);
  });

  it('refuses a bad filter with a 400 naming it, and answers nothing else', async () => {
    const url = (filters: string) => `/api/admin/traffic/attribution?period=7d&filters=${encodeURIComponent(filters)}`;
    for (const [bad, message] of [
      ['[[', 'filters: not JSON.'],
      ['{"a":1}', 'filters: a list of [operator, dimension, [values]].'],
      [JSON.stringify([['is', 'visit:source', []]]), 'filters: a list of [operator, dimension, [values]].'],
      [JSON.stringify([['is', 'visit:shoe', ['x']]]), 'filters: cannot filter on "visit:shoe"'],
      [JSON.stringify([['is', 'time:day', ['2026-01-01']]]), 'filters: cannot filter on "time:day"'],
      [JSON.stringify([['has', 'visit:source', ['x']]]), 'filters: unknown operator "has"'],
      [JSON.stringify([['is', 'event:goal', ['No such goal']]]), 'filters: no goal is named "No such goal"'],
      [JSON.stringify(Array.from({ length: 11 }, () => ['is', 'visit:source', ['x']])), 'filters: a list of'],
    ]) {
      const res = await get<{ message: string; field?: string }>(url(bad!));
      expect([res.status, res.body.field], bad!.slice(0, 40)).toEqual([400, 'filters']);
      expect(res.body.message).toContain(message);
    }
    const long = await get<{ message: string }>(url('x'.repeat(8001)));
    expect([long.status, long.body.message]).toEqual([400, 'filters is too long (at most 8000 characters).']);
    // Text a visitor could not have typed is cleaned, not stored or refused with a 500.
    const odd = await get<AttributionResponse>(url(JSON.stringify([['is', 'visit:source', ['go\u0000ogle\ud800']]])));
    expect([odd.status, odd.body.totals?.leads]).toEqual([200, 0]);
  });

  it('refuses a bad period with a 400 naming it', async () => {
    for (const query of [
      'period=fortnight',
      'period=custom&from=2026-02-30&to=2026-03-01',
      'period=custom&from=2020-01-01',
      'period=custom&from=2010-01-01&to=2026-01-01',
    ]) {
      const res = await get<{ message: string; field?: string }>(`/api/admin/traffic/attribution?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(/period|from/);
    }
    expect((await get('/api/admin/traffic/attribution?model=middle')).status).toBe(400);
  });

  it('is for the owner only', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/traffic/attribution' });
    expect(res.statusCode).toBe(401);
  });
});

describe("a lead's journey", () => {
  it('shows the first source, each visit with its pages, the audit, the mail and report and the consultation', async () => {
    const { status, body } = await get<LeadJourney>(`/api/admin/traffic/journey/${annAudit}`);
    expect(status).toBe(200);
    expect(body.firstTouch).toMatchObject({ channel: 'Organic Search', source: 'www.google.com', landingPage: '/blog/staging' });
    expect(body.visits.map((v) => [v.channel, v.pages.map((p) => p.path)])).toEqual([
      ['Organic Search', ['/blog/staging', '/services']],
      ['Email', ['/', '/marketing-audit']],
    ]);
    expect(body.milestones.map((m) => m.kind)).toEqual(['lead', 'audit_requested', 'email_open', 'report_view', 'consultation_booked']);
    expect((await get(`/api/admin/traffic/journey/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await get(`/api/admin/traffic/journey/not-a-uuid`)).status).toBe(400);
  });

  it('is gone once the person is erased', async () => {
    const res = await send('POST', '/api/admin/erasure', { email: 'ann@example.com' });
    expect(res.statusCode).toBe(200);
    expect((await get(`/api/admin/traffic/journey/${annAudit}`)).status).toBe(404);
    expect(await leadJourneyEvents(stores.ch, 'ann@example.com')).toEqual({ visits: [], milestones: [] });
  });
});

describe("the owner's funnels", () => {
  const steps = [
    { kind: 'page', value: '/blog/*' },
    { kind: 'page', value: '/services' },
  ];

  it('are created, reported, edited and deleted', async () => {
    const created = await send('POST', '/api/admin/traffic/funnels', { name: ' Blog readers ', steps });
    expect(created.statusCode).toBe(201);
    const funnel = created.json() as OwnerFunnel;
    expect(funnel.name).toBe('Blog readers');
    const report = await get<OwnerFunnelReport>(`/api/admin/traffic/funnels/${funnel.id}/report?period=7d`);
    expect(report.body.steps.map((s) => [s.label, s.visitors])).toEqual([
      ['Visited /blog/*', expect.any(Number)],
      ['Visited /services', expect.any(Number)],
    ]);
    // Under the Traffic page's filters (JSON in the address); a bad filter is a 400 naming it.
    const url = (filters: string) => `/api/admin/traffic/funnels/${funnel.id}/report?period=7d&filters=${encodeURIComponent(filters)}`;
    const filtered = await get<OwnerFunnelReport>(url(JSON.stringify([['is', 'visit:device', ['Tablet']]])));
    expect([filtered.status, filtered.body.steps.map((s) => s.visitors)]).toEqual([200, [0, 0]]);
    for (const [bad, message] of [
      ['[[', 'filters: not JSON.'],
      ['{"a":1}', 'filters: a list of [operator, dimension, [values]].'],
      [JSON.stringify([['is', 'visit:shoe', ['x']]]), 'cannot filter on "visit:shoe"'],
    ]) {
      const res = await get<{ message: string; field: string }>(url(bad!));
      expect([res.status, res.body.field]).toEqual([400, 'filters']);
      expect(res.body.message).toContain(message);
    }
    const edited = await send('PUT', `/api/admin/traffic/funnels/${funnel.id}`, {
      name: 'Blog to form',
      steps: [...steps, { kind: 'event', value: 'form_submit' }],
    });
    expect(edited.statusCode).toBe(200);
    expect((await get<OwnerFunnel[]>('/api/admin/traffic/funnels')).body.map((f) => [f.name, f.steps.length])).toEqual([
      ['Blog to form', 3],
    ]);
    expect((await send('DELETE', `/api/admin/traffic/funnels/${funnel.id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/admin/traffic/funnels/${funnel.id}`)).statusCode).toBe(404);
    expect((await get<OwnerFunnel[]>('/api/admin/traffic/funnels')).body).toEqual([]);
  });

  it('refuses a bad funnel with a 400 naming the step, and stores nothing', async () => {
    const cases: Array<[object, string]> = [
      [{ name: '', steps }, 'name'],
      [{ name: 'One step', steps: steps.slice(0, 1) }, 'steps'],
      [{ name: 'Nine', steps: Array.from({ length: 9 }, () => steps[0]) }, 'steps'],
      [{ name: 'Bad path', steps: [steps[0], { kind: 'page', value: 'services' }] }, 'steps.1'],
      [{ name: 'Bad event', steps: [{ kind: 'event', value: 'Lead Made!' }, steps[1]] }, 'steps.0'],
      [{ name: 'Empty', steps: [steps[0], { kind: 'page', value: '  ' }] }, 'steps.1'],
    ];
    for (const [payload, field] of cases) {
      const res = await send('POST', '/api/admin/traffic/funnels', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(
      (await send('POST', '/api/admin/traffic/funnels', { name: 'x', steps: [{ kind: 'url', value: '/' }, steps[1]] })).statusCode,
    ).toBe(400);
    expect((await get<OwnerFunnel[]>('/api/admin/traffic/funnels')).body).toEqual([]);
  });
});

describe('the weekly e-mail setting', () => {
  const url = '/api/admin/traffic/weekly-email';
  /** A save made on the setting's current version. */
  const save = async (body: object) => send('PUT', url, { ...body, baseVersion: (await get<{ version: number }>(url)).body.version });

  it('is off by default, needs an address to be on, and is the owner’s only', async () => {
    expect((await get(url)).body).toEqual({ enabled: false, recipient: '', version: 0, changedBy: null, changedAt: null });
    const missing = await save({ enabled: true, recipient: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('recipient');
    expect((await save({ enabled: false, recipient: 'not an address' })).statusCode).toBe(400);
    const on = await save({ enabled: true, recipient: ' owner@example.com ' });
    expect(on.json()).toMatchObject({ enabled: true, recipient: 'owner@example.com', version: 1 });
    expect((await get(url)).body).toMatchObject({ enabled: true, recipient: 'owner@example.com', version: 1 });
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses a save made on a version someone else has since saved over, naming who and when', async () => {
    const base = (await get<{ version: number }>(url)).body.version;
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((who) => send('PUT', url, { enabled: true, recipient: `${who}@example.com`, baseVersion: base })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const landed = answers.find((r) => r.statusCode === 200)!.json() as { recipient: string };
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expect(refused.json().message).toMatch(/^The weekly e-mail setting was changed by \S+ at .+ UTC \(version \d+\) after you opened it/);
    expect((await get(url)).body).toMatchObject({ recipient: landed.recipient, version: base + 1 });
    expect((await send('PUT', url, { enabled: false, recipient: '' })).statusCode).toBe(400);
  });
});
