// The report's sample site: a nine-page agent site with the defects a prospect's site
// typically has, used by the report, PDF, quick-lookup and advanced-audit tests,
// as check contexts (`sampleFixture`) and served on loopback (`sampleRoutes`).
//
// Known defects: plain http, no meta description on the home page, three photos without alt
// text, an award badge (/img/award.svg) without width and height, a link to a page that is
// gone (/old-listing, 404). What it has, and the report must not deny: a client testimonial
// on the home page (a quote under "Kind words", the word "testimonial" appears nowhere), a
// hand-made "Featured listings" page (/listings) and no IDX search.
import type { Fixture } from './checks/harness.ts';
import { page, type Route } from './sites.ts';

export const SAMPLE_URL = 'http://harborpine.example/';
export const SAMPLE_BUSINESS = 'Harbor & Pine Realty';

const nav =
  '<nav><a href="/">Home</a> <a href="/about">About Dana</a> <a href="/listings">Featured listings</a> ' +
  '<a href="/buyers">Buyers</a> <a href="/sellers">Sellers</a> <a href="/neighborhoods">Neighborhoods</a> ' +
  '<a href="/blog">Blog</a> <a href="/contact">Contact</a></nav>';
const footer =
  '<footer><p>Harbor &amp; Pine Realty · 310 King Street, Alexandria, VA 22314 · ' +
  '<a href="tel:+17035550199">(703) 555-0199</a> · Licensed in Virginia</p></footer>';

const paragraph = (topic: string) =>
  `<p>Alexandria homes move fast. ${topic} We walk buyers and sellers in Alexandria through pricing, offers, inspections ` +
  'and closing, and we know which Alexandria neighborhoods fit a commute to DC, which schools families ask about and ' +
  'how homes in Old Town, Del Ray and Rosemont compare on price per square foot.</p>';

export const SAMPLE_HOME =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Harbor &amp; Pine Realty | Alexandria VA Homes</title></head><body>' +
  nav +
  '<main><h1>Alexandria homes, sold with care</h1>' +
  '<img src="/img/award.svg" alt="Top 1% agent award 2026">' +
  paragraph('Dana Whitfield has helped more than 300 families buy and sell homes in Alexandria since 2012.') +
  paragraph('Homes in Alexandria sold in 21 days on average last spring.') +
  '<h2>Recently sold homes</h2>' +
  '<img src="/img/home-1.png" width="400" height="300"><img src="/img/home-2.png" width="400" height="300">' +
  '<img src="/img/home-3.png" width="400" height="300">' +
  '<p>See our <a href="/listings">featured listings</a> or the <a href="/old-listing">townhouse on Duke Street</a>.</p>' +
  '<h2>Kind words</h2>' +
  '<blockquote><p>“Dana sold our townhouse in nine days and kept us calm through every step of the inspection.”</p>' +
  '<p>— Priya and Sam, Old Town</p></blockquote>' +
  '<p><a href="/contact">Contact Dana</a> to talk about buying or selling your home.</p></main>' +
  footer +
  '</body></html>';

const inner = (title: string, h1: string, body: string) =>
  page(
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | Harbor &amp; Pine Realty</title>` +
      `<meta name="description" content="${h1} with Dana Whitfield of Harbor &amp; Pine Realty in Alexandria, Virginia.">`,
    `${nav}<main><h1>${h1}</h1>${body}</main>${footer}`,
  );

/** The eight pages besides the home page, by path. */
export const SAMPLE_PAGES: Record<string, string> = {
  '/about': inner('About Dana', 'About Dana Whitfield', paragraph('Dana grew up in Alexandria and joined the trade in 2012.')),
  '/listings': inner(
    'Featured listings',
    'Featured listings',
    '<ul><li>3 bed townhouse, Del Ray, $789,000</li><li>2 bed condo, Old Town, $525,000</li></ul>' +
      paragraph('These are the homes we list ourselves.'),
  ),
  '/buyers': inner('Buyers', 'Buying a home in Alexandria', paragraph('First-time buyers get a step-by-step plan.')),
  '/sellers': inner('Sellers', 'Selling your Alexandria home', paragraph('Sellers get a pricing plan and staging advice.')),
  '/neighborhoods': inner('Neighborhoods', 'Alexandria neighborhoods', paragraph('Old Town, Del Ray, Rosemont and Parker-Gray.')),
  '/blog': inner('Blog', 'Market notes', '<p><a href="/blog/spring-market">Spring market report</a></p>'),
  '/blog/spring-market': inner('Spring market', 'The spring market in Alexandria', paragraph('Prices rose 4% year over year.')),
  '/contact': inner('Contact', 'Contact Dana', '<p>Call <a href="tel:+17035550199">(703) 555-0199</a>.</p>'),
};

const url = (path: string) => new URL(path, SAMPLE_URL).href;

/**
 * The sample site as a check context's fixture: the home page alone (what the free audit
 * reads) or all nine pages (the advanced audit's crawl). The links checked are the home
 * page's, /old-listing answering 404.
 */
export function sampleFixture(options: { crawl?: boolean } = {}): Fixture {
  const homeLinks = ['/', '/about', '/listings', '/buyers', '/sellers', '/neighborhoods', '/blog', '/contact', '/old-listing'];
  return {
    url: SAMPLE_URL,
    html: SAMPLE_HOME,
    headers: { 'content-encoding': undefined, 'strict-transport-security': undefined },
    robots: 'User-agent: *\nAllow: /\n',
    sitemap: null,
    llms: null,
    resources: [],
    links: homeLinks.map((path) => ({ url: url(path), status: path === '/old-listing' ? 404 : 200, error: null, from: SAMPLE_URL })),
    ...(options.crawl ? { pages: Object.entries(SAMPLE_PAGES).map(([path, html]) => ({ url: url(path), html })) } : {}),
  };
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const AWARD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#c90"/></svg>';

/** The sample site's routes for `startSite` (absent paths, /old-listing among them, answer 404). */
export function sampleRoutes(): Record<string, Route> {
  return {
    '/': SAMPLE_HOME,
    ...SAMPLE_PAGES,
    '/robots.txt': 'User-agent: *\nAllow: /\n',
    '/img/award.svg': { headers: { 'content-type': 'image/svg+xml' }, body: AWARD },
    '/img/home-1.png': { headers: { 'content-type': 'image/png' }, body: PNG },
    '/img/home-2.png': { headers: { 'content-type': 'image/png' }, body: PNG },
    '/img/home-3.png': { headers: { 'content-type': 'image/png' }, body: PNG },
  };
}
