// robots.txt, sitemap.xml, llms.txt and the feeds as crawlers, feed readers and AI assistants read them.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseStudies, seoDefaults } from '@curb/content';
import type { Stores } from '@curb/runtime';
import { createTestStores } from '../../../../../test/harness.ts';
import { ownerContent } from '@curb/db';
import type { PostEdit } from '@curb/contracts/owner-content';
import siteContent from '../../plugins/site-content.ts';
import siteSettings from '../../plugins/site-settings.ts';
import seoFileRoutes from './index.ts';

describe('SEO files', () => {
  const app = Fastify();
  let stores: Stores;
  beforeAll(async () => {
    stores = await createTestStores();
    await app.register(siteSettings, { stores, cacheMs: 0 });
    await app.register(siteContent, { stores, cacheMs: 0 });
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

  it('the feeds list the sample posts, then follow a publish at once, as does the sitemap; drafts stay out', async () => {
    const atom = await app.inject('/feed.xml');
    expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect([...atom.body.matchAll(/<entry>/g)]).toHaveLength(caseStudies.length);
    const post = (slug: string, status: PostEdit['status'], title: string): PostEdit => ({
      slug,
      title,
      seoTitle: '',
      seoDescription: 'Staging & pricing <for> spring',
      excerpt: '',
      category: 'Listings',
      tags: [],
      coverImage: '',
      markdown: 'Body',
      status,
      publishedAt: status === 'published' ? '2026-11-20' : '',
    });
    await stores.sql.begin(async (tx) => {
      await ownerContent.insertPost(tx, post('spring-open-house', 'published', 'Spring "open" house & more'));
      await ownerContent.insertPost(tx, post('secret-draft', 'draft', 'Not yet'));
    });
    const feed = (await app.inject('/feed.xml')).body;
    expect([...feed.matchAll(/<entry>/g)]).toHaveLength(1);
    expect(feed).toContain('<title>Spring &quot;open&quot; house &amp; more</title>');
    expect(feed).toContain(`<link href="${seoDefaults.canonicalUrl}/blog/spring-open-house"/>`);
    expect(feed).toContain('<updated>2026-11-20T00:00:00.000Z</updated>');
    expect(feed).toContain('<summary>Staging &amp; pricing &lt;for&gt; spring</summary>');
    const rss = await app.inject('/rss.xml');
    expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(rss.body).toContain(`<guid isPermaLink="true">${seoDefaults.canonicalUrl}/blog/spring-open-house</guid>`);
    expect(rss.body).toContain('<pubDate>Fri, 20 Nov 2026 00:00:00 GMT</pubDate>');
    const sitemap = (await app.inject('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>${seoDefaults.canonicalUrl}/blog/spring-open-house</loc>\n    <lastmod>2026-11-20</lastmod>`);
    for (const body of [feed, rss.body, sitemap, (await app.inject('/llms.txt')).body]) {
      expect(body).not.toContain('secret-draft');
      expect(body).not.toContain(`/blog/${caseStudies[0]!.id}`);
    }
  });
});
