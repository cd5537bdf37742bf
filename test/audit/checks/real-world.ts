// The good site rebuilt the way agents' sites are actually made: a WordPress theme with an
// SEO plugin and Elementor's nested sections, a Divi module tree, an IDX plugin's listing
// embed, Squarespace and Wix markup. Same words, links and forms as the good site, so a clean
// rebuild must raise nothing; the defect fixtures break a rule the way these tools break it.
import { GOOD_HTML, GOOD_URL, goodInnerPage } from './good-site.ts';

const HEAD_END = '</head>';

/** WordPress head extras: Yoast's comments and graph, emoji and block styles, the pixel's noscript. */
const WP_HEAD =
  `<!-- This site is optimized with the Yoast SEO plugin v23.4 - https://yoast.com/wordpress/plugins/seo/ -->\n` +
  `<meta property="og:locale" content="en_US" />\n` +
  `<!-- / Yoast SEO plugin. -->\n` +
  `<link rel='dns-prefetch' href='//fonts.googleapis.com' />\n` +
  `<link rel="alternate" type="application/rss+xml" title="Jane Smith Realty &raquo; Feed" href="${GOOD_URL}feed/" />\n` +
  `<style id='wp-emoji-styles-inline-css'>img.wp-smiley, img.emoji { display: inline !important; }</style>\n` +
  `<noscript><img height="1" width="1" style="display:none" ` +
  `src="https://www.facebook.com/tr?id=1234&ev=PageView&noscript=1"/></noscript>\n` +
  `<noscript><style>.elementor-invisible { opacity: 1; }</style></noscript>\n`;

/** An Elementor widget: four wrappers deep, as the builder writes every block. */
const widget = (type: string, inner: string) =>
  `<div class="elementor-element elementor-element-${type.length}a${inner.length % 97} elementor-widget elementor-widget-${type}" ` +
  `data-id="${type.length}a${inner.length % 97}" data-element_type="widget" data-widget_type="${type}.default">` +
  `<div class="elementor-widget-container">${inner}</div></div>`;

const section = (id: string, inner: string) =>
  `<section class="elementor-section elementor-top-section elementor-element elementor-section-boxed" data-id="${id}" ` +
  `data-element_type="section"${id.startsWith('#') ? ` id="${id.slice(1)}"` : ''}>` +
  `<div class="elementor-container elementor-column-gap-default">` +
  `<div class="elementor-column elementor-col-100 elementor-top-column elementor-element" data-element_type="column">` +
  `<div class="elementor-widget-wrap elementor-element-populated">${inner}</div></div></div></section>`;

/** Wraps each top-level block of the good site's <main> in Elementor's section/column/widget divs. */
function elementorMain(main: string): string {
  const blocks = main.split(/(?=<h2>)/);
  return blocks
    .map((b, i) => section(i === blocks.length - 1 ? '#contact-jane' : `s${i}`, widget(i === 0 ? 'heading' : 'text-editor', b)))
    .join('\n');
}

const mainOf = (html: string) => /<main>([\s\S]*)<\/main>/.exec(html)![1]!;

/**
 * The good site as a WordPress theme with Elementor renders it: skip link to #content, a
 * header with the logo link and a menu toggle, the content in nested sections, an Elementor
 * popup button, a Bootstrap-style tab, a "back to top" link, and the pixel's noscript in the head.
 */
export const WORDPRESS_ELEMENTOR_HTML = GOOD_HTML.replace(HEAD_END, `${WP_HEAD}${HEAD_END}`)
  .replace(
    '<body>',
    '<body class="home page-template page-template-elementor_header_footer page page-id-5 wp-custom-logo elementor-default ' +
      'elementor-kit-7 elementor-page elementor-page-5">\n<div id="page" class="hfeed site">\n' +
      '<a class="skip-link screen-reader-text" href="#content">Skip to content</a>',
  )
  .replace(
    '<nav>',
    '<nav id="site-navigation" class="main-navigation">' +
      '<button class="menu-toggle" aria-controls="primary-menu" aria-expanded="false">Menu</button>',
  )
  .replace(
    /<main>[\s\S]*<\/main>/,
    (m) =>
      `<div id="content" class="site-content"><main id="primary" class="site-main">` +
      `<div data-elementor-type="wp-page" data-elementor-id="5" class="elementor elementor-5">${elementorMain(mainOf(m))}` +
      section(
        's-popup',
        widget(
          'button',
          '<div class="elementor-button-wrapper"><a class="elementor-button elementor-button-link elementor-size-sm" ' +
            'href="#elementor-action%3Aaction%3Dpopup%3Aopen%26settings%3DeyJpZCI6IjEyMyIsInRvZ2dsZSI6ZmFsc2V9">' +
            '<span class="elementor-button-content-wrapper"><span class="elementor-button-text">Ask Jane a question</span></span>' +
            '</a></div>',
        ),
      ) +
      section(
        's-tabs',
        widget(
          'tabs',
          '<ul class="nav nav-tabs"><li><a data-toggle="tab" href="#buy-tab">Buying</a></li>' +
            '<li><a data-toggle="tab" href="#sell-tab">Selling</a></li></ul>' +
            '<div class="tab-pane" id="buy-tab"><p>Buyers get a plan and a weekly list of new homes.</p></div>' +
            '<div class="tab-pane" id="sell-tab"><p>Sellers get a price estimate and a marketing plan.</p></div>',
        ),
      ) +
      `</div></main></div>`,
  )
  .replace('<a href="/contact">Contact</a>', '<a href="#contact-jane">Contact</a>')
  .replace('</footer>', '<a href="#page" class="back-to-top">Back to top</a></footer>\n</div>');

/** An IDX plugin's listing grid, as IDX Broker and Showcase IDX embed it in the page. */
export function idxGrid(cardLink: (i: number) => string): string {
  const homes = ['12 Oak Street', '4501 N Fairfax Dr', '88 Maple Avenue', '230 Glebe Road'];
  return (
    `<div id="IDX-main" class="IDX-category-results IDX-wrapper-standard"><div id="IDX-resultsContainer">` +
    homes
      .map(
        (a, i) =>
          `<div class="IDX-resultsCell" data-listingid="${4000 + i}"><div class="IDX-resultsPhoto">` +
          `<a href="${cardLink(i)}" class="IDX-resultsPhotoLink">` +
          `<img class="IDX-resultsPhotoImg" src="https://cdn.idxbroker.com/p/${i}.jpg" ` +
          `alt="${a}, Arlington, VA 22201" width="300" height="200" loading="lazy"></a></div>` +
          `<div class="IDX-resultsAddress"><a href="${cardLink(i)}" class="IDX-resultsAddressLink">${a}, Arlington, VA 22201</a></div>` +
          `<div class="IDX-resultsField IDX-field-listingPrice">$${649 + i * 50},900</div>` +
          `<a href="#/search?city=Arlington&page=2" class="IDX-pagination">Next</a></div>`,
      )
      .join('') +
    `</div><div class="IDX-disclaimer"><p>Information deemed reliable but not guaranteed. All properties are subject to prior ` +
    `sale, change or withdrawal. Neither listing broker(s) nor information provider(s) shall be responsible for any ` +
    `typographical errors, misinformation, misprints and shall be held totally harmless. Listing information is provided ` +
    `for consumers' personal, non-commercial use and may not be used for any purpose other than to identify prospective ` +
    `properties consumers may be interested in purchasing, and the data is copyrighted by the multiple listing service.</p>` +
    `<p>The data relating to real estate for sale on this website appears in part through the BRIGHT Internet Data Exchange ` +
    `program, a voluntary cooperative exchange of property listing data between licensed real estate brokerage firms, and is ` +
    `provided by BRIGHT through a licensing agreement. Real estate listings held by brokerage firms other than Smith Partners ` +
    `Realty are marked with the IDX logo and detailed information about each listing includes the name of the listing broker.</p>` +
    `</div></div>`
  );
}

/** A Divi page: every block is a section, row, column and module. */
export const divi = (inner: string) =>
  `<div id="et-main-area"><div id="main-content"><div class="et_pb_section et_pb_section_0 et_section_regular">` +
  `<div class="et_pb_row et_pb_row_0"><div class="et_pb_column et_pb_column_4_4 et_pb_column_0 et-last-child">` +
  `<div class="et_pb_module et_pb_text et_pb_text_0 et_pb_text_align_left et_pb_bg_layout_light"><div class="et_pb_text_inner">` +
  `${inner}</div></div></div></div></div></div></div>`;

/** Inner pages of the WordPress rebuild (the crawl reads three pages, like the good site's). */
export const wordpressInner = (path: string, title: string, extra = '') => {
  const page = goodInnerPage(path, title, extra);
  return { ...page, html: page.html.replace(HEAD_END, `${WP_HEAD}${HEAD_END}`) };
};
