import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { FunnelEdit } from '@curb/contracts/funnel-config';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../lib/auth/test-login.ts';

describe('funnel edit dialog API', () => {
  let app: FastifyInstance;
  let stores: Stores;
  let admin: { cookie: string; origin: string };
  const url = '/api/admin/funnels/spring-listings/config';

  beforeAll(async () => {
    stores = await createTestStores();
    app = await composeApp(testConfig(), stores);
    admin = await adminHeaders(app, stores);
    await stores.sql`INSERT INTO funnels (id, name, title, config)
      VALUES ('spring-listings', 'Marketing Audit', 'Free Marketing Audit', '{"popup": {"trigger": "scroll", "legacy": 1}}')`;
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
  });

  it('loads a funnel with its configuration completed by the defaults', async () => {
    const res = await app.inject({ url, headers: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json() as FunnelEdit;
    expect(body).toMatchObject({ name: 'Marketing Audit', title: 'Free Marketing Audit', isActive: true, primaryColor: '#dc2626' });
    expect(body.config.popup).toEqual({
      enabled: true,
      trigger: 'scroll',
      triggerValue: 25,
      size: 'medium',
      frequency: 'once-session',
      headline: '',
    });
    expect(body.config.process).toEqual({
      websiteAnalysis: true,
      emailDelivery: true,
      followUpSequence: false,
      confirmationDelay: 'immediate',
      reportDelay: 'immediate',
    });
    expect(body.config.tracking).toEqual({
      goals: ['form-submit'],
      attributionWindowDays: 7,
      utm: { source: true, medium: true, campaign: true, content: false },
    });
    expect(body.config.emailTemplates.followUp.enabled).toBe(false);
  });

  it('saves every tab and reads the same back', async () => {
    const current = (await app.inject({ url, headers: admin })).json() as FunnelEdit;
    const edited: FunnelEdit = {
      ...current,
      name: 'Audit Funnel',
      isActive: false,
      primaryColor: '#1D4ED8',
      config: {
        ...current.config,
        landingPage: { ...current.config.landingPage, layout: 'split', headline: 'Is your listing site losing leads?' },
        popup: { ...current.config.popup, trigger: 'exit', size: 'fullscreen', frequency: 'once-week' },
        process: { ...current.config.process, followUpSequence: true, confirmationDelay: '1hour', reportDelay: '5min' },
        tracking: {
          goals: ['form-submit', 'report-view'],
          attributionWindowDays: 30,
          utm: { source: true, medium: false, campaign: true, content: true },
        },
      },
    };
    const res = await app.inject({ method: 'PUT', url, headers: admin, payload: edited });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...edited, primaryColor: '#1d4ed8' });
    expect((await app.inject({ url, headers: admin })).json()).toEqual({ ...edited, primaryColor: '#1d4ed8' });
  });

  it.each([
    ['a bad colour', (f: FunnelEdit) => ({ ...f, primaryColor: 'red' })],
    [
      'a trigger the spec does not offer',
      (f: FunnelEdit) => ({ ...f, config: { ...f.config, popup: { ...f.config.popup, trigger: 'hover' } } }),
    ],
    [
      'an attribution window of 14 days',
      (f: FunnelEdit) => ({ ...f, config: { ...f.config, tracking: { ...f.config.tracking, attributionWindowDays: 14 } } }),
    ],
    ['an unknown field', (f: FunnelEdit) => ({ ...f, owner: 'x' })],
    ['an empty name', (f: FunnelEdit) => ({ ...f, name: '' })],
  ])('refuses %s with a 400 and changes nothing', async (_label, change) => {
    const before = await stores.sql`SELECT * FROM funnels`;
    const current = (await app.inject({ url, headers: admin })).json() as FunnelEdit;
    const res = await app.inject({ method: 'PUT', url, headers: admin, payload: change(current) });
    expect(res.statusCode).toBe(400);
    expect(await stores.sql`SELECT * FROM funnels`).toEqual(before);
  });

  it("ships the site's two funnels on a fresh install", async () => {
    for (const id of ['marketing-audit', 'real-estate-marketing-report']) {
      const res = await app.inject({ url: `/api/admin/funnels/${id}/config`, headers: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json().isActive).toBe(true);
    }
  });

  it('answers 404 for an unknown funnel and 401 when anonymous', async () => {
    const current = (await app.inject({ url, headers: admin })).json();
    expect((await app.inject({ method: 'PUT', url: '/api/admin/funnels/nope/config', headers: admin, payload: current })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ url })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url, payload: current })).statusCode).toBe(401);
  });

  it('lists the three e-mail template types', async () => {
    const res = await app.inject({ url: '/api/admin/email-templates', headers: admin });
    expect(res.json().map((t: { type: string }) => t.type)).toEqual(['confirmation', 'notification', 'follow-up']);
  });
});
