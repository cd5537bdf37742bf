// The owner's site-wide settings as the server itself applies them (the pages' CSP, the SEO
// tags in every page, robots.txt and the sitemap): read from PostgreSQL at most once per
// `cacheMs` and category, and at once after a change made through this process. Other api
// processes follow within the cache time. A page never waits on the database for more than
// `readTimeoutMs`: past it, or when the read fails, it gets the values last read (the defaults
// if none), while one read per category keeps trying in the background.
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
  /**
   * The category's set values; while the database cannot be read or is slow, the values last
   * read (none before the first read: the defaults apply).
   */
  get<C extends SettingCategory>(category: C): Promise<SettingsOf<C>>;
  /** Forgets the cached category after a change. */
  changed(category: SettingCategory): void;
}

/** Settings change rarely; every api process picks a change up within this time. */
const CACHE_MS = 10_000;
/** A page waits at most this long for the settings before it goes out with the last ones read. */
export const SETTINGS_READ_TIMEOUT_MS = 300;

interface Entry {
  at: number;
  values: Promise<SettingsOf<SettingCategory>>;
  /** Set once the read answered or failed. */
  settled: boolean;
  /** Set once a page stopped waiting for this read. */
  late: boolean;
}

export default fp(
  async function siteSettings(app: FastifyInstance, opts: { stores: Stores; cacheMs?: number; readTimeoutMs?: number }) {
    const cacheMs = opts.cacheMs ?? CACHE_MS;
    const readTimeoutMs = opts.readTimeoutMs ?? SETTINGS_READ_TIMEOUT_MS;
    const cache = new Map<SettingCategory, Entry>();
    /** The values each category last read, served while the database does not answer. */
    const lastRead = new Map<SettingCategory, SettingsOf<SettingCategory>>();
    const fallback = (category: SettingCategory) => lastRead.get(category) ?? {};

    const read = (category: SettingCategory): Entry => {
      const entry: Entry = { at: Date.now(), values: Promise.resolve({}), settled: false, late: false };
      entry.values = settings.readCategory(opts.stores.sql, category).then(
        (list) => {
          const values = settingsObject<SettingCategory>(list);
          entry.settled = true;
          if (cache.get(category) === entry) lastRead.set(category, values);
          return values;
        },
        (err: unknown) => {
          entry.settled = true;
          app.log.warn({ err, category }, 'could not read the site settings; using the last ones read or the defaults');
          if (cache.get(category) === entry) cache.delete(category); // try again on the next request
          return fallback(category);
        },
      );
      cache.set(category, entry);
      return entry;
    };

    app.decorate('siteSettings', {
      get<C extends SettingCategory>(category: C): Promise<SettingsOf<C>> {
        const cached = cache.get(category);
        const entry = cached && Date.now() - cached.at < cacheMs ? cached : read(category);
        if (entry.settled) return entry.values as Promise<SettingsOf<C>>;
        // A read already waited on for too long: the pages go out at once with what we have.
        if (entry.late) return Promise.resolve(fallback(category) as SettingsOf<C>);
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<SettingsOf<SettingCategory>>((resolve) => {
          timer = setTimeout(() => {
            if (!entry.late) app.log.warn({ category, ms: readTimeoutMs }, 'site settings not read in time; using the last ones read');
            entry.late = true;
            resolve(fallback(category));
          }, readTimeoutMs);
        });
        return Promise.race([entry.values, timeout]).finally(() => clearTimeout(timer)) as Promise<SettingsOf<C>>;
      },
      changed(category: SettingCategory) {
        cache.delete(category);
        lastRead.delete(category);
      },
    });
  },
  { name: 'curb-site-settings' },
);
