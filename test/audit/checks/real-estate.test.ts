import { describe } from 'vitest';
import { checkCategory } from './harness.ts';
import { GOOD_HTML } from './good-site.ts';

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

describe('real-estate checks', () =>
  checkCategory('real-estate', {
    're.idx-missing': {
      fires: {
        replace: [
          [IDX, ''],
          ['<a href="/listings">Search Homes</a>', ''],
        ],
      },
    },
    're.property-search-missing': { fires: { html: bare } },
    're.valuation-missing': { fires: { html: bare } },
    're.mortgage-calculator-missing': { fires: { html: bare } },
    're.virtual-tours-missing': { fires: { replace: [[/<iframe src="https:\/\/my\.matterport[^>]*><\/iframe>/, '']] } },
    're.lead-capture-missing': { fires: { html: bare.replace(SEARCH_FORM, '') } },
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
