import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { METAPERSON_ORIGIN } from '@curb/contracts/assistant';
import { HealthSchema } from '@curb/contracts/health';
import { JOB_QUEUES } from '@curb/contracts/jobs';
import { Value } from '@sinclair/typebox/value';
import type { Stores } from '@curb/runtime';
import { createTestStores, testConfig } from '../../../test/harness.ts';
import { composeApp } from './compose.ts';

describe('composed server (api + collector + worker)', () => {
  let app: FastifyInstance;
  let stores: Stores;
  beforeAll(async () => {
    stores = await createTestStores();
    app = await composeApp(testConfig(), stores);
    app.get('/api/test/explode', async () => {
      throw new Error('secret internal detail');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await stores.close();
  });

  it('reports both stores healthy', async () => {
    const res = await app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(HealthSchema, body)).toBe(true);
    expect(body).toMatchObject({ status: 'ok', mode: 'embedded', postgres: { ok: true }, clickhouse: { ok: true } });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/no-such-thing' });
  });

  it('hides internal errors behind a generic 500 without a stack', async () => {
    const res = await app.inject('/api/test/explode');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('at ');
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
  });

  it('sends security headers with a same-origin content security policy', async () => {
    const res = await app.inject('/api/health');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['permissions-policy']).toMatch(/^camera=\(\), geolocation=\(\), microphone=\(self\), payment=\(\)/);
  });

  it('keeps report pages and the report API out of search indexes, and nothing else', async () => {
    for (const url of ['/audit-report/AAAAAAAAAAAAAAAAAAAAAA', '/api/audit-report/AAAAAAAAAAAAAAAAAAAAAA']) {
      expect((await app.inject(url)).headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
    expect((await app.inject('/')).headers['x-robots-tag']).toBeUndefined();
  });

  it('frames the avatar creator on /metaperson-chat only when the owner configured it', async () => {
    expect((await app.inject('/metaperson-chat')).headers['content-security-policy']).not.toContain(METAPERSON_ORIGIN);
    const configured = await composeApp(testConfig({ METAPERSON_CLIENT_ID: 'id', METAPERSON_CLIENT_SECRET: 'secret' }), stores);
    expect((await configured.inject('/metaperson-chat')).headers['content-security-policy']).toContain(
      `frame-src 'self' ${METAPERSON_ORIGIN}`,
    );
    await configured.close();
  });

  it('accepts a beacon sent as text/plain and stores it in ClickHouse', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36' },
      payload: JSON.stringify({ events: [{ name: 'page_view', path: '/marketing-audit', utm: { source: 'newsletter' } }] }),
    });
    expect(res.statusCode).toBe(202);
    // A 202 means spooled on disk; the flusher moves it to ClickHouse within a second.
    await expect
      .poll(() => stores.ch.query("SELECT page_group, utm_source, is_bot FROM events WHERE name = 'page_view'"), { timeout: 5000 })
      .toEqual([{ page_group: 'Marketing', utm_source: 'newsletter', is_bot: 0 }]);
  });

  it.each([
    ['an unknown field', { name: 'page_view', extra: 1 }],
    ['a bad event name', { name: 'Page View' }],
    ['too many events', { events: Array.from({ length: 101 }, () => ({ name: 'page_view' })) }],
  ])('refuses %s with a 400 and stores nothing', async (_label, payload) => {
    const before = await stores.ch.query<{ n: string }>('SELECT count() AS n FROM events');
    const res = await app.inject({ method: 'POST', url: '/api/events', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid request/);
    expect(await stores.ch.query('SELECT count() AS n FROM events')).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/events', headers: { 'content-type': 'text/plain' }, payload: 'not json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The body must be JSON.' });
  });

  it('runs the scheduled retention sweep through the job queue', async () => {
    await stores.sql`INSERT INTO admin_sessions (sid, session, expires_at)
      VALUES ('old', '{}', now() - interval '1 day'), ('live', '{}', now() + interval '1 day')`;
    await stores.jobs.send(JOB_QUEUES.retentionSweep, {});
    await expect
      .poll(async () => (await stores.sql`SELECT sid FROM admin_sessions`).map((r) => r.sid), { timeout: 10_000 })
      .toEqual(['live']);
  });

  it("computes the dashboards' closed days for the periods that keep runs through the job queue", async () => {
    await stores.jobs.send(JOB_QUEUES.funnelProgress, {});
    const periods = async () =>
      (await stores.ch.query<{ days: number }>("SELECT DISTINCT days FROM closed_days_runs WHERE kind = 'funnel' ORDER BY days")).map((r) =>
        Number(r.days),
      );
    await expect.poll(periods, { timeout: 10_000 }).toEqual([30, 90]);
    const snapshots = async () =>
      (
        await stores.ch.query<{ days: number; kinds: string[] }>(
          'SELECT days, arraySort(groupUniqArray(kind)) AS kinds FROM closed_days_runs GROUP BY days ORDER BY days',
        )
      ).map((r) => [Number(r.days), r.kinds]);
    // Retargeting keeps runs at 30 and 90 days, A/B at 90; the 7 days are read whole.
    const retargeting = ['funnel', 'sources', 'traffic', 'users'];
    await expect.poll(snapshots, { timeout: 10_000 }).toEqual([
      [30, retargeting],
      [90, ['ab_pairs', 'ab_units', ...retargeting]],
    ]);
  });
});
