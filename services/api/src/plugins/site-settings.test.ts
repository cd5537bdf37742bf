import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stores } from '@curb/runtime';
import { createTestStores } from '../../../../test/harness.ts';
import siteSettings from './site-settings.ts';

describe('site settings as the server applies them', () => {
  const app = Fastify();
  let stores: Stores;
  const set = (value: string) =>
    stores.sql`INSERT INTO settings (category, key, value) VALUES ('seo', 'site_title', ${value})
      ON CONFLICT (category, key) DO UPDATE SET value = EXCLUDED.value`;

  beforeAll(async () => {
    stores = await createTestStores();
    await app.register(siteSettings, { stores, cacheMs: 60_000 });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await stores?.close().catch(() => {});
  });

  it('reads a category once per cache time, and again at once after a change made here', async () => {
    await set('Morgan Ellis');
    expect(await app.siteSettings.get('seo')).toEqual({ site_title: 'Morgan Ellis' });
    await set('Morgan Ellis Homes');
    expect(await app.siteSettings.get('seo')).toEqual({ site_title: 'Morgan Ellis' });
    app.siteSettings.changed('seo');
    expect(await app.siteSettings.get('seo')).toEqual({ site_title: 'Morgan Ellis Homes' });
    expect(await app.siteSettings.get('analytics')).toEqual({});
  });

  it('falls back to the defaults (no settings) while the database cannot be read', async () => {
    await stores.sql.end();
    app.siteSettings.changed('seo');
    expect(await app.siteSettings.get('seo')).toEqual({});
  });
});
