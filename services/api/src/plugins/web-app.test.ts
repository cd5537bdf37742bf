// Which page and status each path gets, rendered with the owner's content as it is now:
// public pages and published posts 200 (rendered once per version of the content), browser-only
// pages the shell with the content in it, unknown posts 'Post Not Found' and unknown paths the
// 404 page, both 404; and the owner's SEO settings in the pages as sent.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDefaults } from '@curb/content';
import type { PublishedPost, SiteContent } from '@curb/contracts/owner-content';
import { seoHeadTags } from '@curb/contracts/seo-tags';
import { createServer, type Stores } from '@curb/runtime';
import { createTestStores, testConfig } from '../../../../test/harness.ts';
import siteSettings from './site-settings.ts';
import { sampleSiteContent } from './site-content.ts';
import webApp, { withHeadTags, withSiteTitle } from './web-app.ts';

/**
 * A built web app in a temporary folder: the shell, the page template and a server render that
 * writes what it was given (the path, the owner's name, the post) and counts its renders.
 */
function builtApp(): { dist: string; ssrEntry: string } {
  const dist = mkdtempSync(join(tmpdir(), 'curb-web-dist-'));
  writeFileSync(join(dist, 'index.html'), '<html><head><title>shell</title></head><body><div id="root"></div></body></html>');
  mkdirSync(join(dist, '_pages'));
  writeFileSync(
    join(dist, '_pages', 'template.html'),
    '<html><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(dist, '_pages', 'manifest.json'),
    JSON.stringify({ template: 'template.html', routeStyles: [['^\\/services$', '<style>.services{}</style>']] }),
  );
  const ssrEntry = join(dist, 'entry-server.mjs');
  writeFileSync(
    ssrEntry,
    `globalThis.curbRenders = 0;
export async function render(url, content, post) {
  globalThis.curbRenders++;
  if (content.profile.name === 'Render Fails') throw new Error('render failed');
  const title = url.startsWith('/blog/') ? (post ? post.title : 'Post Not Found') : url;
  return {
    head: '<title>' + title + ' | ' + content.profile.name + '</title>',
    structuredData: contentElement(content),
    body: '<main>' + (post ? post.html : title) + ' by ' + content.profile.name + '</main>',
  };
}
export const contentElement = (content) => '<script type="application/json" id="site-content">' + content.version + '</script>';
`,
  );
  return { dist, ssrEntry };
}

const renders = () => (globalThis as { curbRenders?: number }).curbRenders ?? 0;

describe('web app pages', () => {
  const { dist, ssrEntry } = builtApp();
  let app: FastifyInstance;
  let stores: Stores;
  let content: SiteContent = sampleSiteContent();
  const posts = new Map<string, PublishedPost>();

  beforeAll(async () => {
    stores = await createTestStores();
    app = await createServer(testConfig());
    await app.register(siteSettings, { stores, cacheMs: 0 });
    app.decorate('siteContent', {
      get: async () => content,
      getPost: async (slug: string) => posts.get(slug) ?? null,
      publishedPosts: async () => [],
      changed: async () => {},
    });
    await app.register(webApp, { dist, ssrEntry });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const res = await app.inject({ url });
    return { status: res.statusCode, html: res.body };
  };

  it.each([
    ['/', 200, '<main>/ by Morgan Ellis</main>'],
    ['/services', 200, '<style>.services{}</style>'],
    ['/services/', 200, '<main>/services by Morgan Ellis</main>'],
    ['/blog/no-such-post', 404, '<main>Post Not Found by Morgan Ellis</main>'],
    ['/admin/dashboard', 200, '<title>shell</title><script type="application/json" id="site-content">'],
    ['/audit-report/abc', 200, '<title>shell</title><script type="application/json" id="site-content">'],
    ['/no-such-page', 404, '<title data-prerender="">/no-such-page | Morgan Ellis</title>'],
  ])('%s answers %i', async (path, status, html) => {
    const page = await get(path);
    expect(page.status).toBe(status);
    expect(page.html).toContain(html);
  });

  it('puts the visited path into the 404 page escaped', async () => {
    expect((await get('/%3Cscript%3Ealert(1)%3C/script%3E')).html).toContain(
      '<title data-prerender="">/&#60;script&#62;alert(1)&#60;/script&#62; | Morgan Ellis</title>',
    );
  });

  it('renders a page once per version of the content, and a post once it is published', async () => {
    await get('/experience');
    const before = renders();
    expect((await get('/experience')).html).toContain('by Morgan Ellis');
    expect(renders()).toBe(before);

    const jane = { ...content.profile, name: 'Jane Porter' };
    content = { ...content, profile: jane, isSample: false, version: 'jane-1' };
    posts.set('spring-open-house', { ...content.posts[0]!, slug: 'spring-open-house', title: 'Spring Open House', html: '<p>Come by</p>' });
    const home = await get('/experience');
    expect(home.html).toContain('<main>/experience by Jane Porter</main>');
    expect(home.html).not.toContain('Morgan Ellis');
    expect(renders()).toBe(before + 1);
    const post = await get('/blog/spring-open-house');
    expect(post.status).toBe(200);
    expect(post.html).toContain('<main><p>Come by</p> by Jane Porter</main>');
    expect((await get('/blog/autumn-open-house')).status).toBe(404);
    // A post's body edited without a change to the bundle is rendered again too.
    posts.set('spring-open-house', { ...posts.get('spring-open-house')!, html: '<p>Come by on Sunday</p>' });
    expect((await get('/blog/spring-open-house')).html).toContain('Come by on Sunday');
  });

  it('sends the shell with the content when a page fails to render', async () => {
    content = { ...content, profile: { ...content.profile, name: 'Render Fails' }, version: 'fails-1' };
    const page = await get('/services');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>shell</title><script type="application/json" id="site-content">fails-1</script>');
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
    const { dist: seoDist, ssrEntry } = builtApp();
    const get = async (url: string, encoding = 'br') => {
      const res = await app.inject({ url, headers: { 'accept-encoding': encoding } });
      const decode = { br: brotliDecompressSync, gzip: gunzipSync }[String(res.headers['content-encoding'])];
      return { status: res.statusCode, html: decode ? decode(res.rawPayload).toString() : res.body };
    };

    beforeAll(async () => {
      stores = await createTestStores();
      app = await createServer(testConfig());
      await app.register(siteSettings, { stores, cacheMs: 0 });
      await app.register(webApp, { dist: seoDist, ssrEntry });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await stores?.close();
      rmSync(seoDist, { recursive: true, force: true });
    });

    it('sends the page as rendered until the owner sets something, then with the tags, compressed or not', async () => {
      const rendered = (await get('/')).html;
      expect(rendered).toContain('<main>/ by Morgan Ellis</main>');
      expect((await get('/', 'identity')).html).toBe(rendered);
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
