// Rewriting a popup variant in the Popup Creator begins a new phase of the popup A/B test: the
// A/B page names each phase by the text its variants showed and counts it from its start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { popupVariantDefaults } from '@curb/content';
import type { AbTestState } from '@curb/contracts/ab-tests';
import type { AbTestingResponse } from '@curb/contracts/analytics';
import type { FunnelEditResponse } from '@curb/contracts/funnel-config';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';
import { eventRows } from '../../../../../test/events.ts';

const A = popupVariantDefaults('A').title;
const B = popupVariantDefaults('B').title;

describe('phases of the popup A/B test', () => {
  let app: FastifyInstance;
  let stores: Stores;
  let admin: { cookie: string; origin: string };
  const test = async () => ((await app.inject({ url: '/api/admin/ab-tests', headers: admin })).json() as AbTestState[])[0]!;
  const results = async () => (await app.inject({ url: '/api/analytics/ab-testing?days=7', headers: admin })).json() as AbTestingResponse;
  const funnelUrl = (id: string) => `/api/admin/funnels/${id}/config`;
  const load = async (id: string) => (await app.inject({ url: funnelUrl(id), headers: admin })).json() as FunnelEditResponse;
  /** Saves the funnel with `copy` over its popup variant's texts, on the version it is at unless told. */
  const savePopup = async (id: string, variant: 'A' | 'B', copy: object, baseVersion?: number) => {
    const { version, ...edit } = await load(id);
    edit.config.popup.variants[variant] = { ...edit.config.popup.variants[variant], ...copy };
    return app.inject({ method: 'PUT', url: funnelUrl(id), headers: admin, payload: { ...edit, baseVersion: baseVersion ?? version } });
  };
  const phaseRows = () => stores.sql`SELECT test_type, started_at, started_by, copy, reason FROM ab_test_phases ORDER BY id`;

  beforeAll(async () => {
    stores = await createTestStores();
    app = await composeApp(testConfig(), stores);
    admin = await adminHeaders(app, stores, 'owner@curb.test');
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
  });

  it('starts in its first phase, named by the headlines the site-wide popup shows', async () => {
    expect(await test()).toMatchObject({ copy: { A, B }, phase: { number: 1, startedAt: null } });
    const { phases } = await results();
    expect(phases).toMatchObject([{ testType: 'audit_popup', number: 1, startedAt: null, endedAt: null, copy: { A, B }, rows: [] }]);
  });

  it('keeps the phase when a save leaves what the variants show as it was', async () => {
    const { version, ...edit } = await load('marketing-audit');
    edit.config.popup.delaySeconds = 30;
    // Typing the form's own headline into the field shows visitors nothing new.
    edit.config.popup.variants.B.title = B;
    const res = await app.inject({
      method: 'PUT',
      url: funnelUrl('marketing-audit'),
      headers: admin,
      payload: { ...edit, baseVersion: version },
    });
    expect(res.statusCode).toBe(200);
    expect(await phaseRows()).toEqual([]);
    expect((await test()).phase.number).toBe(1);
  });

  it("begins a new phase when B's headline is rewritten, from the moment of the save; the earlier one keeps its text", async () => {
    const before = Date.now();
    expect((await savePopup('marketing-audit', 'B', { title: 'Spring audit, free this week' })).statusCode).toBe(200);
    const state = await test();
    expect(state.copy).toEqual({ A, B: 'Spring audit, free this week' });
    expect(state.phase.number).toBe(2);
    expect(Date.parse(state.phase.startedAt!)).toBeGreaterThanOrEqual(before - 1000);

    // A visitor who saw the new text after the save is counted in the new phase only.
    await stores.ch.insert(
      'events',
      eventRows([
        {
          name: 'ab_impression',
          visitor: 1,
          testType: 'audit_popup',
          variant: 'B',
          variantText: 'Spring audit, free this week',
          minutesAgo: 0,
        },
        { name: 'ab_impression', visitor: 2, testType: 'audit_popup', variant: 'B', variantText: B, minutesAgo: 30 },
      ]),
    );
    const [current, first] = (await results()).phases;
    expect(current).toMatchObject({
      number: 2,
      endedAt: null,
      startedBy: 'owner@curb.test',
      reason: 'Free Marketing Audit: Popup Creator › Variant B title',
      copy: { A, B: 'Spring audit, free this week' },
      rows: [{ variant: 'B', variantText: 'Spring audit, free this week', impressions: 1 }],
    });
    expect(first).toMatchObject({ number: 1, startedAt: null, endedAt: state.phase.startedAt, copy: { A, B } });
    expect(first!.rows).toMatchObject([{ variant: 'B', variantText: B, impressions: 1 }]);
  });

  it("begins one for another funnel's popup too, naming that funnel; the site-wide headlines stay", async () => {
    expect((await savePopup('real-estate-marketing-report', 'A', { buttonText: 'Show me the report' })).statusCode).toBe(200);
    const [current] = (await results()).phases;
    expect(current).toMatchObject({
      number: 3,
      reason: 'Real Estate Marketing Report: Popup Creator › Variant A button text',
      copy: { A, B: 'Spring audit, free this week' },
    });
  });

  it('begins none for a save refused as stale, and changes nothing', async () => {
    const stale = (await load('marketing-audit')).version - 1;
    const before = await phaseRows();
    const res = await savePopup('marketing-audit', 'A', { title: 'Never saved' }, stale);
    expect(res.statusCode).toBe(409);
    expect(await phaseRows()).toEqual(before);
    expect((await test()).copy.A).toBe(A);
  });
});
