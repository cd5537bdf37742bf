// On loopback sites: the crawl-level kinds of the coverage table (canonical and
// hreflang targets, sitemap against links, robots.txt, temporary redirects, soft 404s,
// orphans, dead ends, malformed and development links) are found on an agent site seeded
// with them, each with what was seen and where; a clean site of the same shape raises none
// of them. A page reached directly and through a redirect is one page, and a listings page
// showing four homes is not "No IDX listings".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '@curb/contracts/audit';
import { analyseSite, type Analysis } from '@curb/audit';
import { page, startSite, type Route, type TestSite } from './sites.ts';

const KINDS = [
  'crawl.canonical-target-error',
  'crawl.canonical-target-redirect',
  'crawl.canonical-target-non-indexable',
  'crawl.hreflang-target-not-200',
  'crawl.hreflang-no-return',
  'crawl.sitemap-orphans',
  'crawl.sitemap-missing-pages',
  'crawl.sitemap-non-indexable',
  'crawl.sitemap-blocked',
  'crawl.robots-blocked-links',
  'crawl.robots-blocked-resources',
  'crawl.internal-redirect-temporary',
  'crawl.soft-404',
  'links.single-inlink',
  'links.no-outgoing',
  'links.localhost',
  'links.malformed',
  'onpage.title-same-as-h1',
  'onpage.placeholder-text',
  're.listings-in-frame',
];

const HOMES = ['12 Oak Street', '4501 N Fairfax Dr', '88 Maple Avenue', '230 Glebe Road']
  .map((a, i) => `<article><h3>${a}, Arlington, VA 22201</h3><p>$${649 + i * 50},900 · 3 beds · 2 baths</p></article>`)
  .join('');
const CONTACT = '<a href="tel:+17035550142">(703) 555-0142</a>';

/** An agent's page: title, description, canonical (to itself unless told), menu, text, footer. */
function agentPage(
  site: TestSite,
  path: string,
  title: string,
  body: string,
  opts: { canonical?: string; head?: string; nav?: string[]; lang?: string } = {},
) {
  const nav = (opts.nav ?? ['/', '/listings.html', '/about', '/homes', '/contact']).map(
    (h) => `<a href="${h}">${h === '/' ? 'Home' : h.slice(1)}</a>`,
  );
  const text = `${title} with Porter Realty: buyers and sellers across Arlington get local advice, honest pricing and quick answers. `;
  return page(
    `<title>${title} | Porter Realty</title><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<meta name="description" content="${title} from Porter Realty, the Arlington VA agents for buyers and sellers of homes.">` +
      `<link rel="canonical" href="${site.origin}${opts.canonical ?? path}">${opts.head ?? ''}`,
    `<header><nav>${nav.join(' ')}</nav></header><main><h1>${title}</h1>${body}<p>${text.repeat(6)}</p></main>` +
      `<footer>Porter Realty, 1200 Wilson Blvd, Arlington VA · ${CONTACT}</footer>`,
    opts.lang,
  );
}

const html =
  (render: (site: TestSite) => string): Route =>
  (_req, res, site) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(render(site));
const sitemapOf =
  (paths: string[]): Route =>
  (_req, res, site) =>
    res
      .writeHead(200, { 'content-type': 'application/xml' })
      .end(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
          `${paths.map((p) => `<url><loc>${site.origin}${p}</loc></url>`).join('')}</urlset>`,
      );
const hreflangs = (site: TestSite, langs: Array<[string, string]>) =>
  langs.map(([lang, path]) => `<link rel="alternate" hreflang="${lang}" href="${site.origin}${path}">`).join('');

const analyse = (site: TestSite) =>
  analyseSite(site.url, {
    allowPrivateNetworks: true,
    lab: 'none',
    maxPages: 20,
    fetch: { crawlBudgetMs: 8000, linkCheckLimit: 20, sitemapCheckLimit: 20, concurrency: 4 },
  });

describe('crawl-level kinds on loopback sites', () => {
  let broken: TestSite;
  let clean: TestSite;
  let brokenRun: Analysis;
  let cleanRun: Analysis;

  beforeAll(async () => {
    broken = await startSite({
      '/': html((s) =>
        agentPage(
          s,
          '/',
          'Arlington Homes',
          `<a href="/old-listings">Listings</a> <a href="/gone-listing">Sold</a> <a href="/private/offers">Offers</a>` +
            ` <a href="www.zillow.com/profile/PorterRealty">Zillow</a> <a href="http://localhost:3000/admin">Admin</a>` +
            ` <a href="/es/">Español</a> <a href="/thanks">After you write</a>` +
            `<script src="/assets/app.js" defer></script><p>Lorem ipsum dolor sit amet, consectetur.</p>`,
          {
            head: hreflangs(s, [
              ['en', '/'],
              ['es', '/es/'],
              ['fr', '/fr/'],
            ]),
          },
        ),
      ),
      '/listings.html': html((s) => agentPage(s, '/listings.html', 'Listings', '<p>Search the homes we sell.</p>')),
      // An old address that moved "temporarily": the listings page is reached twice.
      '/old-listings': { status: 302, headers: { location: '/listings.html' } },
      '/about': html((s) => agentPage(s, '/about', 'About Us', '<a href="/report">2026 market report</a>', { canonical: '/about-us-old' })),
      '/report': html((s) =>
        agentPage(s, '/report', 'Market Report', '', { nav: [], canonical: '/report' }).replace('</main>', '<a href="/">Home</a></main>'),
      ),
      '/contact': html((s) => agentPage(s, '/contact', 'Contact', '', { canonical: '/contact-us' })),
      '/contact-us': { status: 301, headers: { location: '/contact' } },
      '/homes': html((s) =>
        agentPage(s, '/homes', 'Our Homes', '<iframe src="https://idx.example-mls.com/idx/listings?agent=42" title="Listings"></iframe>', {
          canonical: '/noindex-page',
        }),
      ),
      '/noindex-page': html((s) => agentPage(s, '/noindex-page', 'Hidden', '', { head: '<meta name="robots" content="noindex">' })),
      '/gone-listing': html((s) => agentPage(s, '/gone-listing', 'Page Not Found', '<p>This listing is no longer available.</p>')),
      '/private/offers': html((s) => agentPage(s, '/private/offers', 'Offers', '')),
      '/es/': html((s) => agentPage(s, '/es/', 'Casas en Arlington', '', { lang: 'es', head: hreflangs(s, [['es', '/es/']]) })),
      '/thanks': html(() => page('<title>Thanks</title>', `<main><h1>Thanks</h1><p>We will call you. ${CONTACT}</p></main>`)),
      '/orphan-page': html((s) => agentPage(s, '/orphan-page', 'Open House 2025', '')),
      '/robots.txt': 'User-agent: *\nDisallow: /private/\nDisallow: /assets/\nSitemap: /sitemap.xml\n',
      '/sitemap.xml': sitemapOf(['/', '/listings.html', '/about', '/orphan-page', '/noindex-page', '/private/offers']),
    });
    const cleanNav = ['/', '/listings.html', '/about', '/homes', '/contact', '/report'];
    clean = await startSite({
      '/': html((s) =>
        agentPage(s, '/', 'Arlington Homes', '<a href="/listings.html">Listings</a> <a href="/es/">Español</a>', {
          nav: cleanNav,
          head: hreflangs(s, [
            ['en', '/'],
            ['es', '/es/'],
          ]),
        }),
      ),
      '/listings.html': html((s) => agentPage(s, '/listings.html', 'Listings', '<p>Search the homes we sell.</p>', { nav: cleanNav })),
      '/about': html((s) =>
        agentPage(s, '/about', 'About Us', '<a href="/report">2026 market report</a> <a href="/es/">Español</a>', { nav: cleanNav }),
      ),
      '/report': html((s) => agentPage(s, '/report', 'Market Report', '', { nav: cleanNav })),
      '/contact': html((s) => agentPage(s, '/contact', 'Contact', '', { nav: cleanNav })),
      '/homes': html((s) => agentPage(s, '/homes', 'Our Homes', HOMES, { nav: cleanNav })),
      '/es/': html((s) =>
        agentPage(s, '/es/', 'Casas en Arlington', '', {
          nav: cleanNav,
          lang: 'es',
          head: hreflangs(s, [
            ['en', '/'],
            ['es', '/es/'],
          ]),
        }),
      ),
      '/robots.txt': 'User-agent: *\nDisallow: /admin/\nSitemap: /sitemap.xml\n',
      '/sitemap.xml': sitemapOf(['/', '/listings.html', '/about', '/report', '/contact', '/homes', '/es/']),
    });
    [brokenRun, cleanRun] = await Promise.all([analyse(broken), analyse(clean)]);
  });
  afterAll(async () => {
    await broken?.close();
    await clean?.close();
  });

  const finding = (run: Analysis, id: string): Finding => {
    const f = run.run.findings.find((x) => x.id === id);
    expect(f, id).toBeDefined();
    return f!;
  };

  it('finds each seeded kind and says what it saw and where', () => {
    const o = broken.origin;
    for (const id of KINDS) finding(brokenRun, id);
    expect(finding(brokenRun, 'crawl.canonical-target-error').detail).toContain('/about (canonical /about-us-old answers HTTP 404)');
    expect(finding(brokenRun, 'crawl.canonical-target-redirect').detail).toContain(
      '/contact (canonical /contact-us answers HTTP 301 to /contact)',
    );
    expect(finding(brokenRun, 'crawl.canonical-target-non-indexable').detail).toContain('/homes (canonical /noindex-page has noindex)');
    expect(finding(brokenRun, 'crawl.hreflang-target-not-200').detail).toContain('/fr (HTTP 404, linked from /)');
    expect(finding(brokenRun, 'crawl.hreflang-no-return').detail).toContain('/es (does not link back to /)');
    expect(finding(brokenRun, 'crawl.sitemap-orphans').detail).toContain('/orphan-page');
    expect(finding(brokenRun, 'crawl.sitemap-non-indexable').detail).toContain('/noindex-page (noindex)');
    expect(finding(brokenRun, 'crawl.sitemap-blocked').urls).toEqual([`${o}/private/offers`]);
    expect(finding(brokenRun, 'crawl.robots-blocked-links').detail).toContain('/private/offers (linked from /)');
    expect(finding(brokenRun, 'crawl.robots-blocked-resources').detail).toContain('/assets/app.js');
    expect(finding(brokenRun, 'crawl.internal-redirect-temporary').detail).toContain(
      '/old-listings (HTTP 302 to /listings.html, linked from /)',
    );
    expect(finding(brokenRun, 'crawl.soft-404').urls).toEqual([`${o}/gone-listing`]);
    expect(finding(brokenRun, 'links.single-inlink').urls).toContain(`${o}/report`);
    expect(finding(brokenRun, 'links.no-outgoing').urls).toEqual([`${o}/thanks`]);
    expect(finding(brokenRun, 'links.localhost').detail).toContain('http://localhost:3000/admin (on /)');
    expect(finding(brokenRun, 'links.malformed').detail).toContain('"www.zillow.com/profile/PorterRealty" on /');
    expect(finding(brokenRun, 're.listings-in-frame').detail).toContain('/homes are shown in 1 frame from idx.example-mls.com');
  });

  it('counts a page reached directly and through a redirect once', () => {
    const listings = brokenRun.ctx.pages.filter((p) => p.url === `${broken.origin}/listings.html`);
    expect(listings).toHaveLength(1);
    expect(brokenRun.run.findings.map((f) => f.id)).not.toContain('onpage.title-duplicate');
    expect(brokenRun.run.findings.map((f) => f.id)).not.toContain('onpage.description-duplicate');
  });

  it('raises none of them on a clean site of the same shape, and no Critical finding but plain http', () => {
    expect(cleanRun.ctx.site.crawlComplete).toBe(true);
    expect(cleanRun.run.findings.filter((f) => KINDS.includes(f.id)).map((f) => `${f.id}: ${f.detail}`)).toEqual([]);
    // A loopback site has no certificate: that is the only Critical the clean site may raise.
    expect(cleanRun.run.findings.filter((f) => f.severity === 'Critical').map((f) => f.id)).toEqual(['security.no-https']);
    // Four homes with prices and addresses are listings: no "No IDX listings".
    expect(cleanRun.run.findings.map((f) => f.id)).not.toContain('re.idx-missing');
  });
});

describe('the pages of a sitemap index', () => {
  let site: TestSite;
  beforeAll(async () => {
    const urlset =
      (paths: string[]): Route =>
      (_req, res, s) =>
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(`<urlset>${paths.map((p) => `<url><loc>${s.origin}${p}</loc></url>`).join('')}</urlset>`);
    site = await startSite({
      '/': html((s) => agentPage(s, '/', 'Arlington Homes', '', { nav: ['/', '/about'] })),
      '/about': html((s) => agentPage(s, '/about', 'About Us', '', { nav: ['/', '/about'] })),
      '/robots.txt': 'User-agent: *\nAllow: /\nSitemap: /sitemap_index.xml\n',
      // What WordPress SEO plugins publish: an index of one sitemap per content type.
      '/sitemap_index.xml': (_req, res, s) =>
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<sitemapindex><sitemap><loc>${s.origin}/page-sitemap.xml</loc></sitemap>` +
              `<sitemap><loc>${s.origin}/post-sitemap.xml</loc></sitemap></sitemapindex>`,
          ),
      '/page-sitemap.xml': urlset(['/']),
      '/post-sitemap.xml': urlset(['/old-post']),
    });
  });
  afterAll(() => site?.close());

  it('reads the child sitemaps for the pages they list', async () => {
    const { ctx, run } = await analyse(site);
    expect(ctx.site.sitemap.pageUrls).toEqual([`${site.origin}/`, `${site.origin}/old-post`]);
    expect(ctx.site.sitemap.pageUrlsComplete).toBe(true);
    expect(run.findings.find((f) => f.id === 'crawl.sitemap-missing-pages')?.urls).toEqual([`${site.origin}/about`]);
    expect(run.findings.find((f) => f.id === 'crawl.sitemap-orphans')?.urls).toEqual([`${site.origin}/old-post`]);
  });
});
