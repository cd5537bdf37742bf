import { describe, expect, it } from 'vitest';
import { CHECKS_BY_ID } from '@curb/audit/checks/registry';
import { checkCategory, contextOf, type Fixture } from './harness.ts';
import { GOOD_HTML, goodInnerPage } from './good-site.ts';

const IDX = '<script defer src="https://jane.idxbroker.com/idx/widgets/12345"></script>';
const SEARCH_FORM =
  '<form action="/listings" method="get"><label for="city">City</label><input id="city" name="city"><label for="beds">Beds</label>' +
  '<input id="beds" name="beds" type="number"><button type="submit">Search</button></form>';
const CONTACT_FORM = /<form action="\/contact"[\s\S]*?<\/form>/;
/** A minimal agent page with nothing but text: base for the "missing" fixtures. */
const bare = GOOD_HTML.replace(/<main>[\s\S]*<\/main>/, '<main><h1>Jane Smith</h1><p>I am a real estate agent in Arlington.</p></main>')
  .replace(/<footer>[\s\S]*<\/footer>/, '<footer>© 2026</footer>')
  .replace(/<nav>[\s\S]*<\/nav>/, '<nav><a href="/">Home</a> <a href="/about">About Jane</a> <a href="/contact">Contact</a></nav>')
  .replace(IDX, '');

const NO_IDX: Fixture['replace'] = [
  [IDX, ''],
  ['<a href="/listings">Search Homes</a>', '<a href="/homes">Our Homes</a>'],
];
/** The homes page shows four homes with prices and addresses (entered by hand, no IDX provider). */
const HOMES = ['12 Oak Street', '4501 N Fairfax Dr', '88 Maple Avenue', '230 Glebe Road']
  .map((a, i) => `<article><h3>${a}, Arlington, VA</h3><p>$${649 + i * 50},900 · 3 beds · 2 baths</p></article>`)
  .join('');
const homesPage = goodInnerPage('/homes', 'Our Homes', HOMES.replace(/IDX/g, ''));
const FRAME = '<iframe src="https://jane.idxbroker.com/idx/results/listings" title="Search listings"></iframe>';
const framedPage = goodInnerPage('/homes', 'Our Homes', FRAME);

describe('real-estate checks', () =>
  checkCategory('real-estate', {
    're.idx-missing': {
      fires: {
        replace: [
          [IDX, ''],
          ['<a href="/listings">Search Homes</a>', ''],
        ],
      },
      // Four homes with prices and addresses are listings, whatever feeds them.
      passes: { replace: NO_IDX, pages: [{ ...homesPage, html: homesPage.html.replace(IDX, '') }] },
    },
    're.listings-in-frame': {
      fires: { replace: NO_IDX, pages: [{ ...framedPage, html: framedPage.html.replace(IDX, '') }] },
      passes: { replace: NO_IDX, pages: [{ ...homesPage, html: homesPage.html.replace(IDX, '').replace('<main>', `<main>${FRAME}`) }] },
    },
    're.property-search-missing': { fires: { html: bare } },
    're.valuation-missing': { fires: { html: bare } },
    're.mortgage-calculator-missing': { fires: { html: bare } },
    're.virtual-tours-missing': { fires: { replace: [[/<iframe src="https:\/\/my\.matterport[^>]*><\/iframe>/, '']] } },
    're.lead-capture-missing': { fires: { html: bare.replace(SEARCH_FORM, '').replace(' <a href="/contact">Contact</a>', '') } },
    're.call-to-action-missing': { fires: { html: bare.replace('<a href="/contact">Contact</a>', '<a href="/contact">Reach</a>') } },
    're.credentials-missing': {
      fires: {
        replace: [
          ['Jane Smith, REALTOR®, licensed in Virginia, License # 0225123456. ', ''],
          ['Brokerage: Smith Partners Realty.', 'Smith Partners.'],
        ],
      },
    },
    're.brokerage-missing': {
      fires: {
        replace: [
          ['Brokerage: Smith Partners Realty.', ''],
          ['© 2026 Jane Smith Realty', '© 2026 Jane Smith'],
        ],
      },
    },
    're.fair-housing-missing': { fires: { replace: [['Equal Housing Opportunity.', '']] } },
    're.testimonials-missing': { fires: { html: bare.replace(CONTACT_FORM, '') } },
  }));

describe('listings seen on the site', () => {
  const run = (id: string, f: Fixture) => CHECKS_BY_ID.get(id)!.run(contextOf(f));

  it('says listings in a provider frame are seen by visitors, not search engines, instead of "No IDX listings"', () => {
    const f: Fixture = { replace: NO_IDX, pages: [{ ...framedPage, html: framedPage.html.replace(IDX, '') }] };
    expect(run('re.idx-missing', f) || null).toBeNull();
    const finding = run('re.listings-in-frame', f) as { detail: string; urls: string[] };
    expect(finding.detail).toContain('/homes are shown in 1 frame from jane.idxbroker.com: visitors see them, but search engines');
    expect(finding.urls).toEqual(['https://janesmithrealty.com/homes']);
  });

  it('does not call a listings page it did not read missing (the free audit reads the home page only)', () => {
    expect(run('re.idx-missing', { replace: [[IDX, '']] }) || null).toBeNull();
  });
});

describe('lead capture on a contact page the home page links to', () => {
  const check = CHECKS_BY_ID.get('re.lead-capture-missing')!;
  const home = bare.replace(SEARCH_FORM, '');

  it('is not measured while the linked contact page is unread, never called missing', () => {
    expect(check.run(contextOf({ html: home }))).toEqual({
      notMeasured: 'The home page links to a contact page (/contact) this audit did not open, so its form was not checked.',
    });
  });

  it('passes when the crawled contact page has a form, and fires when it has none', () => {
    const form =
      '<form action="/contact" method="post"><label for="e">E-mail</label>' +
      '<input id="e" name="email" type="email"><button>Send</button></form>';
    const withForm = goodInnerPage('/contact', 'Contact Jane', form);
    expect(check.run(contextOf({ html: home, pages: [withForm] })) || null).toBeNull();
    const noForm = goodInnerPage('/contact', 'Contact Jane', '<p>Write to me at the office.</p>');
    const html = noForm.html.replace(CONTACT_FORM, '').replace(/href="tel:[^"]*"/g, 'href="/"');
    expect(check.run(contextOf({ html: home, pages: [{ ...noForm, html }] }))).toBe(
      'No contact form, booking link, chat or click-to-call link was found.',
    );
  });
});
