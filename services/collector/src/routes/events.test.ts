import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, startCollector, type TestCollector } from '../../../../test/ingest/collector.ts';

let c: TestCollector;
beforeAll(async () => {
  c = await startCollector();
});
afterAll(() => c.close());

const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = '203.0.113.7') =>
  c.app.inject({
    method: 'POST',
    url: '/api/events',
    remoteAddress,
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA, ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

interface Row {
  event_id: string;
  name: string;
  visitor_id: string;
  ts: string;
  received_at: string;
  page_group: string;
  utm_source: string;
  referrer_domain: string;
  is_bot: number;
  browser: string;
  device: string;
  value: number;
  currency: string;
  email: string;
  props: Record<string, string>;
}
const rowsOf = async (ids: string[]) =>
  c.stores.ch.query<Row>('SELECT * FROM events WHERE event_id IN {ids:Array(UUID)} ORDER BY ts', { ids });

describe('POST /api/events', () => {
  it('accepts one event or a batch (text/plain from sendBeacon), spools it and flushes it to ClickHouse', async () => {
    const [a, b, d] = [randomUUID(), randomUUID(), randomUUID()];
    const one = await post({
      name: 'page_view',
      eventId: a,
      path: '/marketing-audit',
      referrer: 'https://www.google.com/search?q=x',
      utm: { source: 'newsletter' },
    });
    expect(one.statusCode).toBe(202);
    expect(one.json()).toEqual({ accepted: 1 });
    const batch = await post(
      {
        events: [
          { name: 'lead', eventId: b, path: '/services', value: 97, email: 'Owner@Example.com' },
          { name: 'engaged', eventId: d, props: { seconds: 121, deep: true } },
        ],
      },
      { 'content-type': 'text/plain;charset=UTF-8' },
    );
    expect(batch.statusCode).toBe(202);
    expect(batch.json()).toEqual({ accepted: 2 });

    const metrics = await c.drained();
    expect(metrics).toMatchObject({ accepted: 3, spooled: 0, spoolBytes: 0 });
    expect(metrics.flushed).toBe(3);
    const rows = await rowsOf([a, b, d]);
    expect(rows.map((r) => [r.name, r.page_group, r.utm_source, r.referrer_domain, r.is_bot, r.browser, r.device])).toEqual(
      expect.arrayContaining([
        ['page_view', 'Marketing', 'newsletter', 'google.com', 0, 'Chrome', 'desktop'],
        ['lead', 'Services', '', '', 0, 'Chrome', 'desktop'],
        ['engaged', 'General', '', '', 0, 'Chrome', 'desktop'],
      ]),
    );
    const lead = rows.find((r) => r.name === 'lead')!;
    expect([lead.value, lead.currency, lead.email]).toEqual([97, 'USD', 'owner@example.com']);
    expect(rows.find((r) => r.name === 'engaged')!.props).toEqual({ seconds: '121', deep: 'true' });
  });

  it('stores every field a beacon may carry in its own column (the spool line names each column by hand)', async () => {
    const id = randomUUID();
    const sent = await post({
      name: 'ab_view',
      eventId: id,
      sessionId: 'session-1',
      email: 'A@B.example',
      path: '/services',
      referrer: 'https://news.example.org/a',
      utm: { source: 's', medium: 'm', campaign: 'c', content: 'co', term: 't' },
      testType: 'hero',
      variant: 'B',
      value: 12.5,
      props: { k: 'v' },
    });
    expect(sent.statusCode).toBe(202);
    await c.drained();
    const [row] = await c.stores.ch.query<Record<string, unknown>>(
      `SELECT session_id, email, path, page_group, referrer, referrer_domain, utm_source, utm_medium, utm_campaign, utm_content,
              utm_term, test_type, variant, value, currency, props FROM events WHERE event_id = {id:UUID}`,
      { id },
    );
    expect(row).toEqual({
      session_id: 'session-1',
      email: 'a@b.example',
      path: '/services',
      page_group: 'Services',
      referrer: 'https://news.example.org/a',
      referrer_domain: 'news.example.org',
      utm_source: 's',
      utm_medium: 'm',
      utm_campaign: 'c',
      utm_content: 'co',
      utm_term: 't',
      test_type: 'hero',
      variant: 'B',
      value: 12.5,
      currency: 'USD',
      props: { k: 'v' },
    });
  });

  it('stores the country of the client address (never the address), the operating system and the screen size class', async () => {
    const IPHONE =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
      'Version/17.0 Mobile/15E148 Safari/604.1';
    const [phone, desk, local] = [randomUUID(), randomUUID(), randomUUID()];
    expect((await post({ name: 'page_view', eventId: phone, screenWidth: 390 }, { 'user-agent': IPHONE }, '8.8.8.8')).statusCode).toBe(202);
    expect((await post({ name: 'page_view', eventId: desk, screenWidth: 1920 }, {}, '81.2.69.160')).statusCode).toBe(202);
    expect((await post({ name: 'page_view', eventId: local, screenWidth: 1280 }, {}, '10.1.2.3')).statusCode).toBe(202);
    expect((await post({ name: 'page_view', screenWidth: -1 })).statusCode).toBe(400);
    await c.drained();
    const rows = await c.stores.ch.query<{ id: string; country: string; os: string; screen_size: string; line: string }>(
      `SELECT toString(event_id) AS id, country, os, screen_size, toJSONString(tuple(*)) AS line
       FROM events WHERE event_id IN {ids:Array(UUID)}`,
      { ids: [phone, desk, local] },
    );
    const by = Object.fromEntries(rows.map((r) => [r.id, [r.country, r.os, r.screen_size]]));
    expect(by).toEqual({ [phone]: ['US', 'iOS', 'Mobile'], [desk]: ['GB', 'Linux', 'Desktop'], [local]: ['', 'Linux', 'Laptop'] });
    for (const r of rows) expect(r.line).not.toMatch(/8\.8\.8\.8|81\.2\.69\.160|10\.1\.2\.3/);
  });

  it('stores an event sent again (same eventId) once, and still acknowledges it', async () => {
    const ids = [randomUUID(), randomUUID()];
    const batch = { events: ids.map((eventId) => ({ name: 'page_view', eventId, path: '/blog' })) };
    const before = await c.metrics();
    expect((await post(batch)).json()).toEqual({ accepted: 2 });
    // The browser retries after a lost answer, once with a new event beside the old ones.
    const extra = randomUUID();
    const retry = await post({ events: [...batch.events, { name: 'page_view', eventId: extra, path: '/blog' }, batch.events[0]] });
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toEqual({ accepted: 4 });
    const metrics = await c.drained();
    expect(metrics.accepted - before.accepted).toBe(3);
    expect(metrics.duplicates - before.duplicates).toBe(3);
    expect((await rowsOf([...ids, extra])).length).toBe(3);
  });

  it('takes an event id in upper case as the same id: stored once', async () => {
    const id = randomUUID();
    const before = await c.metrics();
    expect((await post({ name: 'page_view', eventId: id, path: '/blog' })).statusCode).toBe(202);
    expect((await post({ name: 'page_view', eventId: id.toUpperCase(), path: '/blog' })).statusCode).toBe(202);
    expect((await post({ events: [{ name: 'page_view', eventId: id.toUpperCase(), path: '/blog' }] })).statusCode).toBe(202);
    const metrics = await c.drained();
    expect([metrics.accepted - before.accepted, metrics.duplicates - before.duplicates]).toEqual([1, 2]);
    expect(await rowsOf([id])).toHaveLength(1);
  });

  it('stores once an event sent again to a collector started since (another replica, or after a restart)', async () => {
    const id = randomUUID();
    await post({ name: 'page_view', eventId: id, path: '/blog' });
    await c.drained();
    const other = await startCollector({}, c.stores);
    try {
      const again = await other.app.inject({
        method: 'POST',
        url: '/api/events',
        remoteAddress: '203.0.113.7',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
        payload: { name: 'page_view', eventId: id, path: '/blog' },
      });
      expect(again.statusCode).toBe(202);
      expect((await other.drained()).duplicates).toBe(1);
      expect((await rowsOf([id])).length).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('knows after a restart the events its spool still held, while ClickHouse refused them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'curb-restart-'));
    const id = randomUUID();
    const send = (to: TestCollector) =>
      to.app.inject({
        method: 'POST',
        url: '/api/events',
        remoteAddress: '203.0.113.7',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
        payload: { name: 'page_view', eventId: id, path: '/pricing' },
      });
    const first = await startCollector({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '1000' }, c.stores);
    await c.stores.ch.command('RENAME TABLE events TO events_offline');
    try {
      expect((await send(first)).statusCode).toBe(202);
      await first.close(); // the row stays in the spool: ClickHouse took nothing
    } finally {
      await c.stores.ch.command('RENAME TABLE events_offline TO events');
    }
    const second = await startCollector({ DATA_DIR: dataDir }, c.stores);
    try {
      expect((await send(second)).statusCode).toBe(202);
      expect((await second.drained()).duplicates).toBe(1);
      expect((await rowsOf([id])).length).toBe(1);
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('flags bots (and requests without a user agent) but still stores them', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    expect(
      (
        await post(
          { name: 'page_view', eventId: a },
          { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
        )
      ).statusCode,
    ).toBe(202);
    const noUa = await c.app.inject({ method: 'POST', url: '/api/events', payload: { name: 'page_view', eventId: b } });
    expect(noUa.statusCode).toBe(202);
    await c.drained();
    expect((await rowsOf([a, b])).map((r) => r.is_bot)).toEqual([1, 1]);
    expect((await c.metrics()).bots).toBeGreaterThanOrEqual(2);
  });

  it('derives a cookieless visitor id from IP and user agent, or uses a consented first-party id', async () => {
    const ids = Array.from({ length: 5 }, () => randomUUID());
    const consented = randomUUID();
    await post({ name: 'page_view', eventId: ids[0] }, {}, '198.51.100.1');
    await post({ name: 'page_view', eventId: ids[1] }, {}, '198.51.100.1');
    await post({ name: 'page_view', eventId: ids[2] }, {}, '198.51.100.2');
    await post({ name: 'page_view', eventId: ids[3], visitorId: consented }, {}, '198.51.100.3');
    await post({ name: 'page_view', eventId: ids[4], visitorId: consented }, { 'user-agent': `${BROWSER_UA} Other` }, '198.51.100.4');
    await c.drained();
    const byId = new Map((await rowsOf(ids)).map((r) => [r.event_id, r.visitor_id]));
    const v = ids.map((id) => byId.get(id));
    expect(v[0]).toBe(v[1]);
    expect(v[2]).not.toBe(v[0]);
    expect(v[3]).toBe(v[4]);
    expect(v[3]).not.toBe(v[0]);
  });

  it('keeps a plausible client time and falls back to server time for a skewed clock', async () => {
    const now = Date.now();
    const [recent, old, ahead] = [randomUUID(), randomUUID(), randomUUID()];
    await post({
      events: [
        { name: 'page_view', eventId: recent, ts: now - 2 * 3600_000 },
        { name: 'page_view', eventId: old, ts: now - 3 * 86_400_000 },
        { name: 'page_view', eventId: ahead, ts: now + 3600_000 },
      ],
    });
    await c.drained();
    const rows = new Map((await rowsOf([recent, old, ahead])).map((r) => [r.event_id, r]));
    const ms = (s: string) => Date.parse(`${s.replace(' ', 'T')}Z`);
    expect(ms(rows.get(recent)!.ts)).toBe(now - 2 * 3600_000);
    for (const id of [old, ahead]) expect(ms(rows.get(id)!.ts)).toBe(ms(rows.get(id)!.received_at));
  });
});

describe('GET /api/events/metrics', () => {
  it('answers this machine only: a client elsewhere (named by a trusted proxy) gets a 404', async () => {
    const proxied = await startCollector({ TRUST_PROXY: 'loopback' }, c.stores);
    try {
      const get = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
        proxied.app.inject({ url: '/api/events/metrics', headers, remoteAddress });
      const remote = await get({ 'x-forwarded-for': '203.0.113.9' });
      expect(remote.statusCode).toBe(404);
      expect(remote.json()).toEqual({ message: 'Not found: GET /api/events/metrics' });
      expect(remote.body).not.toContain('accepted');
      // A client that reaches the collector directly from elsewhere, and a forged header from one.
      expect((await get({}, '198.51.100.4')).statusCode).toBe(404);
      expect((await get({ 'x-forwarded-for': '127.0.0.1' }, '198.51.100.4')).statusCode).toBe(404);
      // The machine itself: directly, or through the proxy from loopback.
      expect((await get()).statusCode).toBe(200);
      expect((await get({ 'x-forwarded-for': '127.0.0.1' })).json()).toHaveProperty('accepted');
      expect((await get({}, '::1')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('malformed beacons get a 4xx and store nothing', () => {
  const bigProps = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));
  it.each([
    ['bad JSON as text/plain', '{"name": "page_view"', { 'content-type': 'text/plain' }, 400],
    ['bad JSON as application/json', '{"name": ', {}, 400],
    ['a 1 MB body', JSON.stringify({ name: 'page_view', path: 'x'.repeat(1024 * 1024) }), {}, 413],
    ['a wrong type for name', { name: 5 }, {}, 400],
    ['a wrong type for value', { name: 'lead', value: '97' }, {}, 400],
    ['a negative timestamp', { name: 'page_view', ts: -1 }, {}, 400],
    ['10,000 props (past the body limit)', JSON.stringify({ name: 'page_view', props: bigProps }), {}, 413],
    [
      '33 props (past the prop limit)',
      { name: 'page_view', props: Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, i])) },
      {},
      400,
    ],
    ['an unknown field', { name: 'page_view', extra: true }, {}, 400],
    ['a nested prop value', { name: 'page_view', props: { a: { b: 1 } } }, {}, 400],
    ['a bad event name', { name: 'Page View' }, {}, 400],
    ['101 events', { events: Array.from({ length: 101 }, () => ({ name: 'page_view' })) }, {}, 400],
    ['an empty batch', { events: [] }, {}, 400],
    ['an array body', [{ name: 'page_view' }], {}, 400],
    ['a JSON null', 'null', {}, 400],
    ['a bad email', { name: 'form_submit', email: 'not-an-email' }, {}, 400],
    ['a timestamp two days ahead', { events: [{ name: 'page_view' }, { name: 'page_view', ts: Date.now() + 2 * 86_400_000 }] }, {}, 400],
    ['a form-encoded body', 'name=page_view', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
    ['a NUL in the e-mail', { name: 'form_submit', email: 'jane\u0000@example.com' }, {}, 400],
    ['a lone surrogate in the visitor id', '{"name":"page_view","visitorId":"\\ud800"}', {}, 400],
    ['a "constructor" prop key', '{"name":"page_view","props":{"constructor":"x"}}', {}, 400],
    ['a "__proto__" key', '{"name":"page_view","__proto__":{"x":1}}', {}, 400],
    ['nesting 10,000 levels deep', `{"name":"page_view","props":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`, {}, 400],
  ] as const)('%s', async (_label, payload, headers, status) => {
    const before = await c.metrics();
    const countBefore = await c.count();
    const res = await post(payload, headers as Record<string, string>);
    expect(res.statusCode).toBe(status);
    expect(typeof res.json().message).toBe('string');
    const after = await c.metrics();
    expect(after.accepted).toBe(before.accepted);
    expect(after.rejected).toBe(before.rejected + 1);
    expect(after.spooled).toBe(0);
    expect(await c.count()).toBe(countBefore);
  });

  it('stores free text the stores cannot hold with U+FFFD in its place, and counts the event', async () => {
    const eventId = randomUUID();
    const raw =
      `{"name":"page_view","eventId":"${eventId}","path":"/homes\\ud800\\u0000",` +
      `"referrer":"https://example.com/\\udc00x","props":{"q":"a\\u0007b"}}`;
    const res = await post(raw);
    expect(res.statusCode).toBe(202);
    await c.drained();
    const [row] = await c.stores.ch.query<{ path: string; referrer: string }>(
      `SELECT path, referrer FROM events WHERE event_id = '${eventId}'`,
    );
    expect(row).toEqual({ path: '/homes\ufffd\ufffd', referrer: 'https://example.com/\ufffdx' });
  });

  it('names the offending field', async () => {
    const res = await post({ events: [{ name: 'page_view' }, { name: 'page_view', value: 'x' }] });
    expect(res.json().message).toMatch(/^Invalid request: \/events\/1\/value /);
  });
});

describe('retention', () => {
  it('applies the owner’s retention setting as the events’ TTL when the collector starts', async () => {
    await c.stores.sql`INSERT INTO settings (category, key, value) VALUES ('retention', 'events_days', '400')`;
    const other = await startCollector({}, c.stores);
    try {
      const [row] = await c.stores.ch.query<{ q: string }>(
        "SELECT create_table_query AS q FROM system.tables WHERE database = currentDatabase() AND name = 'events'",
      );
      expect(row!.q).toContain('toIntervalDay(400)');
    } finally {
      await other.close();
    }
  });
});
