import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { FunnelEdit, FunnelEditResponse, FunnelVersion, PublicSiteConfig } from '@curb/contracts/funnel-config';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';

const withoutVersion = ({ version: _, ...edit }: FunnelEditResponse): FunnelEdit => edit;

describe('funnel edit dialog API', () => {
  let app: FastifyInstance;
  let stores: Stores;
  let admin: { cookie: string; origin: string };
  const url = '/api/admin/funnels/spring-listings/config';
  const load = async (path = url) => withoutVersion((await app.inject({ url: path, headers: admin })).json() as FunnelEditResponse);
  /** A save on the version stored now (as the dialog makes it), unless the payload names its own. */
  const put = async (payload: unknown, path = url) => {
    const stored = await app.inject({ url: path, headers: admin });
    const baseVersion = stored.statusCode === 200 ? (stored.json() as FunnelEditResponse).version : 1;
    return app.inject({ method: 'PUT', url: path, headers: admin, payload: { baseVersion, ...(payload as object) } });
  };

  beforeAll(async () => {
    stores = await createTestStores();
    app = await composeApp(testConfig(), stores);
    admin = await adminHeaders(app, stores, 'owner@curb.test');
    await stores.sql`INSERT INTO funnels (id, name, title, config)
      VALUES ('spring-listings', 'Marketing Audit', 'Free Marketing Audit', '{"popup": {"trigger": "scroll", "delaySeconds": 40}}')`;
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
  });

  it('loads a funnel with its configuration completed by the defaults (leftovers of older versions dropped)', async () => {
    const res = await app.inject({ url, headers: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json() as FunnelEditResponse;
    expect(body).toMatchObject({
      name: 'Marketing Audit',
      title: 'Free Marketing Audit',
      isActive: true,
      primaryColor: '#dc2626',
      version: 1,
    });
    expect(body.config.popup).toEqual({
      enabled: true,
      delaySeconds: 40,
      exitIntent: true,
      variants: { A: { title: '', subtitle: '', buttonText: '' }, B: { title: '', subtitle: '', buttonText: '' } },
    });
    expect(body.config.process).toEqual({ websiteAnalysis: true, emailDelivery: true, followUpSequence: false, followUpDays: 3 });
    expect(body.config.tracking).toEqual({
      events: { pageView: true, popupView: true, formStart: true, formSubmit: true },
      conversionEvent: 'form-submit',
    });
    expect(body.config.landingPage.fields).toEqual({ firstName: 'off', lastName: 'off', phone: 'off' });
    expect(body.config.emailTemplates.confirmation.enabled).toBe(false);
  });

  it('saves every tab as the next version, reads the same back and records who changed what', async () => {
    const current = await load();
    const edited: FunnelEdit = {
      ...current,
      name: 'Audit Funnel',
      isActive: false,
      primaryColor: '#1D4ED8',
      config: {
        ...current.config,
        landingPage: {
          ...current.config.landingPage,
          headline: 'Is your listing site losing leads?',
          fields: { firstName: 'off', lastName: 'off', phone: 'required' },
        },
        popup: { ...current.config.popup, delaySeconds: 10, exitIntent: false },
        emailTemplates: {
          ...current.config.emailTemplates,
          followUp: { subject: 'Still thinking, {{firstName}}?', body: 'See {{reportUrl}}' },
        },
        process: { ...current.config.process, followUpSequence: true, followUpDays: 5 },
        tracking: { events: { ...current.config.tracking.events, formStart: false }, conversionEvent: 'report-view' },
      },
    };
    const res = await put(edited);
    expect(res.statusCode).toBe(200);
    const saved = { ...edited, primaryColor: '#1d4ed8' };
    expect(res.json()).toEqual({ ...saved, version: 2 });
    expect(await load()).toEqual(saved);

    const history = (await app.inject({ url: '/api/admin/funnels/spring-listings/history', headers: admin })).json() as FunnelVersion[];
    expect(history).toHaveLength(1); // a funnel added by hand has no version 1 row
    expect(history[0]).toMatchObject({ version: 2, changedBy: 'owner@curb.test', revertedTo: null });
    expect(history[0]!.changes).toEqual([
      'General › Name',
      'General › Active',
      'General › Card colour',
      'Landing Page › Headline',
      'Landing Page › Phone field',
      'Popup Creator › Delay (seconds)',
      'Popup Creator › Exit intent',
      'Email Templates › Follow-up subject',
      'Email Templates › Follow-up body',
      'Process Builder › Follow-up sequence',
      'Process Builder › Follow-up after (days)',
      'Tracking › Form starts',
      'Tracking › Conversion event',
    ]);
    // Saving what is stored stores nothing.
    expect((await put(saved)).json()).toMatchObject({ version: 2 });
  });

  it('reverts to an earlier version as a new version, and the site applies it at once', async () => {
    const id = 'marketing-audit';
    const base = await load(`/api/admin/funnels/${id}/config`);
    const site = async () => (await app.inject({ url: '/api/site/config' })).json() as PublicSiteConfig;
    const audit = async () => (await site()).funnels.find((f) => f.id === id)!;
    expect((await audit()).landingPage.headline).toBe('');

    const headline = 'Free audit for Arlington agents';
    const edited = {
      ...base,
      title: 'Arlington Agent Audit',
      config: { ...base.config, landingPage: { ...base.config.landingPage, headline } },
    };
    expect((await put(edited, `/api/admin/funnels/${id}/config`)).json()).toMatchObject({ version: 2 });
    expect(await audit()).toMatchObject({ title: 'Arlington Agent Audit', landingPage: { headline } });

    const res = await app.inject({ method: 'POST', url: `/api/admin/funnels/${id}/revert`, headers: admin, payload: { version: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...base, version: 3 });
    expect((await audit()).landingPage.headline).toBe('');
    const history = (await app.inject({ url: `/api/admin/funnels/${id}/history`, headers: admin })).json() as FunnelVersion[];
    expect(history.map((v) => [v.version, v.revertedTo, v.changedBy])).toEqual([
      [3, 1, 'owner@curb.test'],
      [2, null, 'owner@curb.test'],
      [1, null, 'installation'],
    ]);
    expect(history[0]!.changes).toEqual(['General › Page title', 'Landing Page › Headline']);

    const missing = await app.inject({ method: 'POST', url: `/api/admin/funnels/${id}/revert`, headers: admin, payload: { version: 99 } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This funnel has no version 99.');
  });

  it.each([
    ['a bad colour', (f: FunnelEdit) => ({ ...f, primaryColor: 'red' }), 'General › Card colour must be a colour like #dc2626.'],
    [
      'a delay past ten minutes',
      (f: FunnelEdit) => ({ ...f, config: { ...f.config, popup: { ...f.config.popup, delaySeconds: 601 } } }),
      'Popup Creator › Delay (seconds) must be a whole number from 0 to 600.',
    ],
    [
      'a delay given as text',
      (f: FunnelEdit) => ({ ...f, config: { ...f.config, popup: { ...f.config.popup, delaySeconds: '25' } } }),
      'Popup Creator › Delay (seconds) must be a whole number from 0 to 600.',
    ],
    [
      'a conversion event the spec does not offer',
      (f: FunnelEdit) => ({ ...f, config: { ...f.config, tracking: { ...f.config.tracking, conversionEvent: 'page-view' } } }),
      'Tracking › Conversion event has a value it cannot take.',
    ],
    [
      'an unknown placeholder',
      (f: FunnelEdit) => ({
        ...f,
        config: {
          ...f.config,
          emailTemplates: { ...f.config.emailTemplates, confirmation: { enabled: true, subject: 'Hi {{name}}', body: '' } },
        },
      }),
      'Email Templates › Confirmation subject: unknown placeholder {{name}}; ' +
        'use {{firstName}}, {{businessName}}, {{email}}, {{website}}, {{ownerName}}.',
    ],
    [
      'a report link in the confirmation (there is no report yet)',
      (f: FunnelEdit) => ({
        ...f,
        config: {
          ...f.config,
          emailTemplates: { ...f.config.emailTemplates, confirmation: { enabled: true, subject: '', body: '{{reportUrl}}' } },
        },
      }),
      'Email Templates › Confirmation body: unknown placeholder {{reportUrl}}; ' +
        'use {{firstName}}, {{businessName}}, {{email}}, {{website}}, {{ownerName}}.',
    ],
    ['an unknown field', (f: FunnelEdit) => ({ ...f, owner: 'x' }), 'unknown field "owner".'],
    [
      'an unknown field inside a tab',
      (f: FunnelEdit) => ({ ...f, config: { ...f.config, popup: { ...f.config.popup, size: 'large' } } }),
      'config.popup: unknown field "size".',
    ],
    ['an empty name', (f: FunnelEdit) => ({ ...f, name: '  ' }), 'General › Name is required.'],
    [
      'a headline too long',
      (f: FunnelEdit) => ({ ...f, config: { ...f.config, landingPage: { ...f.config.landingPage, headline: 'x'.repeat(201) } } }),
      'Landing Page › Headline must be at most 200 characters.',
    ],
  ])('refuses %s with a 400 naming the field, and changes nothing', async (_label, change, message) => {
    const before = await stores.sql`SELECT f.*, (SELECT count(*) FROM funnel_versions) AS versions FROM funnels f ORDER BY id`;
    const res = await put(change(await load()));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await stores.sql`SELECT f.*, (SELECT count(*) FROM funnel_versions) AS versions FROM funnels f ORDER BY id`).toEqual(before);
  });

  it('saves nothing when the version cannot be recorded: the funnel and its history are one transaction', async () => {
    const current = (await app.inject({ url, headers: admin })).json() as FunnelEditResponse;
    // The next version's history row already exists: the save must fail as a whole.
    await stores.sql`INSERT INTO funnel_versions (funnel_id, version, snapshot, changed_by)
      VALUES ('spring-listings', ${current.version + 1}, '{}', 'someone else')`;
    const res = await put({ ...withoutVersion(current), name: 'Half saved?' });
    expect(res.statusCode).toBe(500);
    expect((await load()).name).toBe(current.name);
    await stores.sql`DELETE FROM funnel_versions WHERE funnel_id = 'spring-listings' AND changed_by = 'someone else'`;
  });

  it('refuses saves made on a version someone else has since saved over, naming who and when', async () => {
    const base = (await app.inject({ url, headers: admin })).json() as FunnelEditResponse;
    const edit = withoutVersion(base);
    // Eight editors who opened the same version save at once: one save lands, seven are told.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        app.inject({ method: 'PUT', url, headers: admin, payload: { ...edit, subtitle: `Editor ${i}`, baseVersion: base.version } }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const landed = answers.find((r) => r.statusCode === 200)!.json() as FunnelEditResponse;
    expect(landed.version).toBe(base.version + 1);
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expect(refused.json().message).toMatch(
        new RegExp(
          `^This funnel was changed by owner@curb\\.test at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC \\(version ${landed.version}\\) ` +
            `after you opened it \\(version ${base.version}\\)\\. Reload to see those changes, or overwrite them with yours\\.$`,
        ),
      );
    expect((await load()).subtitle).toBe(landed.subtitle);
    // Overwriting: the same edit, made on the newest version, is saved.
    const over = await app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { ...edit, subtitle: 'Mine', baseVersion: landed.version },
    });
    expect(over.statusCode).toBe(200);
    expect((await load()).subtitle).toBe('Mine');
  });

  it("ships the site's two funnels on a fresh install, titled as their pages, each at version 1", async () => {
    const [report] = await stores.sql`SELECT title, version FROM funnels WHERE id = 'real-estate-marketing-report'`;
    expect(report).toEqual({ title: 'Marketing Report Showcase', version: 1 });
    const res = await app.inject({ url: '/api/admin/funnels/real-estate-marketing-report/history', headers: admin });
    expect(res.json()).toMatchObject([{ version: 1, changedBy: 'installation', changes: [] }]);
  });

  it('answers 404 for an unknown funnel and 401 when anonymous', async () => {
    const current = await load();
    expect((await put(current, '/api/admin/funnels/nope/config')).statusCode).toBe(404);
    expect((await app.inject({ url })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url, payload: current })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/funnels/spring-listings/history' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/admin/funnels/spring-listings/revert', payload: { version: 1 } })).statusCode,
    ).toBe(401);
  });

  it('answers every refusal with the exact body the dialog reads: the message, and the field when there is one', async () => {
    const post = (path: string, payload: object) => app.inject({ method: 'POST', url: path, headers: admin, payload });
    const current = await load();
    const notFound = '{"message":"This funnel does not exist."}';
    const answers = async (res: Promise<{ statusCode: number; body: string }>) => {
      const { statusCode, body } = await res;
      return [statusCode, body];
    };
    expect(await answers(app.inject({ url: '/api/admin/funnels/nope/config', headers: admin }))).toEqual([404, notFound]);
    expect(await answers(put(current, '/api/admin/funnels/nope/config'))).toEqual([404, notFound]);
    expect(await answers(app.inject({ url: '/api/admin/funnels/nope/history', headers: admin }))).toEqual([404, notFound]);
    expect(await answers(put({ ...current, primaryColor: 'red' }))).toEqual([
      400,
      '{"message":"General › Card colour must be a colour like #dc2626.","field":"primaryColor"}',
    ]);
    expect(await answers(put({ ...current, owner: 'x' }))).toEqual([400, '{"message":"unknown field \\"owner\\".","field":"owner"}']);
    expect(await answers(put(current, '/api/admin/funnels/NOPE!/config'))).toEqual([400, '{"message":"id is not valid."}']);
    expect(await answers(post('/api/admin/funnels/spring-listings/revert', { version: 99 }))).toEqual([
      404,
      '{"message":"This funnel has no version 99.","field":"version"}',
    ]);
    expect(await answers(post('/api/admin/funnels/nope/revert', { version: 1 }))).toEqual([
      404,
      '{"message":"This funnel has no version 1.","field":"version"}',
    ]);
    // A version saved before a rule existed is not restored half-way.
    await stores.sql`INSERT INTO funnel_versions (funnel_id, version, snapshot, changed_by)
      VALUES ('spring-listings', 1000, ${stores.sql.json({ ...current, primaryColor: 'red' })}, 'an older rule')`;
    expect(await answers(post('/api/admin/funnels/spring-listings/revert', { version: 1000 }))).toEqual([
      409,
      '{"message":"Version 1000 cannot be restored: General › Card colour must be a colour like #dc2626.","field":"primaryColor"}',
    ]);
    await stores.sql`DELETE FROM funnel_versions WHERE funnel_id = 'spring-listings' AND version = 1000`;
    const template = { type: 'follow-up', subject: '{{name}}', body: '' };
    for (const route of ['email-preview', 'email-test']) {
      expect(await answers(post(`/api/admin/funnels/nope/${route}`, template))).toEqual([404, notFound]);
      expect(await answers(post(`/api/admin/funnels/spring-listings/${route}`, template))).toEqual([
        400,
        '{"message":"Email Templates › Follow-up subject: unknown placeholder {{name}}; ' +
          'use {{firstName}}, {{businessName}}, {{email}}, {{website}}, {{reportUrl}}, {{score}}, {{ownerName}}.",' +
          '"field":"config.emailTemplates.followUp.subject"}',
      ]);
    }
  });

  it("previews a template with sample values, and queues the owner's test e-mail through the mail job", async () => {
    const template = {
      type: 'follow-up',
      subject: 'Still there, {{firstName}}?',
      body: 'Your report: {{reportUrl}}\n\nScore {{ score }}.',
    };
    const preview = await app.inject({
      method: 'POST',
      url: '/api/admin/funnels/marketing-audit/email-preview',
      headers: admin,
      payload: template,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ to: 'jordan@samplerealtyteam.example', subject: 'Still there, Jordan?' });
    expect(preview.json().text).toMatch(/^Your report: http:\/\/localhost:\d+\/audit-report\/sample-report\n\nScore 72\./);
    expect(preview.json().text).toContain('/api/unsubscribe/');
    const empty = await app.inject({
      method: 'POST',
      url: '/api/admin/funnels/marketing-audit/email-preview',
      headers: admin,
      payload: { type: 'confirmation', subject: '', body: '' },
    });
    expect(empty.json().subject).toBe('We received your audit request');

    const bad = await app.inject({
      method: 'POST',
      url: '/api/admin/funnels/marketing-audit/email-test',
      headers: admin,
      payload: { ...template, body: '{{unsubscribe}}' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'config.emailTemplates.followUp.body' });
    expect(bad.json().message).toMatch(/^Email Templates › Follow-up body: unknown placeholder \{\{unsubscribe\}\}/);

    const test = await app.inject({
      method: 'POST',
      url: '/api/admin/funnels/marketing-audit/email-test',
      headers: admin,
      payload: template,
    });
    expect(test.statusCode).toBe(202);
    expect(test.json()).toEqual({ to: 'owner@curb.test', outboxOnly: true });
    const jobs = await stores.sql`SELECT data FROM pgboss.job WHERE name = 'mail-send' AND data->>'kind' = 'template-test'`;
    expect(jobs.map((j) => j.data)).toEqual([{ kind: 'template-test', to: 'owner@curb.test', ...template }]);
  });

  it('lists the three e-mail templates with their texts and placeholders', async () => {
    const res = await app.inject({ url: '/api/admin/email-templates', headers: admin });
    const templates = res.json() as Array<{ type: string; placeholders: string[]; subject: string }>;
    expect(templates.map((t) => t.type)).toEqual(['confirmation', 'notification', 'follow-up']);
    expect(templates[1]!.placeholders).toContain('reportUrl');
    expect(templates[0]!.placeholders).not.toContain('reportUrl');
  });
});
