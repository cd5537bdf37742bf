// What an agent's site needs to turn visitors into clients: listings search (IDX),
// valuation and mortgage tools, virtual tours, lead capture and credentials.
import { detectRealEstate } from '../detect/real-estate.ts';
import { stripQuery } from '../snapshot.ts';
import { sameSite } from '../url.ts';
import { listSome, memo, plural, type Check, type CheckContext } from './types.ts';

export const realEstate = (ctx: CheckContext) => memo(ctx, 'real-estate', () => detectRealEstate(ctx.pages));

/** The path of a contact page the home page links to that was not crawled; null when none. */
function unreadContactPage(ctx: CheckContext): string | null {
  const crawled = new Set(ctx.pages.map((p) => stripQuery(p.url)));
  for (const link of ctx.home.links) {
    if (!link.url || !link.internal) continue;
    const path = new URL(link.url).pathname;
    if ((/contact/i.test(path) || /^\s*contact\b/i.test(link.text)) && path !== '/' && !crawled.has(stripQuery(link.url))) return path;
  }
  return null;
}

/** Asking prices: "$649,900", "$1,250,000", "$1.2M". */
const PRICE = /\$\s?\d{1,3}(?:,\d{3}){1,2}(?![\d,])|\$\s?\d{1,3}(?:\.\d{1,2})?\s?[MK]\b/g;
/** Street addresses: "12 Oak Street", "4501 N Fairfax Dr". */
const STREET = new RegExp(
  String.raw`\b\d{1,6}\s+(?:[NSEW]\.?\s+)?(?:[A-Z][A-Za-z'-]+\.?\s+){1,3}` +
    '(?:St|Street|Ave|Avenue|Rd|Road|Dr|Drive|Ln|Lane|Ct|Court|Blvd|Boulevard|Way|Pl|Place|Cir|Circle|Ter|Terrace|' +
    String.raw`Pkwy|Parkway|Hwy|Highway|Trl|Trail|Sq|Square|Loop|Pike|Row)\b`,
  'g',
);
/** "3 beds", "4 bd", "2 bedrooms": a home's description. */
const BEDS = /\b\d\s*(?:bd|beds?|bedrooms?|br)\b/gi;
const LISTING_TYPES = /^(?:RealEstateListing|SingleFamilyResidence|House|Apartment|Residence|Accommodation)$/;
/** A frame that shows listings from an IDX or MLS provider. */
const LISTINGS_FRAME = new RegExp(
  [
    /\b(?:idx|mls)\b|idxbroker|ihomefinder|showcaseidx|realgeeks|kvcore|boomtown|sierrainteractive/.source,
    /buyingbuddy|realtyna|dsidx|flexmls|listings?\b|homes?-?for-?sale|property-?search/.source,
  ].join('|'),
  'i',
);

const count = (re: RegExp, text: string) => text.match(re)?.length ?? 0;
/** A link to what looks like the site's listings. */
const LISTINGS_LINK_PATH = /\/(?:listings?|properties|property-search|homes-for-sale|idx|mls)(?:[/.?-]|$)/i;
const LISTINGS_LINK_TEXT = /\b(?:listings|properties for sale|homes for sale|featured homes|search homes)\b/i;

/** A listings page the audit did not read (the free audit reads the home page only): it cannot say there is none. */
const unreadListingsPage = (ctx: CheckContext) => {
  const crawled = new Set(ctx.pages.map((p) => stripQuery(p.url)));
  return ctx.pages.some((p) =>
    p.links.some(
      (l) =>
        l.internal &&
        l.url &&
        !crawled.has(stripQuery(l.url)) &&
        (LISTINGS_LINK_PATH.test(new URL(l.url).pathname) || LISTINGS_LINK_TEXT.test(l.text)),
    ),
  );
};

/**
 * Homes the crawled pages show in their own HTML (at least two, each a price with an address or
 * a bedroom count, or listing markup), and listings shown only inside a provider's frame.
 */
export function listingContent(ctx: CheckContext): {
  pages: Array<{ url: string; homes: number }>;
  frames: Array<{ url: string; host: string }>;
} {
  return memo(ctx, 'listing-content', () => {
    const home = new URL(ctx.home.url);
    const pages = ctx.pages
      .map((p) => {
        const text = p.text.slice(0, 200_000);
        const marked = p.schemaItems.filter((i) => i.types.some((t) => LISTING_TYPES.test(t))).length;
        // A home is a price with an address or a bedroom count beside it.
        const described = Math.max(count(STREET, text), count(BEDS, text));
        return { url: p.url, homes: Math.max(marked, Math.min(count(PRICE, text), described)) };
      })
      .filter((p) => p.homes >= 2);
    const frames = ctx.pages.flatMap((p) =>
      p.iframes
        .filter(
          (f) => f.url && !sameSite(new URL(f.url), home) && LISTINGS_FRAME.test(`${new URL(f.url).hostname}${new URL(f.url).pathname}`),
        )
        .map((f) => ({ url: p.url, host: new URL(f.url!).hostname })),
    );
    return { pages, frames };
  });
}

export const realEstateChecks: Check[] = [
  {
    id: 're.idx-missing',
    category: 'real-estate',
    severity: 'Warning',
    title: 'No IDX listings',
    description:
      'Buyers come to agent sites to browse homes. Without IDX (MLS listings on your own site) they go to Zillow, where other ' +
      'agents get the lead.',
    fix: 'Add an IDX feed from your MLS through a provider such as IDX Broker, iHomefinder or Showcase IDX.',
    // Homes shown on the site's own pages (prices and addresses) are listings whatever feeds
    // them; listings only inside a provider's frame are the next check's finding.
    run: (ctx) => {
      const { pages, frames } = listingContent(ctx);
      if (realEstate(ctx).hasIDX || pages.length || frames.length || unreadListingsPage(ctx)) return null;
      return 'No IDX provider or listings pages were found.';
    },
  },
  {
    id: 're.listings-in-frame',
    category: 'real-estate',
    severity: 'Warning',
    title: 'Listings hidden from search engines in a frame',
    description:
      'Visitors see your listings, but they live inside a frame served by the IDX provider: search engines index them as the ' +
      'provider’s pages, so searches for homes in your area never lead to your site.',
    fix:
      'Ask your IDX provider for its indexable option (listings on pages of your own domain, often called "SEO" or "organic" IDX) ' +
      'instead of the frame.',
    run: (ctx) => {
      const { pages, frames } = listingContent(ctx);
      if (!frames.length || pages.length) return null;
      const hosts = [...new Set(frames.map((f) => f.host))];
      return {
        detail:
          `The listings on ${listSome([...new Set(frames.map((f) => new URL(f.url).pathname))])} are shown in ` +
          `${plural(frames.length, 'frame')} from ${listSome(hosts)}: visitors see them, but search engines do not count them as ` +
          `your pages, and no page of the site shows a home's price and address in its own HTML.`,
        urls: [...new Set(frames.map((f) => f.url))].slice(0, 10),
      };
    },
  },
  {
    id: 're.property-search-missing',
    category: 'real-estate',
    severity: 'Warning',
    title: 'No property search',
    description: 'A search box (city, price, beds) is the most used feature of a real-estate site.',
    fix: 'Put a property search on the home page, linked to your IDX listings.',
    run: (ctx) => !realEstate(ctx).hasPropertySearch && 'No property search form or search link was found.',
  },
  {
    id: 're.valuation-missing',
    category: 'real-estate',
    severity: 'Notice',
    title: 'No home valuation offer',
    description: '"What\'s my home worth?" is the top lead magnet for seller leads.',
    fix: 'Add a home valuation page with a short form (address, e-mail) and link it from the home page.',
    run: (ctx) => !realEstate(ctx).hasValuationTool && 'No home valuation tool or page was found.',
  },
  {
    id: 're.mortgage-calculator-missing',
    category: 'real-estate',
    severity: 'Notice',
    title: 'No mortgage calculator',
    description: 'Buyers return to sites that help them plan payments, and the calculator keeps them on your site.',
    fix: 'Add a mortgage or payment calculator (many IDX providers include one).',
    run: (ctx) => !realEstate(ctx).hasMortgageCalculator && 'No mortgage or payment calculator was found.',
  },
  {
    id: 're.virtual-tours-missing',
    category: 'real-estate',
    severity: 'Notice',
    title: 'No virtual tours',
    description: '3D and video tours keep buyers on listings longer and pre-qualify showings.',
    fix: 'Embed Matterport or video tours on featured listings.',
    run: (ctx) => !realEstate(ctx).hasVirtualTours && 'No virtual tour (Matterport, 3D or video tour) was found.',
  },
  {
    id: 're.lead-capture-missing',
    category: 'real-estate',
    severity: 'Critical',
    free: true,
    title: 'No way to capture leads',
    description: 'Visitors who are ready to talk have no form, booking link or click-to-call to reach you; those leads are lost.',
    fix: 'Add a short contact form (name, e-mail, phone) on every page and a click-to-call phone link.',
    run: (ctx) => {
      if (realEstate(ctx).leadCaptureElements.length) return null;
      // The form is often on the contact page the home page links to: unread, it is unknown.
      const unread = unreadContactPage(ctx);
      if (unread)
        return { notMeasured: `The home page links to a contact page (${unread}) this audit did not open, so its form was not checked.` };
      return 'No contact form, booking link, chat or click-to-call link was found.';
    },
  },
  {
    id: 're.call-to-action-missing',
    category: 'real-estate',
    severity: 'Warning',
    title: 'No clear call to action',
    description: 'Pages that never ask ("Schedule a consultation", "Get your home value") convert far fewer visitors.',
    fix: 'Add a prominent button with one clear next step above the fold.',
    run: (ctx) => !realEstate(ctx).hasCallToAction && 'No call to action such as "Contact me" or "Schedule a consultation" was found.',
  },
  {
    id: 're.credentials-missing',
    category: 'real-estate',
    severity: 'Warning',
    title: 'No licence or credentials shown',
    description: 'Most states require agents to show their licence and brokerage in advertising, and credentials build trust.',
    fix: 'Show your licence number, brokerage and designations (REALTOR®, ABR, CRS...) in the footer or about section.',
    run: (ctx) => realEstate(ctx).professionalCredentials.length === 0 && 'No licence number, REALTOR® mark or designation was found.',
  },
  {
    id: 're.brokerage-missing',
    category: 'real-estate',
    severity: 'Notice',
    title: 'Brokerage not named',
    description: 'Advertising rules in most states require the brokerage name on agent websites.',
    fix: 'Name your brokerage clearly, e.g. "Brokerage: Example Realty".',
    run: (ctx) => realEstate(ctx).isRealEstate && !realEstate(ctx).brokerage && 'No brokerage name was found.',
  },
  {
    id: 're.fair-housing-missing',
    category: 'real-estate',
    severity: 'Notice',
    title: 'No Equal Housing Opportunity notice',
    description: 'The Equal Housing Opportunity statement or logo is expected on real-estate advertising.',
    fix: 'Add the Equal Housing Opportunity logo or statement to the footer.',
    run: (ctx) => realEstate(ctx).isRealEstate && !realEstate(ctx).hasEqualHousing && 'No Equal Housing Opportunity mention was found.',
  },
  {
    id: 're.testimonials-missing',
    category: 'real-estate',
    severity: 'Notice',
    title: 'No testimonials',
    description: 'Reviews from past clients are the strongest trust signal for a new visitor.',
    fix: 'Show a few client testimonials and link to your reviews on Zillow or Google.',
    run: (ctx) => !realEstate(ctx).hasTestimonials && 'No testimonials or reviews were found.',
  },
];
