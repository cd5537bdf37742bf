import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../lib/auth/test-login.ts';

describe('site-wide settings', () => {
  let app: FastifyInstance;
  let stores: Stores;
  let admin: { cookie: string; origin: string };
  const put = (category: string, payload: object, headers: Record<string, string> = admin) =>
    app.inject({ method: 'PUT', url: `/api/settings/${category}`, payload, headers });

  beforeAll(async () => {
    stores = await createTestStores();
    app = await composeApp(testConfig(), stores);
    admin = await adminHeaders(app, stores);
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
  });

  it('serves nothing before the owner sets anything', async () => {
    for (const category of ['analytics', 'seo']) {
      const res = await app.inject(`/api/settings?category=${category}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
  });

  it('saves valid values and serves them publicly, in the documented key order', async () => {
    const res = await put('analytics', { hotjar_site_id: '1234567', google_analytics_id: 'G-AB12CD34EF', facebook_pixel_id: '' });
    expect(res.statusCode).toBe(200);
    const expected = [
      { key: 'google_analytics_id', value: 'G-AB12CD34EF' },
      { key: 'hotjar_site_id', value: '1234567' },
    ];
    expect(res.json()).toEqual(expected);
    expect((await app.inject('/api/settings?category=analytics')).json()).toEqual(expected);
    // Pages may load the configured tags from now on (no cache delay in this process).
    expect(String((await app.inject('/services')).headers['content-security-policy'])).toContain('https://www.googletagmanager.com');
  });

  it('clears a value with an empty string and keeps keys left out', async () => {
    await put('seo', { site_title: 'Curb Appeal', twitter_card_type: 'summary' });
    const res = await put('seo', { twitter_card_type: '' });
    expect(res.json()).toEqual([{ key: 'site_title', value: 'Curb Appeal' }]);
  });

  it.each([
    ['analytics', { google_analytics_id: 'UA-1234' }, 'Google Analytics measurement ID must be G- followed by letters and digits'],
    ['analytics', { google_tag_manager_id: 'GTM-<script>' }, 'Google Tag Manager container ID must be'],
    ['analytics', { facebook_pixel_id: '12ab' }, 'Facebook (Meta) Pixel ID must be 10 to 20 digits'],
    ['seo', { canonical_url: 'javascript:alert(1)' }, 'Canonical URL must be the site address'],
    ['seo', { og_image_url: 'http://insecure.example/og.png' }, 'Social sharing image URL must be'],
    ['seo', { site_title: 'x'.repeat(71) }, 'Site title must be plain text, at most 70 characters'],
    ['seo', { site_description: 'Hi <b>there</b>' }, 'Site description must be plain text'],
    ['seo', { twitter_card_type: 'player' }, 'Twitter card type must be summary or summary_large_image'],
    ['seo', { google_analytics_id: 'G-AB12CD34EF' }, 'Unknown seo setting: google_analytics_id.'],
  ])('refuses a bad %s value with a clear 400 and changes nothing', async (category, payload, message) => {
    const before = await stores.sql`SELECT category, key, value FROM settings ORDER BY 1, 2`;
    const res = await put(category, { ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await stores.sql`SELECT category, key, value FROM settings ORDER BY 1, 2`).toEqual(before);
  });

  it('refuses an unknown category and a missing one', async () => {
    expect((await app.inject('/api/settings?category=secrets')).statusCode).toBe(400);
    expect((await app.inject('/api/settings')).statusCode).toBe(400);
    expect((await put('secrets', {})).statusCode).toBe(400);
  });

  it('refuses anonymous writes with 401 and cross-site writes with 403', async () => {
    expect((await put('seo', { site_title: 'Hacked' }, {})).statusCode).toBe(401);
    expect((await put('seo', { site_title: 'Hacked' }, { cookie: admin.cookie })).statusCode).toBe(403);
    expect((await put('seo', { site_title: 'Hacked' }, { cookie: admin.cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await app.inject('/api/settings?category=seo')).json()).not.toContainEqual({ key: 'site_title', value: 'Hacked' });
  });

  describe('event retention', () => {
    const url = '/api/admin/settings/retention';
    const save = (payload: object, headers: Record<string, string> = admin) => app.inject({ method: 'PUT', url, payload, headers });
    const ttlOf = async (name: string) =>
      (
        await stores.ch.query<{ q: string }>(
          'SELECT create_table_query AS q FROM system.tables WHERE database = currentDatabase() AND name = {name:String}',
          { name },
        )
      )[0]!.q;

    it('answers the default of 730 days while unset, to the admin only', async () => {
      expect((await app.inject({ url, headers: admin })).json()).toEqual({ eventsDays: 730 });
      expect((await app.inject(url)).statusCode).toBe(401);
      // Not a public category: the loader's endpoint does not serve it.
      expect((await app.inject('/api/settings?category=retention')).statusCode).toBe(400);
    });

    it('stores a new value and sets it as the TTL of the events and their rollups at once', async () => {
      const res = await save({ eventsDays: 90 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ eventsDays: 90, applied: true });
      expect((await app.inject({ url, headers: admin })).json()).toEqual({ eventsDays: 90 });
      expect(await ttlOf('events')).toMatch(/TTL toDateTime\(ts\) \+ toIntervalDay\(90\)/);
      for (const rollup of ['events_daily', 'sessions', 'page_visitors'])
        expect(await ttlOf(rollup)).toMatch(/TTL date \+ toIntervalDay\(90\)/);
    });

    it.each([[29], [3651], [90.5], ['ninety'], [-1]])('refuses %j with a clear 400 and changes nothing', async (eventsDays) => {
      const res = await save({ eventsDays });
      expect(res.statusCode).toBe(400);
      // An integer out of range gets the form's words; anything else the schema's, naming the field.
      expect(res.json().message).toEqual(
        typeof eventsDays === 'number' && Number.isInteger(eventsDays)
          ? 'Event retention must be a whole number of days from 30 to 3650.'
          : expect.stringContaining('eventsDays'),
      );
      expect((await app.inject({ url, headers: admin })).json()).toEqual({ eventsDays: 90 });
      expect(await ttlOf('events')).toMatch(/toIntervalDay\(90\)/);
    });

    it('refuses unknown fields, anonymous and cross-site writes', async () => {
      expect((await save({ eventsDays: 60, extra: 1 })).statusCode).toBe(400);
      expect((await save({ eventsDays: 60 }, {})).statusCode).toBe(401);
      expect((await save({ eventsDays: 60 }, { cookie: admin.cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
      expect((await app.inject({ url, headers: admin })).json()).toEqual({ eventsDays: 90 });
    });

    it('tells the owner when the event store refuses the new retention, keeping the value for the hourly retry', async () => {
      // A rollup that cannot take a TTL (a view where a table should be): ClickHouse refuses the ALTER.
      await stores.ch.command('DROP TABLE page_visitors');
      await stores.ch.command('CREATE VIEW page_visitors AS SELECT today() AS date');
      const res = await save({ eventsDays: 120 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ eventsDays: 120, applied: false });
      expect(res.json().message).toMatch(
        /^The event store did not take the new retention yet \(.+\)\. It is saved and retried every hour\.$/,
      );
      expect((await app.inject({ url, headers: admin })).json()).toEqual({ eventsDays: 120 });
    });
  });
});
