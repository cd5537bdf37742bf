// The Free Marketing Audit funnel and the Marketing Audits page count the same requests: every
// form that asks for an audit, sent through the public API as the site's forms send it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';

// No DNS here: the sites to audit are loopback addresses (AUDIT_ALLOW_PRIVATE_NETWORKS).
const SITE = 'http://127.0.0.1:8080';
const audit = { website: SITE, emailConsent: true };

let app: FastifyInstance;
let stores: Stores;
let admin: { cookie: string; origin: string };
let ip = 1;
const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: `10.1.0.${ip++}` });
const get = (url: string) => app.inject({ url, headers: admin });

beforeAll(async () => {
  stores = await createTestStores();
  app = await composeApp(testConfig({ AUDIT_ALLOW_PRIVATE_NETWORKS: 'true' }), stores);
  admin = await adminHeaders(app, stores);
  const sent = await Promise.all([
    // The audit popup (either A/B variant), on any page.
    post('/api/lead', {
      ...audit,
      formId: 'popup-image',
      variant: 'popup-image',
      source: 'Audit Popup',
      businessName: 'Oak',
      email: 'a@oak.example',
    }),
    post('/api/lead', { ...audit, formId: 'popup-standard', source: 'Audit Popup', businessName: 'Elm', email: 'b@elm.example' }),
    // The free audit page's form, and the inline form of the services page.
    post('/api/lead', { ...audit, formId: 'inline-audit', source: 'Marketing Audit Page', businessName: 'Ash', email: 'c@ash.example' }),
    post('/api/marketing-audit', { ...audit, source: 'Services Page', businessName: 'Fir', email: 'd@fir.example' }),
    // A contact message through the lead form: no audit, in no funnel.
    post('/api/lead', {
      formId: 'contact-form',
      firstName: 'Ana',
      lastName: 'Lee',
      email: 'e@lee.example',
      subject: 'Hi',
      message: 'Hello',
    }),
  ]);
  for (const res of sent) expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => {
  await app?.close();
  await stores?.close();
});

describe('the Free Marketing Audit funnel', () => {
  it('counts every audit request, the audit popup’s too, as the Marketing Audits page does', async () => {
    const audits = (await get('/api/admin/marketing-audits')).json();
    expect(audits.total).toBe(4);
    const stats = (await get('/api/admin/funnel-stats')).json();
    expect(stats.funnelStats['marketing-audit']).toMatchObject({ totalSubmissions: 4, recentSubmissions: 4 });
    // The contact lead is a lead, in no funnel.
    expect(stats.totalLeads).toBe(5);
    expect(stats.funnelStats['real-estate-marketing-report'].totalSubmissions).toBe(0);

    const analytics = (await get('/api/admin/funnels/marketing-audit/analytics')).json();
    expect(analytics.totalSubmissions).toBe(4);
    expect(analytics.recentSubmissions).toBe(4);
    expect(analytics.submissions.map((s: { email: string }) => s.email).sort()).toEqual([
      'a@oak.example',
      'b@elm.example',
      'c@ash.example',
      'd@fir.example',
    ]);
  });
});
