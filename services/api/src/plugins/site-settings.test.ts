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

  it('answers within its read timeout with the values last read (or the defaults) while a read hangs', async () => {
    await set('Morgan Ellis Homes');
    // cacheMs 0: every call reads again, as a page does once the cache time is over.
    const reader = Fastify();
    await reader.register(siteSettings, { stores, cacheMs: 0, readTimeoutMs: 200 });
    const fresh = Fastify();
    await fresh.register(siteSettings, { stores, cacheMs: 0, readTimeoutMs: 200 });
    await Promise.all([reader.ready(), fresh.ready()]);
    expect(await reader.siteSettings.get('seo')).toEqual({ site_title: 'Morgan Ellis Homes' });

    // A transaction holding the table stalls every read of it, as a stalled server would.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = stores.sql.begin(async (tx) => {
      await tx`LOCK TABLE settings IN ACCESS EXCLUSIVE MODE`;
      locked();
      await held;
    });
    const safety = setTimeout(release, 5000); // old code waits for the lock: let it end
    try {
      await lockTaken;
      const timed = async (app: typeof reader) => {
        const started = performance.now();
        const values = await app.siteSettings.get('seo');
        return { values, fast: performance.now() - started < 1000 };
      };
      expect(await timed(reader)).toEqual({ values: { site_title: 'Morgan Ellis Homes' }, fast: true });
      expect(await timed(fresh)).toEqual({ values: {}, fast: true });
    } finally {
      clearTimeout(safety);
      release();
      await holder;
      await reader.close();
      await fresh.close();
    }
  });

  it('falls back to the defaults (no settings) while the database cannot be read', async () => {
    await stores.sql.end();
    app.siteSettings.changed('seo');
    expect(await app.siteSettings.get('seo')).toEqual({});
  });
});
