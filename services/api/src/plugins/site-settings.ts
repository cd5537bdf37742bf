// The owner's site-wide settings as the server itself applies them (the pages' CSP, the SEO
// tags in every page, robots.txt and the sitemap): read from PostgreSQL at most once per
// `cacheMs` and category, and at once after a change made through this process. Other api
// processes follow within the cache time.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SettingCategory, SettingsOf } from '@curb/contracts/settings';
import { settingsObject } from '@curb/contracts/settings-values';
import { settings } from '@curb/db';
import type { Stores } from '@curb/runtime';

declare module 'fastify' {
  interface FastifyInstance {
    siteSettings: SiteSettings;
  }
}

export interface SiteSettings {
  /** The category's set values; none while the database cannot be read (the defaults apply). */
  get<C extends SettingCategory>(category: C): Promise<SettingsOf<C>>;
  /** Forgets the cached category after a change. */
  changed(category: SettingCategory): void;
}

/** Settings change rarely; every api process picks a change up within this time. */
const CACHE_MS = 10_000;

export default fp(
  async function siteSettings(app: FastifyInstance, opts: { stores: Stores; cacheMs?: number }) {
    const cacheMs = opts.cacheMs ?? CACHE_MS;
    const cache = new Map<SettingCategory, { at: number; values: Promise<SettingsOf<SettingCategory>> }>();
    app.decorate('siteSettings', {
      get<C extends SettingCategory>(category: C): Promise<SettingsOf<C>> {
        const cached = cache.get(category);
        if (cached && Date.now() - cached.at < cacheMs) return cached.values as Promise<SettingsOf<C>>;
        const entry = { at: Date.now(), values: Promise.resolve({}) as Promise<SettingsOf<SettingCategory>> };
        entry.values = settings.readCategory(opts.stores.sql, category).then(
          (list) => settingsObject<C>(list),
          (err: unknown) => {
            app.log.warn({ err, category }, 'could not read the site settings; using the defaults');
            if (cache.get(category) === entry) cache.delete(category); // try again on the next request
            return {};
          },
        );
        cache.set(category, entry);
        return entry.values as Promise<SettingsOf<C>>;
      },
      changed(category: SettingCategory) {
        cache.delete(category);
      },
    });
  },
  { name: 'curb-site-settings' },
);
