// Which page and status each path gets: prerendered pages 200, browser-only pages the
// shell, unknown case studies 'Post Not Found' and unknown paths the 404 page, both 404.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDefaults } from '@curb/content';
import { seoHeadTags } from '@curb/contracts/seo-tags';
import { createServer, type Stores } from '@curb/runtime';
import { createTestStores, testConfig } from '../../../../test/harness.ts';
import siteSettings from './site-settings.ts';
import webApp, { loadPages, pageFor, withHeadTags, withSiteTitle } from './web-app.ts';

describe('web app pages', () => {
  const dist = mkdtempSync(join(tmpdir(), 'curb-web-dist-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  writeFileSync(join(dist, 'index.html'), '<html>shell</html>');
  mkdirSync(join(dist, '_prerendered'));
  const files = {
    'index.html': 'home',
    'services.html': 'services',
    'blog__exp-realty-transition.html': 'post',
    'not-found.html': '<title>Page /__token__</title>',
    'post-not-found.html': 'Post Not Found',
  };
  for (const [file, body] of Object.entries(files)) writeFileSync(join(dist, '_prerendered', file), body);
  writeFileSync(
    join(dist, '_prerendered', 'manifest.json'),
    JSON.stringify({
      pages: { '/': 'index.html', '/services': 'services.html', '/blog/exp-realty-transition': 'blog__exp-realty-transition.html' },
      notFound: 'not-found.html',
      postNotFound: 'post-not-found.html',
      notFoundPathToken: '/__token__',
    }),
  );
  const pages = loadPages(dist);

  it.each([
    ['/', 200, 'home'],
    ['/services', 200, 'services'],
    ['/services/', 200, 'services'],
    ['/blog/exp-realty-transition', 200, 'post'],
    ['/blog/no-such-post', 404, 'Post Not Found'],
    ['/admin/dashboard', 200, '<html>shell</html>'],
    ['/audit-report/abc', 200, '<html>shell</html>'],
    ['/no-such-page', 404, '<title>Page /no-such-page</title>'],
  ])('%s answers %i', (path, status, html) => {
    expect(pageFor(pages, path)).toMatchObject({ status, html });
  });

  it('puts the visited path into the 404 page escaped', () => {
    expect(pageFor(pages, '/%3Cscript%3Ealert(1)%3C/script%3E').html).toBe(
      '<title>Page /&#60;script&#62;alert(1)&#60;/script&#62;</title>',
    );
  });
});

describe("the owner's SEO settings in the pages as sent", () => {
  const head = [
    '<html><head><title>Home</title>',
    '<meta data-prerender="" name="description" content="The page&#39;s own description"/>',
    '<meta content="https://curbappeal.example/media/og-image.png" data-prerender="" property="og:image"/>',
    '<link data-prerender="" rel="canonical" href="https://curbappeal.example/"/>',
    '<link data-prerender="" rel="alternate" hrefLang="en-US" href="https://curbappeal.example/"/>',
    '</head><body>home</body></html>',
  ].join('');
  const tags = (settings: Parameters<typeof seoHeadTags>[0], path = '/') => seoHeadTags(settings, path, 'https://curbappeal.example');

  it('replaces the site-wide tags the page has, in any attribute order, and adds the others to the head', () => {
    const html = withHeadTags(
      head,
      tags(
        {
          og_image_url: '/media/new.png',
          canonical_url: 'https://www.morgan-homes.example/',
          google_site_verification: 'abcdefghij1234567890',
        },
        '/services',
      ),
    );
    // The value changes in place: the page's own attributes (data-prerender) stay.
    expect(html).toContain('<meta content="https://www.morgan-homes.example/media/new.png" data-prerender="" property="og:image"/>');
    expect(html).not.toContain('og-image.png');
    expect(html).toContain('<link data-prerender="" rel="canonical" href="https://www.morgan-homes.example/services"/>');
    expect(html).toContain('hrefLang="en-US" href="https://curbappeal.example/"'); // other links stay
    for (const added of [
      '<meta name="google-site-verification" content="abcdefghij1234567890"/>',
      '<meta property="og:url" content="https://www.morgan-homes.example/services"/>',
    ]) {
      expect(html.indexOf(added)).toBeGreaterThan(html.indexOf('hrefLang'));
      expect(html.indexOf(added)).toBeLessThan(html.indexOf('</head>'));
    }
    expect(html.match(/og:image"/g)).toHaveLength(1);
  });

  it("keeps the page's own description and fills it in where a page has none", () => {
    const settings = { site_description: 'Homes & "marketing" in Arlington' };
    expect(withHeadTags(head, tags(settings))).toContain('content="The page&#39;s own description"');
    const bare = withHeadTags('<html><head><title>t</title></head></html>', tags(settings));
    expect(bare).toContain('<meta name="description" content="Homes &#38; &#34;marketing&#34; in Arlington"/>');
  });

  it("puts the owner's site title in place of the brand in the title and its link-preview copies", () => {
    const page =
      `<html><head><title>Services | ${siteDefaults.brand}</title><meta property="og:title" content="Services | ${siteDefaults.brand}"/>` +
      `<meta content="Services | ${siteDefaults.brand}" name="twitter:title"/></head></html>`;
    const html = withSiteTitle(page, { site_title: 'Porter & Co "Homes"' });
    expect(html).toContain('<title>Services | Porter &#38; Co "Homes"</title>');
    expect(html).toContain('<meta property="og:title" content="Services | Porter &#38; Co &#34;Homes&#34;"/>');
    expect(html).toContain('<meta content="Services | Porter &#38; Co &#34;Homes&#34;" name="twitter:title"/>');
    expect(html).not.toContain(siteDefaults.brand);
    expect(withSiteTitle(page, {})).toBe(page);
  });

  it("replaces the site's default description, never a page's own", () => {
    const page = `<html><head><meta name="description" content="${siteDefaults.description}"/></head></html>`;
    const html = withHeadTags(
      page,
      seoHeadTags({ site_description: 'Porter Realty: homes in Arlington' }, '/', 'https://curbappeal.example', siteDefaults),
    );
    expect(html).toContain('<meta name="description" content="Porter Realty: homes in Arlington"/>');
    expect(html).not.toContain(siteDefaults.description);
  });

  it('leaves a page without settings, or without a head, as it is', () => {
    expect(withHeadTags(head, tags({}))).toBe(head);
    expect(withHeadTags('<p>no head</p>', tags({ twitter_card_type: 'summary' }))).toBe('<p>no head</p>');
  });

  describe('served', () => {
    let app: FastifyInstance;
    let stores: Stores;
    const seoDist = mkdtempSync(join(tmpdir(), 'curb-web-dist-'));
    writeFileSync(join(seoDist, 'index.html'), '<html><head><title>shell</title></head><body></body></html>');
    mkdirSync(join(seoDist, '_prerendered'));
    writeFileSync(join(seoDist, '_prerendered', 'index.html'), head);
    writeFileSync(join(seoDist, '_prerendered', 'index.html.br'), brotliCompressSync(head));
    writeFileSync(join(seoDist, '_prerendered', 'not-found.html'), '<html><head><title>/__token__</title></head></html>');
    writeFileSync(join(seoDist, '_prerendered', 'post-not-found.html'), '<html><head></head></html>');
    writeFileSync(
      join(seoDist, '_prerendered', 'manifest.json'),
      JSON.stringify({
        pages: { '/': 'index.html' },
        notFound: 'not-found.html',
        postNotFound: 'post-not-found.html',
        notFoundPathToken: '/__token__',
      }),
    );
    const get = async (url: string, encoding = 'br') => {
      const res = await app.inject({ url, headers: { 'accept-encoding': encoding } });
      const decode = { br: brotliDecompressSync, gzip: gunzipSync }[String(res.headers['content-encoding'])];
      return { status: res.statusCode, html: decode ? decode(res.rawPayload).toString() : res.body };
    };

    beforeAll(async () => {
      stores = await createTestStores();
      app = await createServer(testConfig());
      await app.register(siteSettings, { stores, cacheMs: 0 });
      await app.register(webApp, { dist: seoDist });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await stores?.close();
      rmSync(seoDist, { recursive: true, force: true });
    });

    it('sends the prerendered page as built until the owner sets something, then with the tags, compressed or not', async () => {
      expect((await get('/')).html).toBe(head);
      await stores.sql`INSERT INTO settings (category, key, value) VALUES ('seo', 'google_site_verification', 'abcdefghij1234567890')`;
      for (const encoding of ['br', 'gzip', 'identity']) {
        const { status, html } = await get('/', encoding);
        expect(status).toBe(200);
        expect(html).toContain('<meta name="google-site-verification" content="abcdefghij1234567890"/></head>');
      }
      expect((await get('/no-such-page')).html).toContain('google-site-verification');
      expect((await get('/no-such-page')).status).toBe(404);
      expect((await get('/admin/dashboard')).html).not.toContain('google-site-verification');
      await stores.sql`UPDATE settings SET value = 'zyxwvutsrq0987654321' WHERE category = 'seo'`;
      expect((await get('/')).html).toContain('content="zyxwvutsrq0987654321"');
    });
  });
});
