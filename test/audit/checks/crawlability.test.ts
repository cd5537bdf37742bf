import { describe, expect, it } from 'vitest';
import { CHECKS_BY_ID } from '@curb/audit/checks/registry';
import { checkCategory, contextOf } from './harness.ts';
import { GOOD_HTML, GOOD_ROBOTS, GOOD_SITEMAP, GOOD_URL, goodInnerPage } from './good-site.ts';

const canonical = '<link rel="canonical" href="https://janesmithrealty.com/">';
const inner = (path: string, html: string, depth = 1) => ({ url: new URL(path, GOOD_URL).href, html, depth });

const listings = `${GOOD_URL}listings`;
const about = goodInnerPage('/about', 'About Jane Smith');
const listingsPage = goodInnerPage('/listings', 'Homes for Sale in Arlington');
const homeValue = goodInnerPage('/home-value', 'Home Valuation');
/** The about page with its canonical pointing at another address. */
const aboutCanonicalTo = (path: string) =>
  inner('/about', about.html.replace(`<link rel="canonical" href="${about.url}">`, `<link rel="canonical" href="${GOOD_URL}${path}">`));
const target = (path: string, status: number | null, location: string | null = null) => ({
  url: `${GOOD_URL}${path}`,
  status,
  location,
  error: status === null ? 'timeout' : null,
});
const noindex = (html: string) => html.replace('<meta charset="utf-8">', '<meta charset="utf-8"><meta name="robots" content="noindex">');
const SELF_HREFLANG = '<link rel="alternate" hreflang="en-US" href="https://janesmithrealty.com/">';
const WITH_SPANISH = `${SELF_HREFLANG}<link rel="alternate" hreflang="es-US" href="https://janesmithrealty.com/es/">`;
/** The Spanish version of the home page, naming the English one back (or not). */
const spanish = (linksBack = true) =>
  inner(
    '/es/',
    GOOD_HTML.replace('<html lang="en">', '<html lang="es">')
      .replace(canonical, '<link rel="canonical" href="https://janesmithrealty.com/es/">')
      .replace(SELF_HREFLANG, linksBack ? WITH_SPANISH : '<link rel="alternate" hreflang="es-US" href="https://janesmithrealty.com/es/">')
      .replace(
        'hreflang="x-default" href="https://janesmithrealty.com/"',
        `hreflang="x-default" href="${linksBack ? GOOD_URL : `${GOOD_URL}es/`}"`,
      ),
  );

/**
 * A page of the listings series: its rel=next/prev links and the page links a visitor sees
 * (`tweak` edits the finished markup).
 */
const seriesPage = (n: number, rels: { next?: string; prev?: string }, anchors: string[], tweak = (html: string) => html) => {
  const page = goodInnerPage(
    n === 1 ? '/listings' : `/listings/page/${n}`,
    `Homes for Sale, page ${n}`,
    anchors.map((a) => `<a href="${a}">${a}</a>`).join(' '),
  );
  const head = `${rels.next ? `<link rel="next" href="${rels.next}">` : ''}${rels.prev ? `<link rel="prev" href="${rels.prev}">` : ''}`;
  return { ...page, html: tweak(page.html.replace('<link rel="canonical"', `${head}<link rel="canonical"`)) };
};
/** The AMP copy of the about page, as an old WordPress AMP plugin publishes it (no canonical yet). */
const AMP_ABOUT =
  '<!doctype html><html amp lang="en"><head><meta charset="utf-8"><title>About Jane Smith</title></head>' +
  '<body><h1>About Jane Smith</h1><p>Fifteen years in Arlington.</p><a href="/">Home</a></body></html>';
const P2 = '/listings/page/2';
const P3 = '/listings/page/3';
const page1 = seriesPage(1, { next: P2 }, [P2]);
const page2 = seriesPage(2, { prev: '/listings', next: P3 }, ['/listings', P3]);
const page3 = seriesPage(3, { prev: P2 }, [P2]);
/** Three listing pages whose rel=next/prev and page links agree. */
const SERIES = { pages: [page1, page2, page3] };

describe('crawlability checks', () =>
  checkCategory('crawlability', {
    'crawl.amp-no-canonical': {
      fires: { pages: [inner('/about/amp/', AMP_ABOUT)] },
      passes: { pages: [inner('/about/amp/', AMP_ABOUT.replace('<head>', `<head><link rel="canonical" href="${about.url}">`))] },
    },
    'crawl.pagination-target-error': {
      fires: { pages: [page1], targets: [target('listings/page/2', 404)] },
      passes: SERIES,
    },
    'crawl.pagination-non-indexable': {
      fires: {
        pages: [
          page1,
          seriesPage(2, { prev: '/listings', next: P3 }, ['/listings', P3], (h) =>
            h.replace(`<link rel="canonical" href="${GOOD_URL}listings/page/2">`, `<link rel="canonical" href="${listings}">`),
          ),
          page3,
        ],
      },
      passes: SERIES,
    },
    'crawl.pagination-loop': {
      fires: { pages: [page1, seriesPage(2, { prev: '/listings', next: P2 }, ['/listings'])] },
      passes: SERIES,
    },
    'crawl.pagination-sequence': {
      fires: { pages: [page1, seriesPage(2, { prev: P3, next: P3 }, ['/listings', P3]), page3] },
      passes: SERIES,
    },
    'crawl.pagination-unlinked': {
      fires: { pages: [seriesPage(1, { next: P2 }, []), page2, seriesPage(3, { prev: P2 }, [])] },
      passes: SERIES,
    },
    'crawl.pagination-not-in-anchor': {
      fires: { pages: [seriesPage(1, { next: P2 }, []), page2, page3] },
      passes: SERIES,
    },
    'crawl.internal-redirect-loop': {
      fires: { redirects: [{ url: `${GOOD_URL}old-listings`, from: GOOD_URL, hops: 2, finalUrl: null, loop: true }] },
      passes: { redirects: [{ url: `${GOOD_URL}old-listings`, from: GOOD_URL, hops: 1, finalUrl: listings, loop: false }] },
    },
    'crawl.internal-redirect-chain': {
      fires: { redirects: [{ url: `${GOOD_URL}old-listings`, from: GOOD_URL, hops: 3, finalUrl: listings, loop: false }] },
      // One redirect is a move, not a chain.
      passes: { redirects: [{ url: `${GOOD_URL}old-listings`, from: GOOD_URL, hops: 1, finalUrl: listings, loop: false }] },
    },
    'crawl.sitemap-not-200': {
      fires: {
        sitemapStatuses: [
          { url: GOOD_URL, status: 200, error: null, from: 'sitemap' },
          { url: `${GOOD_URL}sold`, status: 301, error: null, from: 'sitemap' },
          { url: `${GOOD_URL}gone`, status: 404, error: null, from: 'sitemap' },
        ],
      },
      passes: { sitemapStatuses: [{ url: GOOD_URL, status: 200, error: null, from: 'sitemap' }] },
    },
    'crawl.status-error': { fires: { status: 503 } },
    'crawl.server-errors': { fires: { links: [{ url: `${GOOD_URL}listings`, status: 500, error: null, from: GOOD_URL }] } },
    'crawl.redirect-chain': {
      fires: {
        chain: [
          { url: 'http://janesmithrealty.com/', status: 301, location: 'https://janesmithrealty.com/' },
          { url: 'https://janesmithrealty.com/', status: 301, location: 'https://janesmithrealty.com/' },
        ],
      },
      passes: { chain: [{ url: 'http://janesmithrealty.com/', status: 301, location: GOOD_URL }] },
    },
    'crawl.redirect-temporary': {
      fires: { chain: [{ url: 'http://janesmithrealty.com/', status: 302, location: GOOD_URL }] },
      passes: { chain: [{ url: 'http://janesmithrealty.com/', status: 308, location: GOOD_URL }] },
    },
    'crawl.meta-refresh': {
      fires: { replace: [['<meta charset="utf-8">', '<meta charset="utf-8"><meta http-equiv="refresh" content="0; url=/new">']] },
    },
    'crawl.robots-missing': { fires: { robots: null } },
    'crawl.robots-error': { fires: { robots: { status: 503 } } },
    'crawl.robots-blocks-site': {
      fires: { robots: 'User-agent: *\nDisallow: /\n' },
      passes: { robots: 'User-agent: *\nDisallow: /admin/\n' },
    },
    'crawl.robots-blocks-home': { fires: { robots: 'User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nAllow: /\n' } },
    'crawl.robots-invalid': { fires: { robots: 'User-agent: *\nDisalow: /private\nAllow /x\n' } },
    'crawl.robots-no-sitemap': { fires: { robots: 'User-agent: *\nAllow: /\n' } },
    'crawl.sitemap-missing': { fires: { sitemap: null } },
    'crawl.sitemap-invalid': { fires: { sitemap: '<html><body>Sitemap</body></html>' } },
    'crawl.sitemap-empty': {
      fires: { sitemap: '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>' },
    },
    'crawl.sitemap-foreign-urls': { fires: { sitemap: '<urlset><url><loc>https://other-site.com/a</loc></url></urlset>' } },
    'crawl.sitemap-http-urls': { fires: { sitemap: '<urlset><url><loc>http://janesmithrealty.com/</loc></url></urlset>' } },
    'crawl.sitemap-too-large': {
      fires: { sitemap: `<urlset>${'<url><loc>https://janesmithrealty.com/p</loc></url>'.repeat(50_000)}</urlset>` },
    },
    'crawl.meta-noindex': {
      fires: { replace: [['<meta charset="utf-8">', '<meta charset="utf-8"><meta name="robots" content="noindex, follow">']] },
      passes: {
        replace: [
          ['<meta charset="utf-8">', '<meta charset="utf-8"><meta name="robots" content="index, follow, max-image-preview:large">'],
        ],
      },
    },
    'crawl.meta-nofollow': {
      fires: { replace: [['<meta charset="utf-8">', '<meta charset="utf-8"><meta name="robots" content="index, nofollow">']] },
    },
    'crawl.x-robots-noindex': {
      fires: { headers: { 'x-robots-tag': 'noindex' } },
      passes: { headers: { 'x-robots-tag': 'otherbot: noindex' } },
    },
    'crawl.x-robots-nofollow': { fires: { headers: { 'x-robots-tag': 'nofollow' } } },
    'crawl.noindex-pages': {
      fires: {
        pages: [
          inner('/about', GOOD_HTML.replace('<meta charset="utf-8">', '<meta charset="utf-8"><meta name="robots" content="noindex">')),
        ],
      },
      passes: { pages: [goodInnerPage('/about', 'About Jane')] },
    },
    'crawl.canonical-missing': { fires: { replace: [[canonical, '']] } },
    'crawl.canonical-multiple': {
      fires: { replace: [[canonical, `${canonical}<link rel="canonical" href="https://janesmithrealty.com/home">`]] },
    },
    'crawl.canonical-invalid': { fires: { replace: [[canonical, '<link rel="canonical" href="http://[broken">']] } },
    'crawl.canonical-relative': { fires: { replace: [[canonical, '<link rel="canonical" href="/">']] } },
    'crawl.canonical-other-domain': { fires: { replace: [[canonical, '<link rel="canonical" href="https://zillow.com/profile/jane">']] } },
    'crawl.canonical-to-root': {
      fires: { pages: [inner('/about', GOOD_HTML)] },
      passes: { pages: [goodInnerPage('/about', 'About Jane')] },
    },
    'crawl.canonical-http': { fires: { replace: [[canonical, '<link rel="canonical" href="http://janesmithrealty.com/">']] } },
    'crawl.hreflang-invalid': { fires: { replace: [['hreflang="en-US"', 'hreflang="english"']] } },
    'crawl.hreflang-relative': {
      fires: { replace: [['hreflang="en-US" href="https://janesmithrealty.com/"', 'hreflang="en-US" href="/"']] },
    },
    'crawl.hreflang-no-self': {
      fires: {
        replace: [
          [/hreflang="(en-US|x-default)" href="https:\/\/janesmithrealty\.com\/"/g, 'hreflang="$1" href="https://janesmithrealty.com/en/"'],
        ],
      },
    },
    'crawl.hreflang-no-default': {
      fires: { replace: [['<link rel="alternate" hreflang="x-default" href="https://janesmithrealty.com/">', '']] },
    },
    'crawl.js-only-content': {
      fires: {
        html:
          '<!doctype html><html lang="en"><head><title>App</title><script src="/a.js"></script><script src="/b.js"></script>' +
          '<script src="/c.js"></script></head><body><div id="root"></div></body></html>',
      },
    },
    'crawl.deep-pages': {
      fires: { pages: [{ ...goodInnerPage('/a/b/c/d', 'Deep listing'), depth: 4 }] },
      passes: { pages: [{ ...goodInnerPage('/a', 'Listing A'), depth: 3 }] },
    },
    'crawl.url-format': { fires: { replace: [['<a href="/about">', '<a href="/About_Jane?PHPSESSID=123">']] } },
    'crawl.canonical-header-mismatch': {
      fires: { headers: { link: '<https://janesmithrealty.com/home>; rel="canonical"' } },
      passes: { headers: { link: '<https://janesmithrealty.com/>; rel="canonical"' } },
    },
    'crawl.www-duplicate': {
      fires: { replace: [[canonical, '']], hostVariant: { url: 'https://www.janesmithrealty.com/', status: 200, location: null } },
      passes: { hostVariant: { url: 'https://www.janesmithrealty.com/', status: 200, location: null } },
    },
    'crawl.noimageindex': {
      fires: { replace: [['<meta charset="utf-8">', '<meta charset="utf-8"><meta name="robots" content="index, follow, noimageindex">']] },
    },
    'crawl.canonical-target-error': {
      fires: { pages: [aboutCanonicalTo('about-jane')], targets: [target('about-jane', 404)] },
      passes: { pages: [aboutCanonicalTo('about-jane')], targets: [target('about-jane', 200)] },
    },
    'crawl.canonical-target-redirect': {
      fires: { pages: [aboutCanonicalTo('about-jane')], targets: [target('about-jane', 301, `${GOOD_URL}about-us`)] },
      passes: { pages: [aboutCanonicalTo('about-jane')], targets: [target('about-jane', 200)] },
    },
    'crawl.canonical-target-non-indexable': {
      fires: { pages: [aboutCanonicalTo('listings'), inner('/listings', noindex(listingsPage.html))] },
      passes: { pages: [aboutCanonicalTo('listings'), listingsPage] },
    },
    'crawl.hreflang-target-not-200': {
      fires: { replace: [[SELF_HREFLANG, WITH_SPANISH]], targets: [target('es/', 404)] },
      passes: { replace: [[SELF_HREFLANG, WITH_SPANISH]], targets: [target('es/', 200)] },
    },
    'crawl.hreflang-target-non-indexable': {
      fires: { replace: [[SELF_HREFLANG, WITH_SPANISH]], pages: [{ ...spanish(), html: noindex(spanish().html) }] },
      passes: { replace: [[SELF_HREFLANG, WITH_SPANISH]], pages: [spanish()] },
    },
    'crawl.hreflang-no-return': {
      fires: { replace: [[SELF_HREFLANG, WITH_SPANISH]], pages: [spanish(false)] },
      passes: { replace: [[SELF_HREFLANG, WITH_SPANISH]], pages: [spanish()] },
    },
    'crawl.hreflang-conflict': {
      fires: {
        replace: [[SELF_HREFLANG, `${SELF_HREFLANG}<link rel="alternate" hreflang="en-US" href="https://janesmithrealty.com/en/">`]],
      },
    },
    'crawl.hreflang-lang-mismatch': { fires: { replace: [['<html lang="en">', '<html lang="es">']] } },
    'crawl.sitemap-orphans': {
      fires: {
        pages: [about, listingsPage],
        sitemap: GOOD_SITEMAP.replace('</urlset>', '<url><loc>https://janesmithrealty.com/open-house-2025</loc></url></urlset>'),
      },
      passes: { pages: [about, listingsPage] },
    },
    'crawl.sitemap-missing-pages': { fires: { pages: [about, listingsPage, homeValue] }, passes: { pages: [about, listingsPage] } },
    'crawl.sitemap-non-indexable': {
      fires: { pages: [inner('/about', noindex(about.html)), listingsPage] },
      passes: { pages: [about, listingsPage] },
    },
    'crawl.sitemap-blocked': { fires: { robots: GOOD_ROBOTS.replace('Disallow: /admin/', 'Disallow: /admin/\nDisallow: /listings') } },
    'crawl.robots-blocked-links': { fires: { robots: GOOD_ROBOTS.replace('Disallow: /admin/', 'Disallow: /home-value') } },
    'crawl.robots-blocked-resources': { fires: { robots: GOOD_ROBOTS.replace('Disallow: /admin/', 'Disallow: /img/') } },
    'crawl.internal-redirect-temporary': {
      fires: { redirects: [{ url: `${GOOD_URL}old-listings`, from: GOOD_URL, hops: 1, finalUrl: listings, loop: false, statuses: [302] }] },
      passes: {
        redirects: [{ url: `${GOOD_URL}old-listings`, from: GOOD_URL, hops: 1, finalUrl: listings, loop: false, statuses: [301] }],
      },
    },
    'crawl.soft-404': {
      fires: { pages: [goodInnerPage('/old-listing', 'Page Not Found')] },
      passes: { pages: [about] },
    },
    'crawl.canonical-fragment': {
      fires: { replace: [[canonical, '<link rel="canonical" href="https://janesmithrealty.com/#main">']] },
    },
    'crawl.canonical-attributes': {
      fires: { replace: [[canonical, '<link rel="canonical" hreflang="en-US" href="https://janesmithrealty.com/">']] },
      passes: { replace: [[canonical, '<link rel="canonical" href="https://janesmithrealty.com/" data-yoast="1">']] },
    },
    'crawl.canonical-unlinked': {
      // The about page names /about-jane as canonical, an address no menu or link uses.
      fires: { pages: [aboutCanonicalTo('about-jane'), listingsPage] },
      // Pointing at /listings, which the menu links to, is a consistent signal.
      passes: { pages: [aboutCanonicalTo('listings'), listingsPage] },
    },
    'crawl.hreflang-return-lang-mismatch': {
      // The English home calls itself en-US; the Spanish page names it back as plain "en".
      fires: {
        replace: [[SELF_HREFLANG, WITH_SPANISH]],
        pages: [{ ...spanish(), html: spanish().html.replace(`hreflang="en-US" href="${GOOD_URL}"`, `hreflang="en" href="${GOOD_URL}"`) }],
      },
      passes: { replace: [[SELF_HREFLANG, WITH_SPANISH]], pages: [spanish()] },
    },
    'crawl.url-repetitive-path': {
      fires: { replace: [['<a href="/blog">Market Blog</a>', '<a href="/blog/market/blog/market">Market Blog</a>']] },
      passes: { replace: [['<a href="/blog">Market Blog</a>', '<a href="/blog/2026/10/01/market-update">Market Blog</a>']] },
    },
  }));

describe('pagination series', () => {
  const loop = CHECKS_BY_ID.get('crawl.pagination-loop')!;
  it('a series whose next links come back round loops, each page named once', () => {
    const result = loop.run(contextOf({ pages: [page1, seriesPage(2, { prev: '/listings', next: '/listings' }, ['/listings'])] })) as {
      detail: string;
    };
    expect(result.detail).toBe(
      '2 pages loop in their pagination: /listings (following rel=next comes back to it), ' +
        '/listings/page/2 (following rel=next comes back to it).',
    );
  });

  it('names the page to edit and what its pagination says, for each kind of mistake', () => {
    const detail = (id: string, fixture: Parameters<typeof contextOf>[0]) =>
      (CHECKS_BY_ID.get(id)!.run(contextOf(fixture)) as { detail: string }).detail;
    expect(detail('crawl.pagination-target-error', { pages: [page1], targets: [target('listings/page/2', 410)] })).toBe(
      '1 pagination link leads to no page: /listings (rel=next /listings/page/2 answers HTTP 410).',
    );
    expect(detail('crawl.pagination-sequence', { pages: [page1, seriesPage(2, { next: P3 }, ['/listings', P3]), page3] })).toBe(
      '1 pagination link disagrees with the page it names: /listings (rel=next /listings/page/2, whose rel=prev is missing).',
    );
    expect(detail('crawl.pagination-not-in-anchor', { pages: [seriesPage(1, { next: P2 }, []), page2, page3] })).toBe(
      '1 page names a page of its series it does not link to: /listings (rel=next /listings/page/2 is not linked on it).',
    );
  });

  it('the last page of a series, with no rel=next, ends it', () => {
    expect(loop.run(contextOf(SERIES))).toBeFalsy();
  });
});
