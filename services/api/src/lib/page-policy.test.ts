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

  it('gives an ordinary page exactly the site-wide policy helmet sends, and no robots header', async () => {
    const base = String((await app.inject('/api/nothing')).headers['content-security-policy']);
    expect(pagePolicy('/', { tags: [], metaperson: false }).contentSecurityPolicy).toBe(base);
    for (const page of ['/', '/services', '/admin', '/no-such-page']) {
      expect(await csp(page), page).toBe(base);
      expect((await headers(page))['x-robots-tag'], page).toBeUndefined();
    }
    expect(base).toContain("script-src 'self';");
    expect(base).not.toContain('https://');
  });

  it('lets only the chat pages compile WebAssembly and only /metaperson-chat frame the avatar creator', async () => {
    expect(await csp('/chat')).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
    expect(await csp('/chat')).not.toContain(METAPERSON_ORIGIN);
    expect(await csp('/metaperson-chat/')).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
    expect(await csp('/metaperson-chat')).toMatch(new RegExp(`frame-src 'self' ${METAPERSON_ORIGIN};`));
    expect(await csp('/services')).not.toContain('wasm-unsafe-eval');
    // Without the creator's credentials there is nothing to frame.
    expect(await csp('/metaperson-chat', await appWith(false))).not.toContain(METAPERSON_ORIGIN);
  });

  it("keeps a report out of search indexes and lets its PDF export's layout engine run", async () => {
    const report = await headers('/audit-report/Abcdefghijklmnopqrstuv');
    expect(report['x-robots-tag']).toBe(NOINDEX);
    expect(String(report['content-security-policy'])).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
    expect(String(report['content-security-policy'])).toMatch(/connect-src 'self' data:;/);
    expect(await csp('/audit-report')).not.toContain('wasm-unsafe-eval');
  });

  it('allows exactly the configured tracking vendors on every page, never on API answers, until they are cleared', async () => {
    await set('google_analytics_id', 'G-AB12CD34EF');
    await set('hotjar_site_id', '1234567');
    const policy = await csp('/services');
    expect(policy).toMatch(
      /script-src 'self' https:\/\/www\.googletagmanager\.com https:\/\/static\.hotjar\.com https:\/\/script\.hotjar\.com;/,
    );
    expect(policy).toContain('https://www.google-analytics.com');
    expect(policy).not.toContain('facebook');
    expect(policy).not.toContain('licdn');
    expect(policy).toContain("object-src 'none'");
    // A page with its own additions keeps the vendors too.
    expect(await csp('/chat')).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com .*'wasm-unsafe-eval';/);
    expect(String((await app.inject('/api/nothing')).headers['content-security-policy'])).not.toContain('https://');

    await set('google_analytics_id', '');
    await set('hotjar_site_id', '');
    expect(await csp('/services')).not.toContain('https://');
  });
});
