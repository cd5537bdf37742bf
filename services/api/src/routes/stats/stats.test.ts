// POST /api/stats end to end: beacons through the real collector, the query through the api,
// the refusals named, and who may ask.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { buildVisits } from '@curb/analytics/visits';
import { createTestStores, eventsStored, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';

const UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const BOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';

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
  const dataDir = mkdtempSync(join(tmpdir(), 'curb-stats-'));
  const webDist = mkdtempSync(join(tmpdir(), 'curb-web-'));
  dirs.push(dataDir, webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>x</title>');
  stores = await createTestStores();
  app = await composeApp(testConfig({ DATA_DIR: dataDir, WEB_DIST: webDist }), stores);
  admin = await adminHeaders(app, stores);
  await beacon(
    [
      // Stamped in order, as the tracker stamps each event.
      { name: 'page_view', sessionId: 'a', path: '/', referrer: 'https://www.google.com/', ts: Date.now() - 3000 },
      { name: 'page_view', sessionId: 'a', path: '/services', ts: Date.now() - 2000 },
      { name: 'lead', sessionId: 'a', path: '/services', ts: Date.now() - 1000 },
    ],
    { ip: '198.51.100.1' },
  );
  await beacon([{ name: 'page_view', sessionId: 'b', path: '/blog', utm: { source: 'newsletter', medium: 'email' } }], {
    ip: '198.51.100.2',
  });
  await beacon([{ name: 'page_view', sessionId: 'c', path: '/' }], { ua: BOT });
  await eventsStored(app);
  await buildVisits(stores.ch, { all: true });
});
afterAll(async () => {
  await app?.close();
  await stores?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const stats = (payload: object, headers: Record<string, string> = admin) =>
  app.inject({
    method: 'POST',
    url: '/api/stats',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe('POST /api/stats', () => {
  it('refuses an anonymous call', async () => {
    expect((await stats({ metrics: ['visitors'], date_range: 'day' }, {})).statusCode).toBe(401);
  });

  it('answers the top figures, bots left out', async () => {
    const res = await stats({ metrics: ['visitors', 'visits', 'pageviews', 'bounce_rate', 'leads', 'conversion_rate'], date_range: 'day' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([{ dimensions: [], metrics: [2, 2, 3, 50, 1, 50] }]);
    expect(res.json().meta.time_zone).toBe('UTC');
  });

  it('breaks down by source and filters on it', async () => {
    const res = await stats({ metrics: ['visitors', 'pageviews'], date_range: '7d', dimensions: ['visit:source'] });
    expect(res.json().results).toEqual([
      { dimensions: ['google.com'], metrics: [1, 2] },
      { dimensions: ['newsletter'], metrics: [1, 1] },
    ]);
    const filtered = await stats({
      metrics: ['visitors'],
      date_range: '7d',
      dimensions: ['event:page'],
      filters: [['is', 'visit:source', ['google.com']]],
    });
    expect(filtered.json().results).toEqual([
      { dimensions: ['/'], metrics: [1] },
      { dimensions: ['/services'], metrics: [1] },
    ]);
  });

  it.each([
    [{ metrics: ['visitors', 'bogus'], date_range: 'day' }, 'metrics: unknown metric "bogus"'],
    [{ metrics: ['visitors'], date_range: 'day', dimensions: ['visit:planet'] }, 'dimensions: unknown dimension "visit:planet"'],
    [{ metrics: ['visitors'], date_range: 'day', filters: [['like', 'event:page', ['/']]] }, 'filters: unknown operator "like"'],
    [{ metrics: ['visitors'], date_range: 'day', filters: [['is', 'visit:planet', ['x']]] }, 'filters: cannot filter on "visit:planet"'],
    [{ metrics: ['visitors'], date_range: ['2026-02-30', '2026-03-01'] }, 'date_range: "2026-02-30" is not a date'],
    [{ metrics: ['visitors'], date_range: ['2020-01-01', '2026-01-01'] }, 'date_range: at most'],
    [{ metrics: ['visitors'], date_range: 'fortnight' }, 'date_range: unknown period "fortnight"'],
    [{ metrics: ['visitors'], date_range: 'day', order_by: [['pageviews', 'desc']] }, 'order_by: "pageviews"'],
  ])('answers %j with a 400 naming the problem', async (query, message) => {
    const res = await stats(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('names the filter and its part it refuses, so the filter bar shows it at the control', async () => {
    for (const [filters, field, message] of [
      [
        [
          ['is', 'event:page', ['/']],
          ['is', 'event:goal', ['No such goal']],
        ],
        'filters.1.2',
        'filters: no goal is named "No such goal"',
      ],
      [[['like', 'event:page', ['/']]], 'filters.0.0', 'filters: unknown operator "like"'],
      [[['is', 'visit:planet', ['x']]], 'filters.0.1', 'filters: cannot filter on "visit:planet"'],
    ] as const) {
      const res = await stats({ metrics: ['visitors'], date_range: 'day', filters });
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toEqual({ message: expect.stringContaining(message), field });
    }
    // A value over its length is refused by the request's schema, named by its place in the values.
    const long = await stats({ metrics: ['visitors'], date_range: 'day', filters: [['is', 'visit:source', ['x'.repeat(501)]]] });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'filters.0.2.0' });
  });

  it('answers hostile filter values without a server error, as plain values', async () => {
    for (const value of ["x' OR 1=1 --", 'a\u0000b', '\ud800', '}{:Array(String)}', 'é'.repeat(500)]) {
      const res = await stats({ metrics: ['visitors'], date_range: 'day', filters: [['contains', 'event:page', [value]]] });
      expect(res.statusCode, value).toBeLessThan(500);
      if (res.statusCode === 200) expect(res.json().results).toEqual([{ dimensions: [], metrics: [0] }]);
    }
  });

  it('refuses a body that is not a query', async () => {
    expect((await stats({ metrics: [], date_range: 'day' })).statusCode).toBe(400);
    expect((await stats({ metrics: ['visitors'], date_range: 'day', extra: 1 })).statusCode).toBe(400);
  });

  it('shows a beacon in realtime within 5 seconds', async () => {
    const visitors = async () => (await stats({ metrics: ['visitors'], date_range: 'realtime' })).json().results[0].metrics[0] as number;
    const before = await visitors();
    const sent = performance.now();
    await beacon([{ name: 'page_view', sessionId: 'now', path: '/' }], { ip: '198.51.100.77' });
    await expect.poll(visitors, { timeout: 5000, interval: 100 }).not.toBe(before);
    expect(performance.now() - sent).toBeLessThan(5000);
    await stores.ch.command(`ALTER TABLE events DELETE WHERE session_id = 'now' SETTINGS mutations_sync = 2`);
    await stores.ch.command(`ALTER TABLE visits DELETE WHERE session = cityHash64('now') SETTINGS mutations_sync = 2`);
  });

  it('reads the owner time zone setting for its days', async () => {
    // A save names the version it was made on.
    const setZone = async (time_zone: string) => {
      const { version } = (await app.inject({ url: '/api/admin/settings/traffic', headers: admin })).json() as { version: number };
      return app.inject({
        method: 'PUT',
        url: '/api/settings/traffic',
        headers: admin,
        payload: { values: { time_zone }, baseVersion: version },
      });
    };
    expect((await setZone('Pacific/Kiritimati')).statusCode).toBe(200);
    const res = await stats({ metrics: ['visitors'], date_range: 'day' });
    expect(res.json().meta.time_zone).toBe('Pacific/Kiritimati');
    expect((await setZone('')).statusCode).toBe(200);
    expect((await setZone('Nowhere')).statusCode).toBe(400);
  });
});

describe("the owner's goals", () => {
  const goals = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
    app.inject({ method, url, headers: admin, ...(payload && { payload }) });

  it('counts a page goal with wildcards and an event goal in event:goal', async () => {
    expect((await goals('POST', '/api/admin/goals', { name: 'Read services', kind: 'page', match: '/serv*' })).statusCode).toBe(201);
    const created = await goals('POST', '/api/admin/goals', { name: 'Any lead', kind: 'event', match: 'lead' });
    expect(created.statusCode).toBe(201);
    const res = await stats({ metrics: ['visitors', 'conversion_rate'], date_range: '7d', dimensions: ['event:goal'] });
    expect(res.json().results).toEqual([
      { dimensions: ['Any lead'], metrics: [1, 50] },
      { dimensions: ['Lead'], metrics: [1, 50] },
      { dimensions: ['Read services'], metrics: [1, 50] },
    ]);
    expect((await goals('DELETE', `/api/admin/goals/${created.json().id}`)).statusCode).toBe(204);
    expect((await goals('GET', '/api/admin/goals')).json().map((g: { name: string }) => g.name)).toEqual(['Read services']);
  });

  it.each([
    [{ name: 'Lead', kind: 'event', match: 'lead' }, 'name'],
    [{ name: 'Bad event', kind: 'event', match: 'Not An Event' }, 'match'],
    [{ name: 'Bad page', kind: 'page', match: 'blog' }, 'match'],
  ])('refuses %j naming the field', async (goal, field) => {
    const res = await goals('POST', '/api/admin/goals', goal);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('refuses a second goal of the same name', async () => {
    expect((await goals('POST', '/api/admin/goals', { name: 'Twice', kind: 'page', match: '/a' })).statusCode).toBe(201);
    expect((await goals('POST', '/api/admin/goals', { name: 'Twice', kind: 'page', match: '/b' })).statusCode).toBe(409);
  });
});

describe('API tokens', () => {
  const create = async (name: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/admin/api-tokens', headers: admin, payload: { name } });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; token: string; prefix: string };
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('reads stats with a token, shown once and stored only as a hash', async () => {
    const { id, token, prefix } = await create('Dashboard tool');
    expect(token.startsWith(prefix)).toBe(true);
    const res = await stats({ metrics: ['visitors'], date_range: 'day' }, bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([{ dimensions: [], metrics: [2] }]);
    const listed = (await app.inject({ url: '/api/admin/api-tokens', headers: admin })).json();
    expect(listed.find((t: { id: string }) => t.id === id)).not.toHaveProperty('token');
    expect(listed.find((t: { id: string }) => t.id === id).lastUsedAt).not.toBeNull();
    const [row] = await stores.sql`SELECT token_hash FROM stats_api_tokens WHERE id = ${id}`;
    expect(Buffer.from(row!.token_hash).toString()).not.toContain(token);
  });

  it('opens nothing but the stats query', async () => {
    const { token } = await create('Narrow');
    for (const [method, url] of [
      ['GET', '/api/admin/api-tokens'],
      ['GET', '/api/admin/goals'],
      ['GET', '/api/analytics/retargeting?days=7'],
      ['POST', '/api/admin/api-tokens'],
    ] as const) {
      const res = await app.inject({ method, url, headers: bearer(token), ...(method === 'POST' && { payload: { name: 'x' } }) });
      expect(res.statusCode, url).toBe(401);
    }
    const put = await app.inject({ method: 'PUT', url: '/api/settings/traffic', headers: bearer(token), payload: { time_zone: 'UTC' } });
    expect(put.statusCode).toBe(401);
  });

  it('refuses a revoked or unknown token', async () => {
    const { id, token } = await create('Old');
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/api-tokens/${id}`, headers: admin })).statusCode).toBe(204);
    const revoked = await stats({ metrics: ['visitors'], date_range: 'day' }, bearer(token));
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toContain('not valid');
    expect((await stats({ metrics: ['visitors'], date_range: 'day' }, bearer('curb_nope'))).statusCode).toBe(401);
  });
});
