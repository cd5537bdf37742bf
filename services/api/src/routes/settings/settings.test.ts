import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EventRetention } from '@curb/contracts/retention';
import type { SettingsSection } from '@curb/contracts/settings';
import type { Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { adminHeaders } from '../../../../../test/admin-login.ts';

describe('site-wide settings', () => {
  let app: FastifyInstance;
  let stores: Stores;
  let admin: { cookie: string; origin: string };
  /** The category's version now (0 for an unknown one, which the save refuses anyway). */
  const versionOf = async (category: string) => {
    const res = await app.inject({ url: `/api/admin/settings/${category}`, headers: admin });
    return res.statusCode === 200 ? (res.json() as SettingsSection).version : 0;
  };
  /** A save made on the category's current version. */
  const put = async (category: string, values: object, headers: Record<string, string> = admin) =>
    app.inject({ method: 'PUT', url: `/api/settings/${category}`, payload: { values, baseVersion: await versionOf(category) }, headers });

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
    expect(res.json()).toMatchObject({ values: expected, version: 1, changedBy: 'admin@curb.test' });
    expect((await app.inject('/api/settings?category=analytics')).json()).toEqual(expected);
    // Pages may load the configured tags from now on (no cache delay in this process).
    expect(String((await app.inject('/services')).headers['content-security-policy'])).toContain('https://www.googletagmanager.com');
  });

  it('clears a value with an empty string and keeps keys left out', async () => {
    await put('seo', { site_title: 'Curb Appeal', twitter_card_type: 'summary' });
    const res = await put('seo', { twitter_card_type: '' });
    expect(res.json().values).toEqual([{ key: 'site_title', value: 'Curb Appeal' }]);
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

  it('refuses saves made on a version someone else has since saved over, naming who and when', async () => {
    const base = await versionOf('contact');
    // Eight editors who opened the same version save at once: one save lands, seven are told.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        app.inject({
          method: 'PUT',
          url: '/api/settings/contact',
          headers: admin,
          payload: { values: { booking_url: `https://cal.example/editor-${i}` }, baseVersion: base },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const landed = answers.find((r) => r.statusCode === 200)!.json() as SettingsSection;
    expect(landed.version).toBe(base + 1);
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expect(refused.json().message).toMatch(
        new RegExp(
          '^The contact settings were changed by admin@curb\\.test at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC ' +
            `\\(version ${landed.version}\\) after you opened it \\(version ${base}\\)\\. ` +
            'Reload to see those changes, or overwrite them with yours\\.$',
        ),
      );
    // The one that landed is what is stored: nothing was half-written by the refused ones.
    expect((await app.inject('/api/settings?category=contact')).json()).toEqual(landed.values);
    // Overwriting: the same change, made on the newest version, is saved.
    const over = await app.inject({
      method: 'PUT',
      url: '/api/settings/contact',
      headers: admin,
      payload: { values: { booking_url: 'https://cal.example/mine' }, baseVersion: landed.version },
    });
    expect(over.statusCode).toBe(200);
    expect(over.json()).toMatchObject({ values: [{ key: 'booking_url', value: 'https://cal.example/mine' }], version: base + 2 });
  });

  it('refuses a save without the version it was made on, or with one that is not a whole number', async () => {
    for (const baseVersion of [undefined, -1, 1.5, 'x', 2 ** 31]) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/settings/seo',
        headers: admin,
        payload: { values: { site_title: 'No version' }, baseVersion },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('baseVersion');
    }
    expect((await app.inject('/api/settings?category=seo')).json()).not.toContainEqual({ key: 'site_title', value: 'No version' });
  });

  describe('event retention', () => {
    const url = '/api/admin/settings/retention';
    const stored = async () => (await app.inject({ url, headers: admin })).json() as EventRetention;
    /** A save made on the retention's current version. */
    const save = async (payload: object, headers: Record<string, string> = admin) =>
      app.inject({ method: 'PUT', url, payload: { baseVersion: (await stored()).version, ...payload }, headers });
    const ttlOf = async (name: string) =>
      (
        await stores.ch.query<{ q: string }>(
          'SELECT create_table_query AS q FROM system.tables WHERE database = currentDatabase() AND name = {name:String}',
          { name },
        )
      )[0]!.q;

    it('answers the default of 730 days while unset, to the admin only', async () => {
      expect((await app.inject({ url, headers: admin })).json()).toEqual({ eventsDays: 730, version: 0, changedBy: null, changedAt: null });
      expect((await app.inject(url)).statusCode).toBe(401);
      // Not a public category: the loader's endpoint does not serve it.
      expect((await app.inject('/api/settings?category=retention')).statusCode).toBe(400);
    });

    it('stores a new value and sets it as the TTL of the events and their rollups at once', async () => {
      const res = await save({ eventsDays: 90 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ eventsDays: 90, version: 1, applied: true });
      expect(await stored()).toMatchObject({ eventsDays: 90, version: 1, changedBy: 'admin@curb.test' });
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
      expect((await stored()).eventsDays).toBe(90);
      expect(await ttlOf('events')).toMatch(/toIntervalDay\(90\)/);
    });

    it('refuses unknown fields, anonymous and cross-site writes', async () => {
      expect((await save({ eventsDays: 60, extra: 1 })).statusCode).toBe(400);
      expect((await save({ eventsDays: 60 }, {})).statusCode).toBe(401);
      expect((await save({ eventsDays: 60 }, { cookie: admin.cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
      expect((await stored()).eventsDays).toBe(90);
    });

    it('refuses a save made on a version someone else has since saved over, changing nothing', async () => {
      const base = (await stored()).version;
      const answers = await Promise.all(
        [60, 61, 62, 63].map((eventsDays) =>
          app.inject({ method: 'PUT', url, headers: admin, payload: { eventsDays, baseVersion: base } }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const landed = answers.find((r) => r.statusCode === 200)!.json() as { eventsDays: number };
      for (const refused of answers.filter((r) => r.statusCode === 409))
        expect(refused.json().message).toMatch(
          /^The event retention was changed by admin@curb\.test at .+ UTC \(version \d+\) after you opened it/,
        );
      expect(await stored()).toMatchObject({ eventsDays: landed.eventsDays, version: base + 1 });
      expect(await ttlOf('events')).toContain(`toIntervalDay(${landed.eventsDays})`);
      expect((await save({ eventsDays: 90 })).statusCode).toBe(200);
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
      expect((await stored()).eventsDays).toBe(120);
    });
  });
});
