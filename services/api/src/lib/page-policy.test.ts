import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createServer, type Stores } from '@curb/runtime';
import { createTestStores, testConfig } from '../../../../test/harness.ts';
import siteSettings from './site-settings.ts';
import tagCsp, { pagePolicy } from './tag-csp.ts';
import webApp from './web-app.ts';

describe('page CSP widened for configured tags only', () => {
  let app: FastifyInstance;
  let stores: Stores;
  let dist: string;
  const csp = async (url = '/') => String((await app.inject(url)).headers['content-security-policy']);
  const set = (key: string, value: string) =>
    stores.sql`INSERT INTO settings (category, key, value) VALUES ('analytics', ${key}, ${value}) ON CONFLICT (category, key) DO UPDATE SET value = EXCLUDED.value`;

  beforeAll(async () => {
    stores = await createTestStores();
    dist = mkdtempSync(join(tmpdir(), 'curb-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>t</title><div id="root"></div>');
    app = await createServer(testConfig());
    await app.register(siteSettings, { stores, cacheMs: 0 });
    await app.register(tagCsp);
    await app.register(webApp, { dist });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('keeps the self-only policy while nothing is configured', async () => {
    const policy = await csp();
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('https://');
  });

  it('allows exactly the configured vendors on pages, not on API answers', async () => {
    await set('google_analytics_id', 'G-AB12CD34EF');
    await set('hotjar_site_id', '1234567');
    const policy = await csp('/services');
    expect(policy).toMatch(
      /script-src 'self' https:\/\/www\.googletagmanager\.com https:\/\/static\.hotjar\.com https:\/\/script\.hotjar\.com;/,
    );
    expect(policy).toContain('connect-src');
    expect(policy).not.toContain('facebook');
    expect(policy).not.toContain('licdn');
    expect(policy).toContain("object-src 'none'");
    expect(String((await app.inject('/api/nothing')).headers['content-security-policy'])).not.toContain('https://');
  });

  it('goes back to the strict policy when the tags are cleared', async () => {
    await set('google_analytics_id', '');
    await set('hotjar_site_id', '');
    expect(await csp()).not.toContain('https://');
  });

  it('serialises the base policy exactly as helmet sends it', async () => {
    expect(pagePolicy([])).toBe(String((await app.inject('/api/nothing')).headers['content-security-policy']));
  });
});
