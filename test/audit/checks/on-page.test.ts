import { describe } from 'vitest';
import { checkCategory, labWith } from './harness.ts';
import { GOOD_HTML, goodInnerPage } from './good-site.ts';

const TITLE = '<title>Arlington VA Homes for Sale | Jane Smith Realty</title>';
const DESCRIPTION = /<meta name="description" content="[^"]*">/;
const H1 = '<h1>Arlington Real Estate with Jane Smith</h1>';
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';
const about = goodInnerPage('/about', 'About Jane Smith');
const listings = goodInnerPage('/listings', 'Homes for Sale in Arlington');
/** A town page as a template fills it: the same paragraphs with the town's name swapped in. */
const townText = (town: string) =>
  `Thinking about a move to ${town}? Here is what buyers ask me first. Homes in ${town} sell quickly when they are priced ` +
  `right, so it pays to see new listings the day they come out. Most streets in ${town} are close to a park, a school and a ` +
  `grocery store, and many families choose ${town} for the short commute. Condos near the main road are the easiest way in ` +
  `for first-time buyers, while older brick colonials on quiet streets draw families who want a yard. When you are ready, I ` +
  `will set up a search for ${town} homes that match your budget, book the tours and help you write an offer that wins. ` +
  `Sellers in ${town} get a free price estimate, a plan for repairs that pay off, and photos that bring buyers in on the ` +
  `first weekend. Call or write to me any time for a chat about ${town} real estate.`;
const town = (slug: string, name: string, text: string) => goodInnerPage(`/${slug}`, `${name} Homes for Sale`, text);
const LONG_SENTENCE =
  'When you sell your home with me, I prepare a detailed marketing plan, professional photography and a pricing strategy ' +
  'based on recent comparable sales in your neighborhood. ';
const SHORT_SENTENCE = 'Then we list it and watch the offers come in. ';
/** Brochure copy of long words: reading ease far below 30. */
const BROCHURE =
  'Comprehensive representation throughout every negotiation ensures favorable outcomes for discerning purchasers. ' +
  'Our experienced professionals coordinate inspections, appraisals and financing so each transaction closes on schedule. ';
/** Raw-markup fixtures: the good home page with its skeleton rewritten. */
const HEAD_OPEN = '<html lang="en">\n<head>';
/** The listings page reached a second time through an old address that redirects to it: one page, not two. */
const listingsAgain = {
  ...listings,
  requestedUrl: 'https://janesmithrealty.com/old-listings',
  chain: [{ url: 'https://janesmithrealty.com/old-listings', status: 301, location: listings.url }],
};

describe('on-page checks', () =>
  checkCategory('on-page', {
    'onpage.h2-missing': {
      // The good home page with its sections demoted to <h3>: several hundred words, no section heading.
      fires: {
        replace: [
          [/<h2>/g, '<h3>'],
          [/<\/h2>/g, '</h3>'],
        ],
      },
      // A short thank-you page needs no sections.
      passes: {
        html:
          '<!doctype html><html lang="en"><head><title>Thank you | Jane Smith Realty</title></head><body><main><h1>Thank you</h1>' +
          '<p>Jane will call you within a day.</p><a href="/">Back home</a></main></body></html>',
      },
    },
    'onpage.meta-keywords': {
      fires: { replace: [['<meta charset="utf-8">', '<meta charset="utf-8"><meta name="keywords" content="arlington homes, realtor">']] },
    },
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
    'onpage.content-too-wide': {
      fires: {
        lab: labWith({
          id: 'content-width',
          title: 'Content is wider than the phone screen',
          displayValue: 'laid out 980 px wide on a 412 px screen',
        }),
      },
      passes: { lab: labWith() },
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
    'onpage.markup-head-missing': {
      fires: {
        replace: [
          ['<head>', ''],
          ['</head>', ''],
        ],
      },
      passes: { replace: [['<head>', '<HEAD data-theme="astra">']] },
    },
    'onpage.markup-body-missing': {
      fires: {
        replace: [
          ['<body>', ''],
          ['</body>', ''],
        ],
      },
      passes: { replace: [['<body>', '<body class="home page-template-default elementor-default">']] },
    },
    'onpage.markup-head-multiple': {
      // A whole page pasted into a page-builder HTML block.
      fires: { replace: [['<main>', '<main><html><head><title>Contact form</title></head><body><p>Form</p></body></html>']] },
      passes: { replace: [['<main>', '<main><script>document.write("<head></head>")</script><!-- <head> --><p>&lt;head&gt;</p>']] },
    },
    'onpage.markup-body-multiple': {
      fires: { replace: [['<main>', '<main><body class="embed"><p>Listings widget</p></body>']] },
      passes: { replace: [['<main>', '<main><textarea name="note"><body></textarea>']] },
    },
    'onpage.markup-body-before-html': {
      fires: { replace: [['<!doctype html>\n<html lang="en">', '<!doctype html>\n<body class="preload"></body>\n<html lang="en">']] },
    },
    'onpage.markup-head-not-first': {
      fires: { replace: [[HEAD_OPEN, '<html lang="en">\n<div id="fb-root"></div>\n<head>']] },
      passes: { replace: [[HEAD_OPEN, '<html lang="en">\n<!-- Page cached by WP Rocket -->\n<head>']] },
    },
    'onpage.markup-head-closed-early': {
      // A tracking pixel pasted straight into the head: the canonical after it drops into the body.
      fires: {
        replace: [
          ['<meta name="author"', '<img height="1" width="1" src="https://www.facebook.com/tr?id=1&ev=PageView">\n<meta name="author"'],
        ],
      },
      passes: {
        replace: [
          [
            '<meta name="author"',
            '<noscript><img height="1" width="1" src="https://www.facebook.com/tr?id=1&ev=PageView"></noscript>\n<meta name="author"',
          ],
        ],
      },
    },
    'onpage.h1-too-long': {
      fires: { replace: [[H1, '<h1>Arlington Real Estate with Jane Smith, Your Local Expert for Buying and Selling Homes</h1>']] },
    },
    'onpage.h2-too-long': {
      fires: {
        replace: [
          ['<h2>Mortgage Calculator</h2>', '<h2>Use Our Free Mortgage Calculator to Estimate Your Monthly Payment in Arlington</h2>'],
        ],
      },
    },
    'onpage.h1-image-only': {
      fires: { replace: [[H1, '<h1><a href="/"><img src="/logo.png" alt="Jane Smith Realty" width="180" height="60"></a></h1>']] },
      passes: { replace: [[H1, '<h1><img src="/icon.png" alt="" width="20" height="20"> Arlington Real Estate with Jane Smith</h1>']] },
    },
    'onpage.readability-difficult': {
      // Agent copy in long, word-heavy sentences: reading ease about 44, college level.
      fires: {
        html: GOOD_HTML.replace(
          /<main>[\s\S]*<\/main>/,
          `<main><h1>Selling with Jane</h1><p>${LONG_SENTENCE.repeat(4)}${SHORT_SENTENCE.repeat(2)}</p></main>`,
        ),
      },
    },
    'onpage.readability-very-difficult': {
      fires: {
        html: GOOD_HTML.replace(/<main>[\s\S]*<\/main>/, `<main><h1>Our Services</h1><p>${BROCHURE.repeat(4)}</p></main>`),
      },
    },
    'onpage.near-duplicate': {
      fires: {
        pages: [about, town('arlington', 'Arlington', townText('Arlington')), town('alexandria', 'Alexandria', townText('Alexandria'))],
      },
      // Town pages written for each town, and the same sidebar on two of them.
      passes: {
        pages: [
          about,
          town('arlington', 'Arlington', `${townText('Arlington')}`),
          town(
            'alexandria',
            'Alexandria',
            'Old Town Alexandria is a world of its own: cobblestone streets, row houses from the 1700s and a waterfront that fills ' +
              'up every weekend. Buyers here trade a yard for history, and the price per foot shows it. Del Ray, a few minutes north, ' +
              'feels like a small town with its own main street, and Rosemont has some of the prettiest bungalows in the region. West ' +
              'of the highway you find larger lots, newer homes and quick access to the Beltway. Commuters love the two Metro stations, ' +
              'and parents ask about the new high school. I have sold homes on nearly every block between the river and Seminary Road.',
          ),
        ],
      },
    },
  }));
