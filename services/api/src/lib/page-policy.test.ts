// Each page's security headers as a visitor receives them, through the page server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { METAPERSON_ORIGIN } from '@curb/contracts/assistant';
import { createServer, type Stores } from '@curb/runtime';
import { createTestStores, testConfig } from '../../../../test/harness.ts';
import siteSettings from '../plugins/site-settings.ts';
import webApp from '../plugins/web-app.ts';
import { NOINDEX, pagePolicy } from './page-policy.ts';

describe('page policy', () => {
  let stores: Stores;
  let dist: string;
  const apps: FastifyInstance[] = [];
  const appWith = async (metaperson: boolean) => {
    const app = await createServer(testConfig());
    await app.register(siteSettings, { stores, cacheMs: 0 });
    await app.register(webApp, { dist, metaperson });
    await app.ready();
    apps.push(app);
    return app;
  };
  let app: FastifyInstance;
  const headers = async (url: string, on = app) => (await on.inject(url)).headers;
  const csp = async (url: string, on = app) => String((await headers(url, on))['content-security-policy']);
  const set = (key: string, value: string) =>
    stores.sql`INSERT INTO settings (category, key, value) VALUES ('analytics', ${key}, ${value})
      ON CONFLICT (category, key) DO UPDATE SET value = EXCLUDED.value`;

  beforeAll(async () => {
    stores = await createTestStores();
    dist = mkdtempSync(join(tmpdir(), 'curb-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>t</title><div id="root"></div>');
    app = await appWith(true);
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await stores?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  // The browser keeps the policy of the page a visitor came in by, whatever page a client-side
  // move then shows: every page must answer the same policy, or a journey breaks where a
  // direct load works.
  const PAGES = [
    '/',
    '/services',
    '/marketing-audit',
    '/audit-report/Abcdefghijklmnopqrstuv',
    '/chat',
    '/metaperson-chat/',
    '/admin',
    '/no-such-page',
  ];

  it('gives every page one policy: the site-wide one, WebAssembly for the voice detection, never eval', async () => {
    const base = String((await app.inject('/api/nothing')).headers['content-security-policy']);
    expect(base).toContain("script-src 'self';");
    const policy = await csp('/');
    expect(policy).toBe(
      base
        .replace("script-src 'self';", "script-src 'self' 'wasm-unsafe-eval';")
        .replace("frame-src 'self'", `frame-src 'self' ${METAPERSON_ORIGIN}`),
    );
    for (const page of PAGES) expect(await csp(page), page).toBe(policy);
    expect(policy).not.toContain("'unsafe-eval'");
    // Without the avatar creator's credentials there is nothing to frame, on any page.
    const plain = await appWith(false);
    for (const page of PAGES) expect(await csp(page, plain), page).not.toContain(METAPERSON_ORIGIN);
  });

  it('keeps a report, and only a report, out of search indexes', async () => {
    expect((await headers('/audit-report/Abcdefghijklmnopqrstuv'))['x-robots-tag']).toBe(NOINDEX);
    for (const page of PAGES.filter((p) => !p.startsWith('/audit-report/')))
      expect((await headers(page))['x-robots-tag'], page).toBeUndefined();
    expect(pagePolicy('/audit-report/x/', { tags: [], metaperson: false }).robots).toBe(NOINDEX);
  });

  it('allows exactly the configured tracking vendors on every page, never on API answers, until they are cleared', async () => {
    await set('google_analytics_id', 'G-AB12CD34EF');
    await set('hotjar_site_id', '1234567');
    const policy = await csp('/services');
    expect(policy).toContain(
      "script-src 'self' https://www.googletagmanager.com https://static.hotjar.com https://script.hotjar.com 'wasm-unsafe-eval';",
    );
    expect(policy).toContain('https://www.google-analytics.com');
    expect(policy).not.toContain('facebook');
    expect(policy).not.toContain('licdn');
    expect(policy).toContain("object-src 'none'");
    expect(policy).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com .*'wasm-unsafe-eval';/);
    expect(String((await app.inject('/api/nothing')).headers['content-security-policy'])).not.toContain('https://');

    await set('google_analytics_id', '');
    await set('hotjar_site_id', '');
    expect(await csp('/services')).toBe(await csp('/'));
    expect(await csp('/services')).not.toMatch(/google|hotjar/);
  });
});
