// Checks against markup written the way site builders write it, not from the checks' own rules:
// the good site rebuilt with WordPress, Elementor, Divi, an IDX plugin, Squarespace and Wix
// raises nothing, and each defect, broken the way those tools break it, is found.
import { describe, expect, it } from 'vitest';
import { runChecks } from '@curb/audit/checks/registry';
import { contextOf, type Fixture, GOOD_RESOURCES } from './harness.ts';
import { GOOD_HTML, GOOD_URL, goodInnerPage } from './good-site.ts';
import { divi, idxGrid, WORDPRESS_ELEMENTOR_HTML, wordpressInner } from './real-world.ts';

const findings = (f: Fixture) => runChecks(contextOf(f)).findings;
const ids = (f: Fixture) => findings(f).map((x) => x.id);
const YOAST_CANONICAL = '<link rel="canonical" href="https://janesmithrealty.com/">';

const LISTINGS_INTRO =
  'Here are the newest homes for sale in Arlington. The list comes straight from the MLS and updates every hour. ' +
  'Tap a home to see all the photos, the floor plan and the taxes. Save a search and I will send you new homes the day ' +
  'they come out. Want to see one in person? Call me and we can tour it this week. I know these streets well and I ' +
  'will tell you what the photos do not show.';
/** The about page with its own words (a copy of the home page would be a near duplicate of it). */
const aboutPage = () => {
  const page = wordpressInner('/about', 'About Jane Smith');
  return {
    ...page,
    html: page.html.replace(/<main>[\s\S]*<\/main>/, `<main><h1>About Jane Smith</h1>${divi(`<p>${ABOUT_TEXT}</p>`)}</main>`),
  };
};
const ABOUT_TEXT =
  'I grew up in Arlington and sold my first home here in 2011. Since then I have helped more than three hundred families ' +
  'buy and sell across Arlington, Alexandria and Falls Church. I am a licensed agent with Smith Partners Realty. Clients ' +
  'tell me they like how I explain each step in plain words. I answer the phone at night and on weekends, because that is ' +
  'when buyers look at homes. When I am not showing houses, I coach my son’s soccer team and walk our dog along the Custis ' +
  'Trail. I volunteer with a local group that helps first-time buyers save for a down payment. If you are thinking about a ' +
  'move, I would be glad to meet for coffee and talk it over, with no pressure at all. Every client gets a written plan, a ' +
  'weekly update and my cell number. I also keep a list of trusted inspectors, lenders and movers.';
/** The listings page as an IDX plugin fills it: a short intro, the grid, the MLS disclaimer. */
const listingsPage = (cardLink = (i: number) => `${GOOD_URL}idx/listing/${4000 + i}`) => {
  const page = wordpressInner('/listings', 'Homes for Sale in Arlington');
  return {
    ...page,
    html: page.html.replace(
      /<main>[\s\S]*<\/main>/,
      `<main><h1>Homes for Sale in Arlington</h1><p>${LISTINGS_INTRO}</p>${idxGrid(cardLink)}</main>`,
    ),
  };
};

/** Town pages from a multi-location plugin: one Elementor template, the town's name swapped in. */
const townPage = (slug: string, town: string, own?: string) =>
  wordpressInner(
    `/${slug}`,
    `${town} Homes for Sale`,
    divi(
      own ??
        `<p>Thinking about a move to ${town}? Homes in ${town} sell quickly when they are priced right, so it pays to see new ` +
          `listings the day they come out. Most streets in ${town} are close to a park, a school and a grocery store, and many ` +
          `families choose ${town} for the short commute. Condos near the main road are the easiest way in for first-time ` +
          `buyers, while older brick colonials on quiet streets draw families who want a yard. When you are ready, I will set ` +
          `up a search for ${town} homes that match your budget, book the tours and help you write an offer that wins. Sellers ` +
          `in ${town} get a free price estimate, a plan for repairs that pay off, and photos that bring buyers in on the first ` +
          `weekend. Call or write to me any time for a chat about ${town} real estate.</p>`,
    ),
  );

describe('clean sites built with real tools', () => {
  it('a WordPress + Elementor rebuild of the good site raises nothing, alone or crawled', () => {
    expect(findings({ html: WORDPRESS_ELEMENTOR_HTML }).map((f) => `${f.id}: ${f.detail}`)).toEqual([]);
    const crawled = findings({
      html: WORDPRESS_ELEMENTOR_HTML,
      pages: [aboutPage(), listingsPage()],
    });
    // The IDX plugin's photos are JPEGs: a notice the agent cannot act on alone, the only one.
    expect(crawled.map((f) => `${f.id}: ${f.detail}`)).toEqual([expect.stringMatching(/^images\.legacy-formats: /)]);
  });

  it('an IDX plugin grid with its MLS disclaimer and script routes is neither hard reading nor broken bookmarks', () => {
    // The page as the plugin's own template leaves it: one line of intro, the grid, the disclaimer.
    const bare = listingsPage();
    bare.html = bare.html.replace(`<p>${LISTINGS_INTRO}</p>`, '<p>New listings in Arlington, updated every hour from the MLS.</p>');
    const found = ids({ pages: [aboutPage(), bare] });
    expect(found).not.toContain('onpage.readability-very-difficult');
    expect(found).not.toContain('onpage.readability-difficult');
    expect(found).not.toContain('links.broken-bookmark');
    expect(found).not.toContain('a11y.alt-redundant');
  });

  it('files served as CDNs and plugins serve them are not the wrong type', () => {
    const found = ids({
      resources: [
        ...GOOD_RESOURCES,
        // Image CDNs answer a .jpg with WebP for browsers that take it; old plugins serve x-javascript.
        {
          url: `${GOOD_URL}wp-content/uploads/2026/10/oak.jpg`,
          kind: 'image',
          status: 200,
          bytes: 40_000,
          contentType: 'image/webp',
          headers: {},
        },
        {
          url: `${GOOD_URL}wp-content/plugins/slider/slider.js`,
          kind: 'script',
          status: 200,
          bytes: 9_000,
          contentType: 'application/x-javascript',
          headers: {},
        },
        {
          url: 'https://fonts.googleapis.com/css2?family=Lato',
          kind: 'stylesheet',
          status: 200,
          bytes: 1_000,
          contentType: 'text/css; charset=utf-8',
          headers: {},
        },
      ],
    });
    expect(found).not.toContain('security.content-type-mismatch');
  });

  it('town pages written for each town are not near duplicates, though they share the template and sidebar', () => {
    const own =
      '<p>Old Town Alexandria is a world of its own: cobblestone streets, row houses from the 1700s and a waterfront that fills ' +
      'up every weekend. Buyers here trade a yard for history, and the price per foot shows it. Del Ray, a few minutes north, ' +
      'feels like a small town with its own main street, and Rosemont has some of the prettiest bungalows in the region. West ' +
      'of the highway you find larger lots, newer homes and quick access to the Beltway. Commuters love the two Metro stations, ' +
      'and parents ask about the new high school. I have sold homes on nearly every block between the river and Seminary Road.</p>';
    expect(
      ids({ html: WORDPRESS_ELEMENTOR_HTML, pages: [townPage('arlington', 'Arlington'), townPage('alexandria', 'Alexandria', own)] }),
    ).not.toContain('onpage.near-duplicate');
  });
});

it('a page a script draws (a React landing page) is not judged on ids its HTML does not hold yet', () => {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Jane Smith Realty | Arlington Homes</title>' +
    '<script type="module" src="/assets/index-4f2a.js"></script><script src="/assets/vendor-9c1b.js"></script>' +
    '<script src="https://jane.idxbroker.com/idx/widgets/12345"></script></head><body><header><nav><a href="#about">About</a> ' +
    '<a href="#listings">Listings</a> <a href="#contact">Contact</a></nav></header><div id="root"></div></body></html>';
  expect(ids({ html })).not.toContain('links.broken-bookmark');
});

it('short blog posts sharing a long Divi sidebar are not near duplicates of each other', () => {
  const sidebar =
    '<div id="sidebar"><div class="et_pb_widget widget_text"><h4 class="widgettitle">About Jane</h4><p>' +
    'Jane Smith has helped families buy and sell homes in Arlington, Alexandria and Falls Church for fifteen years. She ' +
    'answers the phone at night and on weekends, writes a monthly market report and knows every school boundary in the ' +
    'county. Ask her about condos near the Metro, townhomes with a garage or a yard for the dog.</p></div>' +
    '<div class="et_pb_widget widget_recent_entries"><h4 class="widgettitle">Recent posts</h4><ul>' +
    [
      'October market update for Arlington',
      'Five things buyers ask about inspections',
      'How we priced a townhome in nine days',
      'What a rate drop means for your budget',
      'Open houses this weekend in Clarendon',
      'Should you sell before you buy',
      'A first-time buyer guide to closing costs',
      'Why homes near the Metro hold their value',
    ]
      .map((t, i) => `<li><a href="/blog/post-${i}">${t}</a></li>`)
      .join('') +
    '</ul></div><div class="et_pb_widget widget_mc4wp_form_widget"><h4 class="widgettitle">Get new listings by e-mail</h4>' +
    '<p>One short e-mail each Friday with the new homes in your price range, the open houses and what sold nearby. No spam, ' +
    'and you can stop it with one click whenever you like.</p></div></div>';
  const post = (slug: string, body: string) => {
    const p = wordpressInner(`/blog/${slug}`, slug.replace(/-/g, ' '));
    return {
      ...p,
      html: p.html.replace(
        /<main>[\s\S]*<\/main>/,
        `<div id="main-content"><article><h1>${slug}</h1><p>${body}</p></article>${sidebar}</div>`,
      ),
    };
  };
  const found = ids({
    html: WORDPRESS_ELEMENTOR_HTML,
    pages: [
      post(
        'open-houses-this-weekend',
        'Three open houses this weekend: a condo in Clarendon on Saturday, two townhomes in Ballston on Sunday.',
      ),
      post('rates-fell-again', 'Rates fell again this week. On a 600,000 dollar home that is about 90 dollars less a month.'),
    ],
  });
  expect(found).not.toContain('onpage.near-duplicate');
});

it('a consent or anti-flicker script a plugin prints before <head> is not content before the head', () => {
  const html = GOOD_HTML.replace(
    '<html lang="en">\n<head>',
    '<html lang="en">\n<script data-cfasync="false">window.dataLayer = window.dataLayer || [];</script>\n' +
      '<style>.async-hide { opacity: 0 !important }</style>\n<head>',
  );
  expect(ids({ html }).filter((id) => id.startsWith('onpage.markup-'))).toEqual([]);
});

describe('defects as site builders make them', () => {
  it('WordPress: the theme wraps the logo in the front page’s <h1>', () => {
    const html = WORDPRESS_ELEMENTOR_HTML.replace(
      '<img src="/logo.png" alt="Jane Smith Realty logo" width="180" height="60">',
      '<h1 class="site-title"><a href="/" class="custom-logo-link" rel="home">' +
        '<img src="/logo.png" class="custom-logo" alt="Jane Smith Realty" width="180" height="60"></a></h1>',
    ).replace('<h1>Arlington Real Estate with Jane Smith</h1>', '<h2>Arlington Real Estate with Jane Smith</h2>');
    const f = findings({ html }).find((x) => x.id === 'onpage.h1-image-only');
    expect(f?.detail).toContain('"Jane Smith Realty"');
  });

  it('Elementor Theme Builder: the new header keeps the theme’s skip link, the #content wrapper is gone', () => {
    const html = WORDPRESS_ELEMENTOR_HTML.replace('<div id="content" class="site-content">', '<div class="elementor-location-single">');
    const f = findings({ html }).find((x) => x.id === 'a11y.skip-link-broken');
    expect(f?.detail).toContain('#content');
  });

  it('a chat plugin prints its <div id="fb-root"> in the head, before the SEO plugin’s tags', () => {
    const html = WORDPRESS_ELEMENTOR_HTML.replace(
      '<meta name="author"',
      '<div id="fb-root"></div>\n<script async defer crossorigin="anonymous" ' +
        'src="https://connect.facebook.net/en_US/sdk.js"></script>\n<meta name="author"',
    );
    const f = findings({ html }).find((x) => x.id === 'onpage.markup-head-closed-early');
    expect(f?.detail).toMatch(/<div id="fb-root"> on line \d+ ends the <head>: .*a link tag.* read as page content/);
  });

  it('Squarespace: a code block holding a whole pasted page', () => {
    const html = GOOD_HTML.replace(
      '<h2>Mortgage Calculator</h2>',
      '<div class="sqs-block code-block sqs-block-code"><div class="sqs-block-content"><!DOCTYPE html><html><head><meta charset="utf-8">' +
        '<title>Mortgage Calculator Widget</title></head><body><div id="mortgage-widget"></div></body></html></div></div>' +
        '<h2>Mortgage Calculator</h2>',
    );
    expect(ids({ html })).toEqual(expect.arrayContaining(['onpage.markup-head-multiple', 'onpage.markup-body-multiple']));
  });

  it('Wix: the intro paragraph styled as the page’s <h1>', () => {
    const html = GOOD_HTML.replace(
      '<h1>Arlington Real Estate with Jane Smith</h1>',
      '<div data-testid="richTextElement"><h1 class="font_0 wixui-rich-text__text" style="font-size:18px">' +
        '<span style="font-weight:normal">Welcome to Jane Smith Realty, your trusted partner for buying and selling homes in ' +
        'Arlington and Northern Virginia</span></h1></div>',
    );
    expect(ids({ html })).toContain('onpage.h1-too-long');
  });

  it('WordPress: a relative link in a text widget stacks onto the page’s own path', () => {
    const page = wordpressInner('/listings/arlington/', 'Arlington Listings', '<a href="listings/arlington/condos/">Arlington condos</a>');
    const f = findings({ pages: [goodInnerPage('/about', 'About Jane Smith'), page] }).find((x) => x.id === 'crawl.url-repetitive-path');
    expect(f?.detail).toContain('/listings/arlington/listings/arlington/condos/');
  });

  it('Squarespace: an announcement bar copied from the newsletter keeps its utm_ tags', () => {
    const html = GOOD_HTML.replace(
      '<header>',
      '<div class="sqs-announcement-bar"><a href="https://janesmithrealty.com/home-value?' +
        'utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=oct">' +
        'Free home valuation this month</a></div><header>',
    );
    expect(ids({ html })).toContain('links.utm-internal');
  });

  it('Elementor one-page menu: “Reviews” points at #testimonials, the section’s CSS ID is “reviews”', () => {
    const about = wordpressInner('/about', 'About Jane Smith', '<a href="/#testimonials">Reviews</a>');
    const home = WORDPRESS_ELEMENTOR_HTML.replace('data-id="s4"', 'data-id="s4" id="reviews"');
    const f = findings({ html: home, pages: [about, listingsPage()] }).find((x) => x.id === 'links.broken-bookmark');
    expect(f?.detail).toContain('#testimonials (no such id on /)');
  });

  it('a multi-location plugin’s town pages: one template with the town swapped in', () => {
    const f = findings({
      html: WORDPRESS_ELEMENTOR_HTML,
      pages: [townPage('arlington', 'Arlington'), townPage('alexandria', 'Alexandria')],
    }).find((x) => x.id === 'onpage.near-duplicate');
    expect(f?.detail).toMatch(/\/arlington and \/alexandria \(\d+ % alike\)/);
  });

  it('WordPress: a deleted upload answered by the theme’s “not found” page with status 200', () => {
    const f = findings({
      resources: [
        ...GOOD_RESOURCES.filter((r) => !r.url.endsWith('oak-street.jpg')),
        {
          url: `${GOOD_URL}img/oak-street.jpg`,
          kind: 'image',
          status: 200,
          bytes: 31_000,
          contentType: 'text/html; charset=UTF-8',
          headers: {},
        },
      ],
    }).find((x) => x.id === 'security.content-type-mismatch');
    expect(f?.detail).toContain('image oak-street.jpg as text/html');
  });

  it('an old separate mobile site: the canonical carries a media query', () => {
    const html = GOOD_HTML.replace(
      YOAST_CANONICAL,
      '<link rel="canonical" media="only screen and (max-width: 640px)" href="https://janesmithrealty.com/">',
    );
    expect(ids({ html })).toContain('crawl.canonical-attributes');
  });

  it('a hash-routed site builder: the canonical names the #/ route', () => {
    const html = GOOD_HTML.replace(YOAST_CANONICAL, '<link rel="canonical" href="https://janesmithrealty.com/#/home">');
    expect(ids({ html })).toContain('crawl.canonical-fragment');
  });
});

/** The good site's Google tag snippet, as written by hand. */
const GTAG = /<script async src="https:\/\/www\.googletagmanager\.com\/gtag\/js\?id=G-ABC1234567"><\/script>\n<script>[^<]*<\/script>/;
const GTM = /<script>\(function\(w,d,s,l,i\)[^<]*<\/script>/;
const NOSCRIPT_GTM = /<noscript><iframe src="https:\/\/www\.googletagmanager\.com\/ns\.html[^<]*<\/iframe><\/noscript>/;
const IDX_SCRIPT = '<script defer src="https://jane.idxbroker.com/idx/widgets/12345"></script>';
const BUSINESS_JSONLD =
  /<script type="application\/ld\+json">\{"@context":"https:\/\/schema\.org","@type":"RealEstateAgent"[^<]*<\/script>/;

describe('other categories, as plugins and builders write them', () => {
  it('analytics: Google Site Kit loads the Google tag by its GT- id', () => {
    const html = GOOD_HTML.replace(
      GTAG,
      '<script src="https://www.googletagmanager.com/gtag/js?id=GT-NBX7QK2" id="google_gtagjs-js" async></script>\n' +
        '<script id="google_gtagjs-js-after">window.dataLayer = window.dataLayer || [];function gtag(){dataLayer.push(arguments);}\n' +
        'gtag("set","linker",{"domains":["janesmithrealty.com"]});gtag("js", new Date());gtag("set", "developer_id.dZTNiMT", true);\n' +
        'gtag("config", "GT-NBX7QK2");</script>',
    )
      .replace(GTM, '')
      .replace(NOSCRIPT_GTM, '');
    const found = ids({ html });
    expect(found).not.toContain('analytics.none');
    expect(found).not.toContain('analytics.universal-only');
  });

  it('real estate: an iHomefinder Kestrel search embedded in the page is IDX', () => {
    const html = GOOD_HTML.replace(IDX_SCRIPT, '<script src="https://kestrel.idxhome.com/ihf-kestrel.js"></script>').replace(
      '<h2>Featured Listings</h2>',
      '<h2>Featured Listings</h2><script>document.currentScript.replaceWith(ihfKestrel.render());</script>',
    );
    expect(ids({ html, resources: GOOD_RESOURCES.filter((r) => !r.url.includes('idxbroker')) })).not.toContain('re.idx-missing');
  });

  it('structured data: Yoast’s @graph holding the RealEstateAgent among WebPage and WebSite nodes', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebPage', '@id': `${GOOD_URL}#webpage`, url: GOOD_URL, name: 'Arlington VA Homes for Sale | Jane Smith Realty' },
        { '@type': 'WebSite', '@id': `${GOOD_URL}#website`, url: GOOD_URL, name: 'Jane Smith Realty' },
        {
          ...(JSON.parse(BUSINESS_JSONLD.exec(GOOD_HTML)![0].replace(/^<script[^>]*>|<\/script>$/g, '')) as Record<string, unknown>),
          '@context': undefined,
          '@id': `${GOOD_URL}#organization`,
        },
      ],
    };
    const html = GOOD_HTML.replace(
      BUSINESS_JSONLD,
      `<script type="application/ld+json" class="yoast-schema-graph">${JSON.stringify(graph)}</script>`,
    );
    const found = findings({ html }).filter((f) => f.category === 'structured-data');
    expect(found.map((f) => `${f.id}: ${f.detail}`)).toEqual([]);
  });

  it('images: WordPress marks the first content image lazy, the hero included', () => {
    const html = GOOD_HTML.replace(
      '<h1>Arlington Real Estate with Jane Smith</h1>',
      '<h1>Arlington Real Estate with Jane Smith</h1><figure class="wp-block-image size-full"><img loading="lazy" decoding="async" ' +
        'width="1600" height="900" src="/wp-content/uploads/2026/10/hero.jpg" alt="Tree-lined street of brick homes in Arlington" ' +
        'class="wp-image-41" srcset="/wp-content/uploads/2026/10/hero.jpg 1600w, /wp-content/uploads/2026/10/hero-800.jpg 800w"></figure>',
    ).replace(
      '<img src="/logo.png" alt="Jane Smith Realty logo" width="180" height="60">',
      '<img src="/logo.png" alt="Jane Smith Realty logo" width="180" height="60" loading="eager">',
    );
    expect(ids({ html })).toContain('images.lazy-hero');
  });

  it('business details: a Wix footer writes the phone number as text with dots', () => {
    const html = GOOD_HTML.replace(
      '<a href="tel:+17035550142">(703) 555-0142</a>',
      '<span class="wixui-rich-text__text">Call 703.555.0142</span>',
    );
    const found = ids({ html });
    expect(found).toContain('biz.phone-not-clickable');
    expect(found).not.toContain('biz.phone-missing');
    expect(found).not.toContain('biz.nap-inconsistent');
  });
});

describe('more categories, as WordPress and hosted builders write them', () => {
  const ROBOTS_AFTER = '<meta name="viewport" content="width=device-width, initial-scale=1">';

  it('crawlability: Yoast’s robots line with its preview limits is not a noindex; “Discourage search engines” is', () => {
    const yoast = GOOD_HTML.replace(
      ROBOTS_AFTER,
      `${ROBOTS_AFTER}\n<meta name='robots' content='index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1' />`,
    );
    expect(ids({ html: yoast }).filter((id) => id.startsWith('crawl.'))).toEqual([]);
    const discouraged = GOOD_HTML.replace(ROBOTS_AFTER, `${ROBOTS_AFTER}\n<meta name='robots' content='noindex, nofollow' />`);
    // The noindex is the finding; its nofollow is not reported twice.
    expect(ids({ html: discouraged })).toContain('crawl.meta-noindex');
  });

  it('security: a site moved to https whose WordPress image sizes still list http:// addresses', () => {
    const html = GOOD_HTML.replace(
      'srcset="/img/oak-street-400.jpg 400w, /img/oak-street.jpg 800w"',
      'srcset="http://janesmithrealty.com/wp-content/uploads/2019/05/oak-street-400x267.jpg 400w, ' +
        'http://janesmithrealty.com/wp-content/uploads/2019/05/oak-street.jpg 800w"',
    );
    const f = findings({ html }).find((x) => x.id === 'security.mixed-content');
    expect(f?.detail).toContain('http://janesmithrealty.com/wp-content/uploads/2019/05/oak-street-400x267.jpg');
  });

  it('social: Yoast’s self-closed Open Graph tags with secure_url and sizes are complete', () => {
    const html = GOOD_HTML.replace(
      '<meta property="og:image" content="https://janesmithrealty.com/og.jpg">',
      '<meta property="og:image" content="https://janesmithrealty.com/wp-content/uploads/2026/10/og.jpg" />\n' +
        '<meta property="og:image:secure_url" content="https://janesmithrealty.com/wp-content/uploads/2026/10/og.jpg" />\n' +
        '<meta property="og:image:width" content="1200" />\n<meta property="og:image:height" content="630" />\n' +
        '<meta property="og:image:type" content="image/jpeg" />',
    );
    expect(findings({ html }).filter((f) => f.category === 'social')).toEqual([]);
  });

  it('performance: the theme loads jQuery in the head without defer', () => {
    const html = GOOD_HTML.replace(
      '</head>',
      `<script src="${GOOD_URL}wp-includes/js/jquery/jquery.min.js?ver=3.7.1" id="jquery-core-js"></script>\n` +
        `<script src="${GOOD_URL}wp-includes/js/jquery/jquery-migrate.min.js?ver=3.4.1" id="jquery-migrate-js"></script>\n</head>`,
    );
    const f = findings({ html }).find((x) => x.id === 'perf.render-blocking-scripts');
    expect(f?.detail).toMatch(/2 scripts|jquery/i);
  });

  it('AI search: a Rank Math FAQ block with its FAQPage schema answers questions', () => {
    const faq = {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'How long does it take to sell a home in Arlington',
          acceptedAnswer: { '@type': 'Answer', text: 'A median of 12 days in 2026.' },
        },
      ],
    };
    const html = GOOD_HTML.replace(
      '<h3>How long does it take to sell a home in Arlington?</h3>',
      '<div id="rank-math-faq" class="rank-math-block"><div class="rank-math-list"><div class="rank-math-list-item">' +
        '<h3 class="rank-math-question">How long does it take to sell a home in Arlington</h3></div></div></div>',
    ).replace('</head>', `<script type="application/ld+json" class="rank-math-schema">${JSON.stringify(faq)}</script></head>`);
    expect(ids({ html })).not.toContain('ai.no-faq');
  });
});

describe('profile links as builders and Google write them', () => {
  it('Squarespace social icons and a Google profile shared from Search or an old Maps short link', () => {
    for (const google of ['https://g.co/kgs/XyZ7890', 'https://goo.gl/maps/AbC123xyz']) {
      const html = GOOD_HTML.replaceAll('https://g.page/janesmithrealty', google).replace(
        '<a href="https://www.instagram.com/janesmithrealty" rel="noopener" target="_blank">Instagram</a>',
        '<a href="https://instagram.com/janesmithrealty/" target="_blank" rel="noopener" aria-label="Instagram" ' +
          'class="sqs-svg-icon--wrapper instagram-unauth"><div><svg class="sqs-svg-icon--social" viewBox="0 0 64 64">' +
          '<use class="sqs-use--icon" href="#instagram-unauth-icon"></use></svg></div></a>',
      );
      const found = ids({ html });
      expect(found, google).not.toContain('presence.google-business-missing');
      expect(found, google).not.toContain('presence.instagram-missing');
    }
  });
});

describe('phone numbers as site builders type them', () => {
  it('finds a number written with non-breaking hyphens, en dashes or a middle dot, and calls it not clickable', () => {
    for (const written of ['703\u2011555\u20110142', '(703) 555\u20130142', '703 · 555 · 0142', '+1\u00a0703\u00a0555\u00a00142']) {
      // No tel: link and no telephone in the structured data: only the text says the number.
      const html = GOOD_HTML.replace('<a href="tel:+17035550142">(703) 555-0142</a>', `<span>Call ${written}</span>`).replaceAll(
        '"telephone":"+1-703-555-0142",',
        '',
      );
      const found = ids({ html });
      expect(found, written).not.toContain('biz.phone-missing');
      expect(found, written).toContain('biz.phone-not-clickable');
    }
  });
});

describe('e-mail addresses behind a CDN', () => {
  it('reads an address Cloudflare’s e-mail protection hid', () => {
    const hidden = '4e242f202b0e242f202b3d23273a263c2b2f223a37602d2123';
    const html = GOOD_HTML.replace(
      '<a href="mailto:jane@janesmithrealty.com">jane@janesmithrealty.com</a>',
      `<a href="/cdn-cgi/l/email-protection#${hidden}">` +
        `<span class="__cf_email__" data-cfemail="${hidden}">[email&#160;protected]</span></a>`,
    ).replaceAll('"email":"jane@janesmithrealty.com",', '');
    expect(ids({ html })).not.toContain('biz.email-missing');
    expect(ids({ html: html.replaceAll(hidden, 'zz') })).toContain('biz.email-missing');
  });
});

describe('lead forms a service draws into the page', () => {
  const CONTACT_FORM = /<h2>Contact Jane<\/h2>\n<form action="\/contact" method="post">[\s\S]*?<\/form>/;
  const withoutOwnForms = (embed: string) =>
    GOOD_HTML.replace(CONTACT_FORM, `<h2>Contact Jane</h2>\n${embed}`)
      .replace('<a href="tel:+17035550142">(703) 555-0142</a>', '(703) 555-0142')
      // A one-page site: no contact page whose form the audit would have to open.
      .replace('<a href="/contact">Contact</a>', '')
      .replace(/<form action="\/listings" method="get">[\s\S]*?<\/form>/, '');

  it('a HubSpot, Jotform, Typeform or Google form, or a Calendly booking widget, is a way to capture leads', () => {
    for (const embed of [
      '<script charset="utf-8" type="text/javascript" src="//js.hsforms.net/forms/embed/v2.js"></script>' +
        '<script>hbspt.forms.create({ region: "na1", portalId: "123456", formId: "6f1c2d3e-aaaa-bbbb-cccc-1234567890ab" });</script>',
      '<iframe id="JotFormIFrame-231234567890" title="Contact Jane" src="https://form.jotform.com/231234567890" ' +
        'style="min-width:100%;height:539px;border:none;"></iframe>',
      '<div data-tf-live="01HABCDEF1234567890"></div><script src="//embed.typeform.com/next/embed.js"></script>',
      '<iframe src="https://docs.google.com/forms/d/e/1FAIpQLSc123/viewform?embedded=true" title="Contact form" ' +
        'width="640" height="800"></iframe>',
      '<div class="calendly-inline-widget" data-url="https://calendly.com/janesmithrealty/consultation" ' +
        'style="min-width:320px;height:630px;"></div>' +
        '<script type="text/javascript" src="https://assets.calendly.com/assets/external/widget.js" async></script>',
    ]) {
      expect(ids({ html: withoutOwnForms(embed) }), embed.slice(0, 60)).not.toContain('re.lead-capture-missing');
    }
    expect(ids({ html: withoutOwnForms('<p>Send me a letter.</p>') })).toContain('re.lead-capture-missing');
  });
});

describe('calls to action as agents word their buttons', () => {
  const page = (button: string) =>
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Jane Smith Realty | Arlington Homes</title></head><body>' +
    '<main><h1>Arlington Real Estate</h1><p>I help families buy and sell homes in Arlington.</p>' +
    `<div class="elementor-button-wrapper"><a class="elementor-button" href="/contact">` +
    `<span class="elementor-button-text">${button}</span></a></div>` +
    '</main></body></html>';

  it('reads “Let’s Talk”, “Work With Me”, “Start Your Home Search” and “What’s My Home Worth?” as calls to action', () => {
    for (const button of ['Let’s Talk', "Let's Connect", 'Work With Me', 'Start Your Home Search', 'What’s My Home Worth?', 'Text Me']) {
      expect(ids({ html: page(button) }), button).not.toContain('re.call-to-action-missing');
    }
    expect(ids({ html: page('Our Story') })).toContain('re.call-to-action-missing');
  });
});

describe('licence lines and notices as agents publish them', () => {
  /** The good site's footer credentials replaced by one state's licence line and a logo strip. */
  const footer = (licence: string, logos = '') =>
    GOOD_HTML.replace(
      '<p>Jane Smith, REALTOR®, licensed in Virginia, License # 0225123456. Brokerage: Smith Partners Realty. ' +
        'Equal Housing Opportunity.</p>',
      `<p>Jane Smith | ${licence} | Smith Partners Realty</p>${logos}`,
    );

  it('reads California’s DRE numbers as a licence', () => {
    for (const licence of ['DRE# 02012345', 'CalDRE #01234567', 'DRE Lic. 01987654']) {
      expect(ids({ html: footer(licence) }), licence).not.toContain('re.credentials-missing');
    }
    expect(ids({ html: footer('Since 2011') })).toContain('re.credentials-missing');
  });

  it('reads the Equal Housing Opportunity logo by its alt text or file name', () => {
    for (const logo of [
      '<img src="/wp-content/uploads/2023/01/logo-1.png" alt="Equal Housing Opportunity logo" width="40" height="40">',
      '<img src="/wp-content/uploads/2023/01/EHO.png" alt="" width="40" height="40">',
    ]) {
      expect(ids({ html: footer('DRE# 02012345', logo) }), logo).not.toContain('re.fair-housing-missing');
    }
    expect(ids({ html: footer('DRE# 02012345') })).toContain('re.fair-housing-missing');
  });
});

describe('a firewall that throttles the crawl', () => {
  it('a 429 from Wordfence or Cloudflare is not a broken link: the links it hid are not measured', () => {
    const links = [
      { url: `${GOOD_URL}about`, status: 200, error: null, from: GOOD_URL },
      { url: `${GOOD_URL}listings`, status: 429, error: null, from: GOOD_URL },
      { url: `${GOOD_URL}blog`, status: 429, error: null, from: GOOD_URL },
    ];
    const run = runChecks(contextOf({ links }));
    expect(run.findings.map((f) => f.id)).not.toContain('links.broken-internal');
    expect(run.notMeasured.find((c) => c.id === 'links.broken-internal')?.reason).toMatch(/HTTP 429\) for 2 internal links/);
    const alsoBroken = runChecks(contextOf({ links: [...links, { url: `${GOOD_URL}old`, status: 404, error: null, from: GOOD_URL }] }));
    expect(alsoBroken.findings.find((f) => f.id === 'links.broken-internal')?.detail).toContain('/old (404');
  });
});

describe('spam traps in embedded forms', () => {
  it('the hidden bot fields of a Mailchimp embed and an Elementor honeypot need no label; a visible unlabelled field does', () => {
    const mailchimp =
      '<div id="mc_embed_signup"><form action="https://janesmithrealty.us1.list-manage.com/subscribe/post?u=abc&amp;id=def" ' +
      'method="post" id="mc-embedded-subscribe-form" name="mc-embedded-subscribe-form" target="_blank">' +
      '<label for="mce-EMAIL">Email Address</label><input type="email" name="EMAIL" class="required email" id="mce-EMAIL">' +
      '<div style="position: absolute; left: -5000px;" aria-hidden="true">' +
      '<input type="text" name="b_abc_def" tabindex="-1" value=""></div>' +
      '<input type="submit" value="Subscribe" name="subscribe" id="mc-embedded-subscribe" class="button"></form></div>';
    const honeypot =
      '<form class="elementor-form" method="post" name="Listing alerts"><label for="form-field-email">Email</label>' +
      '<input size="1" type="email" name="form_fields[email]" id="form-field-email">' +
      '<input size="1" type="text" name="form_fields[field_hp]" id="form-field-field_hp" class="elementor-field" ' +
      'style="display:none !important;">' +
      '<button type="submit">Get listing alerts</button></form>';
    const html = GOOD_HTML.replace('<h2>Contact Jane</h2>', `${mailchimp}${honeypot}<h2>Contact Jane</h2>`);
    expect(ids({ html })).not.toContain('a11y.form-labels-missing');
    expect(ids({ html: html.replace(' aria-hidden="true"', '').replace('position: absolute; left: -5000px;', '') })).toContain(
      'a11y.form-labels-missing',
    );
  });
});

describe('tag manager snippets as Google ships them', () => {
  it('the GTM <noscript> frame without a title is not a frame visitors meet', () => {
    const html = GOOD_HTML.replace(
      /<noscript><iframe src="https:\/\/www\.googletagmanager\.com\/ns\.html\?id=GTM-ABC123"[^>]*><\/iframe><\/noscript>/,
      '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-ABC123" height="0" width="0" ' +
        'style="display:none;visibility:hidden"></iframe></noscript>',
    );
    const found = ids({ html });
    expect(found).not.toContain('a11y.iframe-title-missing');
    expect(found).not.toContain('analytics.gtm-noscript-missing');
  });
});

describe('menus as WordPress builds them', () => {
  it('a dropdown parent item linking to “#” is not a second destination for its label', () => {
    const html = GOOD_HTML.replace(
      '<a href="/about">About Jane</a>',
      '<ul class="menu"><li class="menu-item menu-item-has-children"><a href="#">About Jane</a><ul class="sub-menu">' +
        '<li><a href="/about">Jane’s story</a></li><li><a href="/testimonials">Testimonials</a></li></ul></li></ul>',
    ).replace('<a href="/privacy">Privacy Policy</a>', '<a href="/about">About Jane</a> <a href="/privacy">Privacy Policy</a>');
    expect(ids({ html })).not.toContain('links.same-text-different-targets');
  });
});

describe('listing detail pages an IDX plugin serves on the agent’s domain', () => {
  it('two listings with short MLS remarks under the same disclaimer, showing form and agent box are not near duplicates', () => {
    const detail = (id: number, address: string, remarks: string) => {
      const page = wordpressInner(`/homes-for-sale-details/${id}`, address);
      const html = page.html.replace(
        /<main>[\s\S]*<\/main>/,
        `<main><div class="si-listing"><h1>${address}</h1><p class="si-listing__price">$${649 + id}900 · 3 beds · 2 baths</p>` +
          `<div class="si-listing__remarks"><p>${remarks}</p></div>` +
          '<form class="si-schedule-showing" method="post"><h3>Schedule a showing</h3><label for="n">Your name</label>' +
          '<input id="n" name="name"><label for="e">Your e-mail</label><input id="e" type="email" name="email">' +
          '<label for="m">Anything we should know before the tour, such as times that suit you or questions about the home?</label>' +
          '<textarea id="m" name="message"></textarea><button type="submit">Request a showing</button></form>' +
          '<div class="si-agent"><p>Listing presented by Jane Smith, REALTOR®, Smith Partners Realty. Jane has sold homes across ' +
          'Arlington, Alexandria and Falls Church for fifteen years and will answer any question about this home, the ' +
          'neighborhood, the schools and the commute. Call or write any time, evenings and weekends included.</p></div>' +
          '<div class="si-disclaimer"><p>Information deemed reliable but not guaranteed. All properties are subject to prior sale, ' +
          'change or withdrawal. Neither listing broker(s) nor information provider(s) shall be responsible for any ' +
          'typographical errors, misinformation, misprints and shall be held totally harmless. Listing information is provided ' +
          "for consumers' personal, non-commercial use and may not be used for any purpose other than to identify prospective " +
          'properties consumers may be interested in purchasing. The data relating to real estate for sale on this website ' +
          'appears in part through the BRIGHT Internet Data Exchange program, a voluntary cooperative exchange of property ' +
          'listing data between licensed real estate brokerage firms, and is provided by BRIGHT through a licensing agreement.</p>' +
          '</div></div></main>',
      );
      return { ...page, html };
    };
    const found = findings({
      html: WORDPRESS_ELEMENTOR_HTML,
      pages: [
        detail(1, '12 Oak Street', 'Sunny colonial on a quiet street with a new kitchen, hardwood floors and a fenced yard near the park.'),
        detail(
          2,
          '88 Maple Avenue',
          'Renovated townhome two blocks from the Metro with a roof deck, garage parking and a finished basement.',
        ),
      ],
    });
    expect(found.filter((f) => f.id === 'onpage.near-duplicate').map((f) => f.detail)).toEqual([]);
  });
});
