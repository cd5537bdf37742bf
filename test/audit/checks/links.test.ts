import { describe, expect, it } from 'vitest';
import { CHECKS_BY_ID } from '@curb/audit/checks/registry';
import type { ExternalLinkStatus } from '@curb/audit/snapshot';
import { checkCategory, contextOf } from './harness.ts';
import { GOOD_URL, goodInnerPage } from './good-site.ts';

const link = (path: string, status: number | null) => ({
  url: new URL(path, GOOD_URL).href,
  status,
  error: status === null ? 'timeout' : null,
  from: GOOD_URL,
});

/** An outbound link of the good site and what it answered. */
const outside = (url: string, answer: Partial<ExternalLinkStatus> = {}): ExternalLinkStatus => ({
  url,
  from: GOOD_URL,
  status: 200,
  redirectedTo: null,
  failure: null,
  notChecked: false,
  ...answer,
});
const FACEBOOK = 'https://www.facebook.com/janesmithrealty';
const ZILLOW = 'https://www.zillow.com/profile/JaneSmithRealty';
const LENDER = 'https://firstlender.example.com/jane';

const about = goodInnerPage('/about', 'About Jane Smith');
const listings = goodInnerPage('/listings', 'Homes for Sale in Arlington');

describe('links checks', () =>
  checkCategory('links', {
    'links.broken-internal': { fires: { links: [link('/listings', 200), link('/old-listing', 404)] } },
    'links.unreachable-internal': { fires: { links: [link('/listings', null)] } },
    'links.redirected-internal': {
      fires: {
        pages: [
          {
            ...goodInnerPage('/about', 'About Jane Smith'),
            requestedUrl: 'https://janesmithrealty.com/about-jane',
            chain: [{ url: 'https://janesmithrealty.com/about-jane', status: 301, location: 'https://janesmithrealty.com/about' }],
          },
        ],
      },
    },
    'links.not-crawlable': {
      fires: { replace: [['<a href="/about">About Jane</a>', '<a href="javascript:openAbout()">About Jane</a>']] },
      passes: { replace: [['<main>', '<main><a id="top"></a>']] },
    },
    'links.vague-text': { fires: { replace: [['<a href="/home-value">Get your valuation</a>', '<a href="/home-value">Click here</a>']] } },
    'links.empty-text': {
      fires: { replace: [['<a href="/home-value">Get your valuation</a>', '<a href="/home-value"><img src="/arrow.svg"></a>']] },
      passes: {
        replace: [
          [
            '<a href="/home-value">Get your valuation</a>',
            '<a href="/home-value" aria-label="Home valuation"><img src="/arrow.svg" alt=""></a>',
          ],
        ],
      },
    },
    'links.nofollow-internal': {
      fires: { replace: [['<a href="/blog">Market Blog</a>', '<a href="/blog" rel="nofollow">Market Blog</a>']] },
    },
    'links.few-internal': {
      fires: {
        html:
          '<!doctype html><html lang="en"><head><title>One page</title></head><body><main><a href="/">Home</a>' +
          '<a href="https://zillow.com/">Zillow</a></main></body></html>',
      },
    },
    'links.too-many': {
      fires: {
        replace: [['<main>', `<main>${Array.from({ length: 110 }, (_, i) => `<a href="/listing/${i}">Listing ${i}</a>`).join('')}`]],
      },
      passes: {
        replace: [['<main>', `<main>${Array.from({ length: 40 }, (_, i) => `<a href="/listing/${i}">Listing ${i}</a>`).join('')}`]],
      },
    },
    'links.http-on-https': { fires: { replace: [['<a href="/blog">', '<a href="http://janesmithrealty.com/blog">']] } },
    'links.blank-without-noopener': {
      fires: {
        replace: [
          [
            '<a href="https://www.facebook.com/janesmithrealty" rel="noopener" target="_blank">',
            '<a href="https://www.facebook.com/janesmithrealty" target="_blank">',
          ],
        ],
      },
    },
    'links.no-navigation': {
      fires: {
        replace: [
          ['<nav>', '<div>'],
          ['</nav>', '</div>'],
        ],
      },
    },
    'links.single-inlink': {
      // The market report is linked from the about page only.
      fires: {
        pages: [
          goodInnerPage('/about', 'About Jane Smith', '<a href="/market-report">Arlington market report</a>'),
          goodInnerPage('/market-report', 'Arlington Market Report'),
        ],
      },
      passes: { pages: [about, listings] },
    },
    'links.no-outgoing': {
      fires: {
        pages: [
          {
            url: `${GOOD_URL}thanks`,
            html:
              '<!doctype html><html lang="en"><head><title>Thank you | Jane Smith Realty</title></head><body><main><h1>Thank you</h1>' +
              '<p>Jane will call you within a day.</p></main></body></html>',
          },
        ],
      },
      passes: { pages: [about] },
    },
    'links.localhost': {
      fires: { replace: [['<a href="/about">About Jane</a>', '<a href="http://localhost:8080/about">About Jane</a>']] },
    },
    'links.malformed': {
      fires: {
        replace: [
          [
            '<a href="/privacy">Privacy Policy</a>',
            '<a href="/privacy">Privacy Policy</a> <a href="www.zillow.com/profile/JaneSmithRealty">Zillow</a>',
          ],
        ],
      },
      passes: {
        replace: [
          ['<a href="/privacy">Privacy Policy</a>', '<a href="/privacy">Privacy Policy</a> <a href="privacy.html#cookies">Cookies</a>'],
        ],
      },
    },
    'links.broken-bookmark': {
      fires: { replace: [['<a href="/contact">Contact</a>', '<a href="#schedule">Contact</a>']] },
      passes: {
        replace: [
          ['<a href="/contact">Contact</a>', '<a href="#schedule">Contact</a>'],
          ['<h2>Contact Jane</h2>', '<h2 id="schedule">Contact Jane</h2>'],
        ],
      },
    },
    'links.utm-internal': {
      fires: {
        replace: [
          [
            '<a href="/home-value">Get your valuation</a>',
            '<a href="/home-value?utm_source=homepage&utm_medium=banner">Get your valuation</a>',
          ],
        ],
      },
      passes: {
        replace: [['<a href="/home-value">Get your valuation</a>', '<a href="/home-value?ref=homepage">Get your valuation</a>']],
      },
    },
    'links.nofollow-external': {
      fires: {
        replace: [
          [
            '<a href="https://www.facebook.com/janesmithrealty" rel="noopener" target="_blank">',
            '<a href="https://www.facebook.com/janesmithrealty" rel="nofollow noopener" target="_blank">',
          ],
        ],
      },
      // A paid link marked as such is right as it is.
      passes: {
        replace: [
          [
            '<a href="https://www.facebook.com/janesmithrealty" rel="noopener" target="_blank">',
            '<a href="https://www.facebook.com/janesmithrealty" rel="sponsored nofollow noopener" target="_blank">',
          ],
        ],
      },
    },
    'links.resource-as-page-link': {
      fires: {
        replace: [
          ['<a href="/privacy">Privacy Policy</a>', '<a href="/privacy">Privacy Policy</a> <a href="/img/oak-street.jpg">Photo</a>'],
        ],
      },
      // A photo linking to its large version is a gallery.
      passes: {
        replace: [
          [
            '<a href="/privacy">Privacy Policy</a>',
            '<a href="/privacy">Privacy Policy</a> ' +
              '<a href="/img/oak-street.jpg"><img src="/img/oak-street-small.jpg" alt="Oak Street"></a>',
          ],
        ],
      },
    },
    'links.broken-external': {
      fires: { external: [outside(FACEBOOK), outside(LENDER, { status: 404 })] },
      // Refusals and an unanswered link when no outside site answered are not broken links.
      passes: {
        external: [
          outside(FACEBOOK, { status: 400 }),
          outside(ZILLOW, { status: 403 }),
          outside('https://www.linkedin.com/in/janesmith', { status: 999 }),
          outside(LENDER, { status: 503, challenged: true }),
        ],
      },
    },
    'links.external-unverified': {
      fires: { external: [outside(FACEBOOK), outside(ZILLOW, { status: 403 })] },
      passes: { external: [outside(FACEBOOK), outside(LENDER, { status: 404 })] },
    },
    'links.redirected-external': {
      fires: { external: [outside(LENDER, { redirectedTo: 'https://firstlender.example.com/team/jane' })] },
      passes: { external: [outside(LENDER, { status: 404, redirectedTo: 'https://firstlender.example.com/404' })] },
    },
    'links.same-text-different-targets': {
      fires: { replace: [['<a href="/about">About Jane</a>', '<a href="/about">Search Homes</a>']] },
      passes: { replace: [['<a href="/about">About Jane</a>', '<a href="/listings#top">Search Homes</a>']] },
    },
  }));

describe('links to other sites', () => {
  const broken = CHECKS_BY_ID.get('links.broken-external')!;
  const run = (external: ExternalLinkStatus[]) => broken.run(contextOf({ external }));

  it('a domain that no longer exists is broken when other outside sites answered, named with the page it is on', () => {
    const result = run([
      outside(FACEBOOK),
      outside('https://old-brokerage.example.net/jane', { status: null, failure: 'dns', from: `${GOOD_URL}about` }),
    ]) as { detail: string; urls: string[] };
    expect(result.detail).toContain('https://old-brokerage.example.net/jane (the domain does not exist, on /about)');
    expect(result.urls).toEqual([`${GOOD_URL}about`]);
  });

  it('when no outside site answered at all, the links are not measured rather than broken', () => {
    const result = run([outside(FACEBOOK, { status: null, failure: 'dns' }), outside(ZILLOW, { status: null, failure: 'dns' })]);
    expect(result).toMatchObject({ notMeasured: expect.stringContaining('None of the 2 outside links') });
  });

  it('a name reserved never to exist is broken even when no outside site answered', () => {
    const result = run([
      outside(FACEBOOK, { status: null, failure: 'dns' }),
      outside('https://lender.invalid/jane', { status: null, failure: 'dns' }),
    ]) as { detail: string };
    expect(result.detail).toBe(
      '1 link to other sites is broken: https://lender.invalid/jane (the domain does not exist, on the home page).',
    );
  });

  it('a site on this machine answering says nothing of the internet: public names that did not resolve are not broken', () => {
    const result = run([outside('http://localhost:8081/partner'), outside(FACEBOOK, { status: null, failure: 'dns' })]);
    expect(result).toBeNull();
  });

  it('a look-up that failed for now, or a refusal, is not a broken link', () => {
    expect(
      run([outside(FACEBOOK), outside(LENDER, { status: null, failure: 'dns-temporary' }), outside(ZILLOW, { status: 429 })]),
    ).toBeNull();
  });

  it('links the audit had no time for are said to be not checked, never broken', () => {
    const result = run([outside(LENDER, { status: 410 }), outside(ZILLOW, { status: null, notChecked: true })]) as { detail: string };
    expect(result.detail).toMatch(
      /1 link to other sites is broken: .*\(HTTP 410, on the home page\)\. 1 other outside link was not checked\./,
    );
    expect(run([outside(ZILLOW, { status: null, notChecked: true })])).toMatchObject({ notMeasured: expect.any(String) });
  });

  it('an audit that did not ask says so instead of passing', () => {
    const ctx = contextOf();
    delete ctx.site.external;
    expect(broken.run(ctx)).toMatchObject({ notMeasured: expect.any(String) });
  });
});
