// The public site's copy of the owner's funnels and A/B tests, as the page server
// writes it into every page and GET /api/site/config answers it: read from PostgreSQL at most
// once per `cacheMs`, and at once after a change made through this process; other api
// processes follow within the cache time. While the database does not answer (or is slow),
// pages go out with the copy last read, or the site's defaults before the first read.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AB_TESTS, defaultAbTest, type AbTestType, type PublicAbTest } from '@curb/contracts/ab-tests';
import { landingDefaults } from '@curb/content';
import { completeConfig, type PublicFunnel, type PublicSiteConfig } from '@curb/contracts/funnel-config';
import { abTests, funnels } from '@curb/db';
import type { Stores } from '@curb/runtime';
import { cachedRead } from '../lib/cached-read.ts';

declare module 'fastify' {
  interface FastifyInstance {
    siteConfig: SiteConfigCache;
  }
}

export interface SiteConfigCache {
  get(): Promise<PublicSiteConfig>;
  /** Forgets the cached copy after a change; resolves once the new copy is read. */
  changed(): Promise<void>;
}

/** "Changes apply within seconds": every api process reads the funnels again after this. */
export const SITE_CONFIG_CACHE_MS = 3_000;
/** A page waits at most this long for the funnels before it goes out with the copy last read. */
const READ_TIMEOUT_MS = 300;

/** Funnels and tests as the public site applies them. */
export async function readSiteConfig(stores: Pick<Stores, 'sql'>): Promise<PublicSiteConfig> {
  const [rows, tests] = await Promise.all([funnels.publicRows(stores.sql), abTests.list(stores.sql)]);
  const publicFunnels = rows.map((row): PublicFunnel => {
    const config = completeConfig(row.config);
    return {
      id: row.id,
      active: row.is_active,
      title: row.title,
      landingPage: config.landingPage,
      popup: config.popup,
      tracking: { events: config.tracking.events },
    };
  });
  const stored = new Map(tests.map((t) => [t.test_type, t]));
  const publicTests = (Object.keys(AB_TESTS) as AbTestType[]).map((testType): PublicAbTest => {
    const row = stored.get(testType);
    return row ? { testType, status: row.status, weights: row.weights, winner: row.winner } : defaultAbTest(testType);
  });
  return { funnels: publicFunnels, tests: publicTests };
}

/** What the site shows before any funnel is read: no funnel known (every page keeps its own texts), every test at its default. */
export const DEFAULT_SITE_CONFIG: PublicSiteConfig = {
  funnels: [],
  tests: (Object.keys(AB_TESTS) as AbTestType[]).map(defaultAbTest),
};

/**
 * Whether the config changes nothing on the site: every funnel active with its page's own
 * title and the default texts and settings, every test at its equal split. Pages then go out
 * as built, without the config (the browser assumes the defaults).
 */
export function isDefaultSiteConfig(config: PublicSiteConfig): boolean {
  const fresh = completeConfig({});
  const defaultPublic = stableJson({ landingPage: fresh.landingPage, popup: fresh.popup, tracking: { events: fresh.tracking.events } });
  return (
    config.funnels.every(
      (f) =>
        f.active &&
        f.title === landingDefaults(f.id).title &&
        stableJson({ landingPage: f.landingPage, popup: f.popup, tracking: f.tracking }) === defaultPublic,
    ) && config.tests.every((t) => isAbTestTypeDefault(t))
  );
}

const isAbTestTypeDefault = (test: PublicAbTest) =>
  test.testType in AB_TESTS && stableJson(test) === stableJson(defaultAbTest(test.testType as AbTestType));

/** JSON with every object's keys sorted (PostgreSQL's jsonb keeps its own key order). */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export default fp(
  async function siteConfig(app: FastifyInstance, opts: { stores: Stores; cacheMs?: number }) {
    const config = cachedRead({
      read: () => readSiteConfig(opts.stores),
      initial: DEFAULT_SITE_CONFIG,
      cacheMs: opts.cacheMs ?? SITE_CONFIG_CACHE_MS,
      timeoutMs: READ_TIMEOUT_MS,
      log: app.log,
      what: 'the funnels',
    });
    app.decorate('siteConfig', config);
  },
  { name: 'curb-site-config' },
);
