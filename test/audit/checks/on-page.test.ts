import { describe } from 'vitest';
import { checkCategory, labWith } from './harness.ts';
import { GOOD_HTML, goodInnerPage } from './good-site.ts';

const TITLE = '<title>Arlington VA Homes for Sale | Jane Smith Realty</title>';
const DESCRIPTION = /<meta name="description" content="[^"]*">/;
const H1 = '<h1>Arlington Real Estate with Jane Smith</h1>';
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';
const about = goodInnerPage('/about', 'About Jane Smith');
const listings = goodInnerPage('/listings', 'Homes for Sale in Arlington');
/** The listings page reached a second time through an old address that redirects to it: one page, not two. */
const listingsAgain = {
  ...listings,
  requestedUrl: 'https://janesmithrealty.com/old-listings',
  chain: [{ url: 'https://janesmithrealty.com/old-listings', status: 301, location: listings.url }],
};

describe('on-page checks', () =>
  checkCategory('on-page', {
    'onpage.title-missing': { fires: { replace: [[TITLE, '<title> </title>']] } },
    'onpage.title-too-short': { fires: { replace: [[TITLE, '<title>Jane Smith Realty</title>']] } },
    'onpage.title-too-long': {
      fires: {
        replace: [[TITLE, '<title>Arlington VA Homes for Sale, Condos, Townhomes and Luxury Real Estate | Jane Smith Realty</title>']],
      },
    },
    'onpage.title-multiple': {
      fires: { replace: [[TITLE, `${TITLE}<title>Another title for the same page</title>`]] },
      passes: { replace: [['<main>', '<main><svg><title>Map pin icon</title></svg>']] },
    },
    'onpage.title-generic': { fires: { replace: [[TITLE, '<title>Home</title>']] } },
    'onpage.title-duplicate': {
      fires: { pages: [{ ...about, html: about.html.replace('<title>About Jane Smith | Jane Smith Realty</title>', TITLE) }] },
      passes: { pages: [about, listings, listingsAgain] },
    },
    'onpage.description-missing': { fires: { replace: [[DESCRIPTION, '']] } },
    'onpage.description-too-short': {
      fires: { replace: [[DESCRIPTION, '<meta name="description" content="Arlington homes for sale.">']] },
    },
    'onpage.description-too-long': {
      fires: { replace: [[DESCRIPTION, `<meta name="description" content="${'Arlington homes for sale with Jane Smith. '.repeat(5)}">`]] },
    },
    'onpage.description-multiple': {
      fires: {
        replace: [
          [VIEWPORT, `${VIEWPORT}<meta name="description" content="A second description of the same page for good measure and length.">`],
        ],
      },
    },
    'onpage.description-duplicate': {
      fires: { pages: [{ ...about, html: about.html.replace(DESCRIPTION, GOOD_HTML.match(DESCRIPTION)![0]) }] },
      passes: { pages: [about, listings, listingsAgain] },
    },
    'onpage.h1-missing': { fires: { replace: [[H1, '<h2>Arlington Real Estate with Jane Smith</h2>']] } },
    'onpage.h1-multiple': { fires: { replace: [[H1, `${H1}<h1>Second headline</h1>`]] } },
    'onpage.h1-empty': { fires: { replace: [[H1, `${H1}<h1><img src="/logo.png"></h1>`]] } },
    'onpage.heading-order': { fires: { replace: [['<h2>Search Homes for Sale</h2>', '<h4>Search Homes for Sale</h4>']] } },
    'onpage.lang-missing': { fires: { replace: [['<html lang="en">', '<html>']] } },
    'onpage.lang-invalid': {
      fires: { replace: [['<html lang="en">', '<html lang="english language">']] },
      passes: { replace: [['<html lang="en">', '<html lang="en-US">']] },
    },
    'onpage.viewport-missing': { fires: { replace: [[VIEWPORT, '']] } },
    'onpage.viewport-fixed-width': { fires: { replace: [[VIEWPORT, '<meta name="viewport" content="width=1024">']] } },
    'onpage.charset-missing': { fires: { replace: [['<meta charset="utf-8">', '']], headers: { 'content-type': 'text/html' } } },
    'onpage.doctype-missing': {
      fires: { replace: [['<!doctype html>', '']] },
      passes: { replace: [['<!doctype html>', '<!-- built 2026 -->\n<!DOCTYPE HTML>']] },
    },
    'onpage.word-count-low': {
      fires: { html: GOOD_HTML.replace(/<main>[\s\S]*<\/main>/, '<main><h1>Welcome</h1><p>Call me today.</p></main>') },
    },
    'onpage.thin-pages': {
      fires: {
        pages: [
          {
            url: 'https://janesmithrealty.com/thanks',
            html: '<!doctype html><html lang="en"><head><title>Thank you</title></head><body><main><h1>Thanks!</h1></main></body></html>',
          },
        ],
      },
      passes: { pages: [about] },
    },
    'onpage.duplicate-content': {
      fires: { pages: [{ url: 'https://janesmithrealty.com/index.html', html: GOOD_HTML }] },
      passes: { pages: [about, listings] },
    },
    'onpage.favicon-missing': { fires: { favicon: { url: 'https://janesmithrealty.com/favicon.ico', status: 404 } } },
    'onpage.title-same-as-h1': { fires: { replace: [[H1, '<h1>Arlington VA Homes for Sale | Jane Smith Realty</h1>']] } },
    'onpage.h1-duplicate': {
      fires: { pages: [{ ...about, html: about.html.replace('<h1>About Jane Smith</h1>', H1) }] },
      passes: { pages: [about, listings, listingsAgain] },
    },
    'onpage.text-html-ratio-low': {
      fires: { replace: [['</head>', `<script>window.__SITE__ = ${JSON.stringify('x'.repeat(60_000))};</script></head>`]] },
    },
    'onpage.placeholder-text': { fires: { replace: [['For fifteen years', 'Lorem ipsum dolor sit amet. For fifteen years']] } },
    'onpage.head-tags-in-body': {
      fires: { replace: [['<main>', '<main><meta name="robots" content="index, follow">']] },
      passes: { replace: [['<main>', '<main><svg><title>Pin</title></svg><meta itemprop="price" content="649900">']] },
    },
    'onpage.frames-or-plugins': {
      fires: { replace: [['<main>', '<main><object type="application/x-shockwave-flash" data="/tour.swf"></object>']] },
      passes: { replace: [['<main>', '<main><object type="application/pdf" data="/brochure.pdf"></object>']] },
    },
    'onpage.font-size-small': {
      fires: {
        lab: labWith({
          id: 'font-size',
          title: 'Document doesn’t use legible font sizes',
          displayValue: '41% legible text',
          items: ['.footer p'],
        }),
      },
      passes: { lab: labWith() },
    },
  }));
