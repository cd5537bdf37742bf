import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AbTestState } from '@curb/contracts/ab-tests';
import type { PublicSiteConfig } from '@curb/contracts/funnel-config';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';

describe('the A/B tests the owner runs', () => {
  let app: FastifyInstance;
  let stores: Stores;
  let admin: { cookie: string; origin: string };
  const url = '/api/admin/ab-tests/audit_popup';
  const current = async () => ((await app.inject({ url: '/api/admin/ab-tests', headers: admin })).json() as AbTestState[])[0]!;
  /** A change made on the test's current version. */
  const change = async (payload: object, path = url) =>
    app.inject({ method: 'POST', url: path, headers: admin, payload: { baseVersion: (await current()).version, ...payload } });
  const publicTest = async () => ((await app.inject({ url: '/api/site/config' })).json() as PublicSiteConfig).tests[0];

  beforeAll(async () => {
    stores = await createTestStores();
    app = await composeApp(testConfig(), stores);
    admin = await adminHeaders(app, stores, 'owner@curb.test');
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
  });

  it('starts every test running with an equal split, never changed', async () => {
    const res = await app.inject({ url: '/api/admin/ab-tests', headers: admin });
    expect(res.json()).toEqual([
      {
        testType: 'audit_popup',
        status: 'running',
        weights: { A: 50, B: 50 },
        winner: null,
        variants: ['A', 'B'],
        copy: { A: 'Get Your Free Marketing Audit', B: 'Free 15-Point Marketing Audit' },
        phase: { number: 1, startedAt: null },
        version: 0,
        changedAt: null,
        changedBy: null,
        history: [],
      },
    ]);
  });

  it('sets a split, pauses, resumes and rolls a winner out; the site draws with it at once, and every change is kept', async () => {
    const split = await change({ action: 'split', weights: { A: 70, B: 30 } });
    expect(split.statusCode).toBe(200);
    expect(split.json()).toMatchObject({ status: 'running', weights: { A: 70, B: 30 }, changedBy: 'owner@curb.test', version: 1 });
    expect(await publicTest()).toEqual({ testType: 'audit_popup', status: 'running', weights: { A: 70, B: 30 }, winner: null });

    expect((await change({ action: 'pause' })).json()).toMatchObject({ status: 'paused', weights: { A: 70, B: 30 } });
    expect((await publicTest())!.status).toBe('paused');
    expect((await change({ action: 'resume' })).json()).toMatchObject({ status: 'running', weights: { A: 70, B: 30 } });

    const rolled = (await change({ action: 'roll-out', winner: 'B' })).json() as AbTestState;
    expect(rolled).toMatchObject({ status: 'rolled-out', winner: 'B', weights: { A: 0, B: 100 } });
    expect(Date.parse(rolled.changedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(rolled.history.map((h) => h.status)).toEqual(['rolled-out', 'running', 'paused', 'running']);
    expect(await publicTest()).toEqual({ testType: 'audit_popup', status: 'rolled-out', weights: { A: 0, B: 100 }, winner: 'B' });
    // A rolled-out test runs again only with a split.
    expect((await change({ action: 'pause' })).statusCode).toBe(400);
  });

  it.each([
    [{ action: 'split', weights: { A: 70, B: 20 } }, 'The split must add up to 100 % (it adds up to 90 %).'],
    [{ action: 'split', weights: { A: 70, C: 30 } }, 'The split names variant "C", which this test does not have (A, B).'],
    [{ action: 'split', weights: { A: 100 } }, 'The split must give variant B a share.'],
    [{ action: 'roll-out', winner: 'C' }, 'This test has no variant "C" (A, B).'],
  ])('refuses %j with a 400 that says why, and changes nothing', async (body, message) => {
    const before = await stores.sql`SELECT * FROM ab_test_changes ORDER BY id`;
    const res = await change(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await stores.sql`SELECT * FROM ab_test_changes ORDER BY id`).toEqual(before);
  });

  it('refuses changes made on a version someone else has since changed, naming who and when', async () => {
    const base = (await current()).version;
    // Eight people who opened the same version each change the test at once: one change lands, seven are told.
    const changes = [
      { action: 'pause' },
      { action: 'resume' },
      { action: 'roll-out', winner: 'A' },
      { action: 'roll-out', winner: 'B' },
      ...[10, 20, 30, 40].map((a) => ({ action: 'split', weights: { A: a, B: 100 - a } })),
    ];
    const answers = await Promise.all(
      changes.map((c) => app.inject({ method: 'POST', url, headers: admin, payload: { ...c, baseVersion: base } })),
    );
    // One lands; each other is refused: stale (409), or no longer possible on the landed state
    // (400: a rolled-out test cannot be paused), whichever the route finds first.
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409).length).toBeGreaterThanOrEqual(5);
    expect(codes.every((c) => c === 200 || c === 409 || c === 400)).toBe(true);
    const landed = answers.find((r) => r.statusCode === 200)!.json() as AbTestState;
    expect(landed.version).toBe(base + 1);
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expect(refused.json().message).toMatch(
        new RegExp(
          `^This test was changed by owner@curb\\.test at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC \\(version ${landed.version}\\) ` +
            `after you opened it \\(version ${base}\\)\\. Reload to see those changes, or overwrite them with yours\\.$`,
        ),
      );
    // Exactly one change was kept, and it is what the site draws with.
    const after = await current();
    expect(after.history.length).toBe(landed.history.length);
    expect(after.history[0]).toEqual(landed.history[0]);
    expect(await publicTest()).toEqual({ testType: 'audit_popup', status: after.status, weights: after.weights, winner: after.winner });
    // Overwriting: a change made on the newest version goes in.
    expect((await change({ action: 'split', weights: { A: 50, B: 50 } })).json()).toMatchObject({ version: base + 2, status: 'running' });
  });

  it('refuses a change without the version it was made on', async () => {
    const res = await app.inject({ method: 'POST', url, headers: admin, payload: { action: 'split', weights: { A: 50, B: 50 } } });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for a test the site does not run, 400 for a malformed change and 401 when anonymous', async () => {
    expect((await change({ action: 'pause' }, '/api/admin/ab-tests/hero_banner')).statusCode).toBe(404);
    expect((await change({ action: 'split', weights: { A: 'most' } })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/admin/ab-tests' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url, payload: { action: 'pause' } })).statusCode).toBe(401);
  });
});
