// Leads through a funnel: the funnel's landing page form asks for its extra fields
// and the API checks them with the same definition; the lead remembers its funnel. A fresh
// install's funnels change nothing on the site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { PublicSiteConfig } from '@curb/contracts/funnel-config';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { eventRows } from '../../../../../test/events.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';
import { isDefaultSiteConfig } from '../../plugins/site-config.ts';

const SITE = 'http://127.0.0.1:8080';
const lead = (extra: Record<string, unknown>) => ({
  formId: 'inline-audit',
  variant: 'inline-audit',
  source: 'Marketing Audit Page',
  website: SITE,
  businessName: 'Acme Homes',
  email: 'owner@acme-homes.com',
  emailConsent: true,
  ...extra,
});

describe('leads through a funnel', () => {
  let app: FastifyInstance;
  let stores: Stores;
  let ip = 1;
  const post = (payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/lead',
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
      remoteAddress: `10.9.0.${ip++}`,
    });
  const setConfig = (id: string, config: object, active = true) =>
    stores.sql`UPDATE funnels SET config = ${stores.sql.json(config as never)}, is_active = ${active} WHERE id = ${id}`;

  beforeAll(async () => {
    stores = await createTestStores();
    app = await composeApp(testConfig({ AUDIT_ALLOW_PRIVATE_NETWORKS: 'true' }), stores);
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
  });

  it("a fresh install's funnels and tests change nothing: pages go out as built", async () => {
    // A request waits a few hundred ms for the funnels' first read, then goes out with none
    // known; on a loaded machine that read can take longer, and a later request has it.
    const read = async () => (await app.inject({ url: '/api/site/config' })).json() as PublicSiteConfig;
    await expect
      .poll(async () => (await read()).funnels.map((f) => f.id), { timeout: 10_000 })
      .toEqual(['marketing-audit', 'real-estate-marketing-report']);
    const config = await read();
    expect(isDefaultSiteConfig(config)).toBe(true);
  });

  it("checks the landing page form's extra fields and stores the lead with its funnel", async () => {
    await setConfig('marketing-audit', { landingPage: { fields: { phone: 'required', firstName: 'optional' } } });
    const missing = await post(lead({ funnelId: 'marketing-audit' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Phone is required');

    const ok = await post(lead({ funnelId: 'marketing-audit', phone: '703 555 0100', submissionId: crypto.randomUUID() }));
    expect(ok.statusCode).toBe(201);
    const [row] = await stores.sql`SELECT funnel_id, fields->>'phone' AS phone FROM leads WHERE id = ${ok.json().leadId}`;
    expect(row).toEqual({ funnel_id: 'marketing-audit', phone: '703 555 0100' });
  });

  it("applies the funnel's process: no analysis when it is off, a confirmation queued with the lead when it is on", async () => {
    await setConfig('marketing-audit', { process: { websiteAnalysis: false }, emailTemplates: { confirmation: { enabled: true } } });
    const res = await post(lead({ funnelId: 'marketing-audit', submissionId: crypto.randomUUID() }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ reportId: null, message: 'Form submitted successfully!' });
    const { leadId } = res.json();
    expect(await stores.sql`SELECT id FROM audits WHERE lead_id = ${leadId}`).toEqual([]);
    const jobs = await stores.sql`SELECT data->>'kind' AS kind FROM pgboss.job
        WHERE name = 'mail-send' AND data->>'leadId' = ${leadId} ORDER BY data->>'kind'`;
    expect(jobs.map((j) => j.kind)).toEqual(['lead-confirmation', 'lead-notification']);
    // The site's own audit form (the services page) belongs to the free audit funnel too.
    const inline = await app.inject({
      method: 'POST',
      url: '/api/marketing-audit',
      payload: { businessName: 'Acme Homes', email: 'team@acme-homes.com', website: SITE, emailConsent: true },
      remoteAddress: '10.9.1.1',
    });
    expect(inline.json().reportId).toBeNull();
    const [row] = await stores.sql`SELECT funnel_id FROM leads WHERE id = ${inline.json().leadId}`;
    expect(row!.funnel_id).toBe('marketing-audit');
    await setConfig('marketing-audit', {});
  });

  it("counts the funnel's conversion event in its figures: submissions, report e-mails opened or reports viewed", async () => {
    // Ten visitors of the free audit page, three of whom sent its form there.
    await stores.ch.insert(
      'events',
      eventRows([
        ...Array.from({ length: 10 }, (_, i) => ({ name: 'page_view', visitor: 500 + i, path: '/marketing-audit' })),
        ...Array.from({ length: 3 }, (_, i) => ({ name: 'form_submit', visitor: 500 + i, path: '/marketing-audit' })),
      ]),
    );
    const admin = await adminHeaders(app, stores);
    const stats = async () => (await app.inject({ url: '/api/admin/funnel-stats', headers: admin })).json().funnelStats['marketing-audit'];
    const analytics = async () => (await app.inject({ url: '/api/admin/funnels/marketing-audit/analytics', headers: admin })).json();
    for (const email of ['one@oak.example', 'two@elm.example']) {
      expect((await post(lead({ email, funnelId: 'marketing-audit', submissionId: crypto.randomUUID() }))).statusCode).toBe(201);
    }
    expect(await stats()).toMatchObject({ views: 10, pageSubmitters: 3, conversionEvent: 'form-submit', conversionRate: 30 });
    // One lead opened its report e-mail, another came back to its report.
    const ids = (await stores.sql`SELECT id FROM audits ORDER BY created_at LIMIT 2`).map((r) => r.id as string);
    await stores.sql`UPDATE audits SET email_opened = true WHERE id = ${ids[0]!}`;
    await stores.sql`UPDATE audits SET report_converted_at = now() WHERE id = ${ids[1]!}`;
    await setConfig('marketing-audit', { tracking: { conversionEvent: 'email-open' } });
    expect(await stats()).toMatchObject({ conversionEvent: 'email-open', conversionRate: 10 });
    expect(await analytics()).toMatchObject({ conversionEvent: 'email-open', conversionRate: 10 });
    await setConfig('marketing-audit', { tracking: { conversionEvent: 'report-view' } });
    expect(await stats()).toMatchObject({ conversionEvent: 'report-view', conversionRate: 10 });
    await setConfig('marketing-audit', {});
  });

  it("leaves the popups' forms as they are, and a lead of an inactive or unknown funnel to the site's rules", async () => {
    const popup = await post(lead({ formId: 'popup-image', variant: 'popup-image', source: 'Audit Popup', funnelId: 'marketing-audit' }));
    expect(popup.statusCode).toBe(201);
    await setConfig('marketing-audit', { landingPage: { fields: { phone: 'required' } } }, false);
    for (const funnelId of ['marketing-audit', 'no-such-funnel']) {
      const res = await post(lead({ funnelId, submissionId: crypto.randomUUID() }));
      expect(res.statusCode).toBe(201);
      const [row] = await stores.sql`SELECT funnel_id FROM leads WHERE id = ${res.json().leadId}`;
      expect(row!.funnel_id).toBeNull();
    }
    await setConfig('marketing-audit', {});
  });
});
