// robots.txt, sitemap.xml and llms.txt as crawlers and AI assistants read them.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseStudies, seoDefaults } from '@curb/content';
import type { Stores } from '@curb/runtime';
import { createTestStores } from '../../../../../test/harness.ts';
import siteSettings from '../../plugins/site-settings.ts';
import seoFileRoutes from './index.ts';

describe('SEO files', () => {
  const app = Fastify();
  let stores: Stores;
  beforeAll(async () => {
    stores = await createTestStores();
    await app.register(siteSettings, { stores, cacheMs: 0 });
    await app.register(seoFileRoutes);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await stores?.close();
  });

  it('robots.txt allows the site, keeps crawlers out of private paths and names the sitemap', async () => {
    const res = await app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *\nAllow: /\n');
    for (const path of ['/admin', '/api/', '/audit-report/']) expect(res.body).toContain(`Disallow: ${path}\n`);
    expect(res.body).toMatch(/^Sitemap: https:\/\/\S+\/sitemap\.xml$/m);
  });

  it('sitemap.xml lists every public page and case study, and nothing private', async () => {
    const res = await app.inject('/sitemap.xml');
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toEqual(
      expect.arrayContaining([
        '/',
        '/services',
        '/experience',
        '/blog',
        '/marketing-audit',
        '/real-estate-marketing-report',
        '/advanced-seo-audit',
        ...caseStudies.map((s) => `/blog/${s.id}`),
      ]),
    );
    expect(locs).toHaveLength(13);
    expect(locs.some((p) => p.startsWith('/admin') || p.startsWith('/audit-report') || p === '/test-report')).toBe(false);
    expect(res.body).toContain(`<lastmod>${caseStudies[0]!.date}</lastmod>`);
  });

  it("llms.txt passes Lighthouse's rules: text, an H1, a summary, Markdown links, more than 50 characters", async () => {
    const res = await app.inject('/llms.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/^# \S.+\n/);
    expect(text).toMatch(/^> \S.+$/m);
    const links = [...text.matchAll(/\[([^\]]+)\]\(([^)]+)\)/g)];
    expect(links.length).toBeGreaterThanOrEqual(13);
    for (const [, , url] of links) expect(() => new URL(url!)).not.toThrow();
    expect(text.length).toBeGreaterThan(50);
    expect(text).not.toMatch(/<(html|!doctype)/i);
  });

  it("uses the owner's canonical URL, once set, as the site's address in all three", async () => {
    expect((await app.inject('/robots.txt')).body).toContain(`Sitemap: ${seoDefaults.canonicalUrl}/sitemap.xml`);
    await stores.sql`INSERT INTO settings (category, key, value) VALUES ('seo', 'canonical_url', 'https://www.morgan-homes.example/')`;
    expect((await app.inject('/robots.txt')).body).toContain('Sitemap: https://www.morgan-homes.example/sitemap.xml');
    const locs = [...(await app.inject('/sitemap.xml')).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).origin);
    expect(new Set(locs)).toEqual(new Set(['https://www.morgan-homes.example']));
    expect((await app.inject('/llms.txt')).body).toContain('](https://www.morgan-homes.example/services)');
    await stores.sql`DELETE FROM settings WHERE category = 'seo'`;
  });
});
