// Real-estate features of an agent's or team's site: listings search (IDX), valuation and
// mortgage tools, virtual tours, lead capture, credentials.
import type { RealEstateFeatures } from '@curb/contracts/audit';
import type { ParsedPage } from '../page.ts';

const IDX_PROVIDERS: Array<[string, RegExp]> = [
  ['IDX Broker', /idxbroker\.com|\.idxco\.com|idx-broker/i],
  ['iHomefinder', /ihomefinder|ihouseweb/i],
  ['Showcase IDX', /showcaseidx/i],
  ['Real Geeks', /realgeeks/i],
  ['kvCORE', /kvcore|insiderealestate\.com/i],
  ['BoomTown', /boomtownroi/i],
  ['Sierra Interactive', /sierrainteractive/i],
  ['Placester', /placester/i],
  ['Buying Buddy', /buyingbuddy|mbb\.js/i],
  ['Realtyna', /realtyna/i],
  ['Diverse Solutions', /dsidxpress|diverse-cdn\.com|dsidx/i],
  ['Luxury Presence', /luxurypresence/i],
  ['Lofty', /lofty\.com|chime\.me/i],
];

const BROKERAGES = new RegExp(
  String.raw`\b(?:${[
    /Keller Williams(?: [A-Z][a-z]+)*|RE\/MAX(?: [A-Z][a-z]+)*|Coldwell Banker(?: [A-Z][a-z]+)*|Compass|eXp Realty/.source,
    /Century 21(?: [A-Z][a-z]+)*|Berkshire Hathaway HomeServices(?: [A-Z][a-z]+)*|Long & Foster|Samson Properties/.source,
    /Pearson Smith Realty|TTR Sotheby's International Realty|Sotheby's International Realty|Douglas Elliman|Howard Hanna/.source,
    /Weichert(?:, Realtors)?|Redfin|Real Broker|Fathom Realty|United Real Estate|Corcoran(?: [A-Z][a-z]+)*/.source,
    /Engel & V[öo]lkers(?: [A-Z][a-z]+)*/.source,
  ].join('|')})\b`,
);
const BROKERAGE_NAMED =
  /\b(?:[Bb]rokered by|[Bb]rokerage\s*:|[Aa]ffiliated with|[Oo]ffice of)\s+([A-Z][\w&'-]*(?:\s+(?:[A-Z][\w&'-]*|&)){0,4})/;
const BROKERAGE_SUFFIX =
  /\b([A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,3}\s+(?:Realty|Realtors|Brokerage|Real Estate Group|Real Estate Company|Properties Group))\b/;

/** The brokerage: named explicitly, a known brand, or a "... Realty" name in the footer. */
function findBrokerage(text: string, footer: string): string | null {
  return BROKERAGE_NAMED.exec(text)?.[1]?.trim() ?? BROKERAGES.exec(text)?.[0] ?? BROKERAGE_SUFFIX.exec(footer)?.[1] ?? null;
}

const SEARCH = new RegExp(
  String.raw`\b(?:${[
    /search (?:homes|properties|listings|the mls)|property search|home search/.source,
    /find (?:your|a) (?:home|property)|homes for sale|browse listings|mls search/.source,
  ].join('|')})\b`,
  'i',
);
const SEARCH_FIELDS = /\b(?:beds?|baths?|min_?price|max_?price|price_?(?:min|max)|zip|city|property_?type|neighborhood|mls)\b/;
const VALUATION = new RegExp(
  String.raw`\b(?:${[
    /home valuation|home value|what(?:'|’)?s my home worth|what is my home worth|free (?:home )?valuation/.source,
    /property valuation|market analysis|\bcma\b|home worth/.source,
  ].join('|')})\b`,
  'i',
);
const MORTGAGE = /\b(?:mortgage calculator|payment calculator|affordability calculator|monthly payment|estimate your payment)\b/i;
const TOURS = /matterport\.com|kuula\.co|cloudpano|iguide|\b(?:virtual tour|3d tour|video tour|walkthrough video)\b/i;
const CALL_TO_ACTION = new RegExp(
  String.raw`\b(?:${[
    /contact (?:me|us)|get (?:started|in touch)|schedule|book (?:a|your)|call (?:me|us|today|now)/.source,
    /request (?:a|your)|free (?:consultation|valuation|analysis)/.source,
    // How agents' buttons say it: "Let’s Talk", "Work With Me", "Start Your Home Search", "What’s My Home Worth?".
    /let(?:'|’)?s (?:talk|connect|chat|meet)|work with (?:me|us)|start your (?:home )?search|(?:text|message|email) (?:me|us)/.source,
    /reach out|what(?:'|’)?s my home worth|what is my home worth|get (?:my|your) (?:home value|free)/.source,
  ].join('|')})\b`,
  'i',
);
/** A licence line: "License # 0225123456", "Lic. #SL3456789", or California's "DRE# 02012345" / "CalDRE #01234567". */
const LICENCE_NUMBER = new RegExp(
  String.raw`\b(?:${[
    /(?:licen[cs]e|lic\.?)\s*(?:#|no\.?|number)\s*:?\s*([A-Z0-9-]{4,})/.source,
    /(?:cal)?[bd]re\.?\s*(?:#|no\.?|lic(?:ense)?\.?)?\s*#?\s*:?\s*(0?\d{7,8})\b/.source,
  ].join('|')})`,
  'i',
);
const CREDENTIALS: Array<[string, RegExp]> = [
  ['REALTOR®', /\brealtor(?:®|&reg;|\(r\))/i],
  ['Licence number', LICENCE_NUMBER],
  ['Licensed agent', /\blicensed (?:real estate )?(?:agent|realtor|salesperson|broker)\b/i],
  ['Broker', /\b(?:principal |managing |associate )?broker\b/i],
  ['Designations', /\b(?:ABR|CRS|GRI|SRES|SRS|CDPE|e-PRO|PSA|RENE|MRP|CIPS|ALHS)\b/],
  ['NAR member', /national association of realtors|\bNAR\b/],
];
const WIDGETS: Array<[string, RegExp]> = [
  ['Featured listings', /featured (?:listings|properties|homes)/i],
  ['Recently sold', /recently sold|just sold|sold properties/i],
  ['Market reports', /market (?:report|update|trends|snapshot)/i],
  ['Neighborhood guides', /neighbou?rhood (?:guide|profile)s?|community guides?/i],
  ['School information', /school (?:ratings|information|district)|greatschools/i],
  ['Open houses', /open houses?/i],
];
/** Addresses IDX plugins give their search and listing pages. */
const IDX_PATH = /\/(?:idx|mls|homes-for-sale(?:-search|-details)?)(?:[/-]|$)/i;
/** Words that introduce what past clients said. */
const TESTIMONIAL_WORDS = new RegExp(
  [
    /\btestimonials?\b|\breviews?\b|what (?:my|our) clients (?:say|are saying)|client stories|kind words/.source,
    /happy (?:clients|buyers|sellers|homeowners)|client love/.source,
  ].join('|'),
  'i',
);
/** A quotation of at least a sentence followed by who said it: “…” — Priya and Sam. */
const ATTRIBUTED_QUOTE = /[“"][^”"]{25,600}[”"]\s*(?:[—–-]|~)\s*[A-Z]/;
const CHAT = /intercom|drift\.com|tawk\.to|livechat|crisp\.chat|zendesk|olark|tidio|podium/i;
/** Form and booking services whose script or frame draws the form: no <form> is in the HTML. */
const FORM_SERVICES: Array<[string, RegExp]> = [
  ['HubSpot form', /js\.hsforms\.net|hbspt\.forms\.create/i],
  ['Jotform', /form\.jotform\.com|jotform\.com\/jsform/i],
  ['Typeform', /data-tf-(?:live|widget|popup|slider|popover)=|embed\.typeform\.com|\.typeform\.com\/to\//i],
  ['Google Forms', /docs\.google\.com\/forms\//i],
  ['Wufoo', /\.wufoo\.com\/(?:forms|embed)/i],
  ['Cognito Forms', /cognitoforms\.com\/f\//i],
  ['Formstack', /\.formstack\.com\/forms\//i],
  ['Calendly booking', /calendly-inline-widget|assets\.calendly\.com|calendly\.com\/[\w-]+/i],
];

export interface RealEstateSignals extends RealEstateFeatures {
  hasCallToAction: boolean;
  hasTestimonials: boolean;
  hasEqualHousing: boolean;
  brokerage: string | null;
  licence: string | null;
  isRealEstate: boolean;
}

export function detectRealEstate(pages: ParsedPage[]): RealEstateSignals {
  const html = pages.map((p) => p.snapshot.html.slice(0, 1_000_000)).join('\n');
  const text = pages.map((p) => p.text).join('\n');
  const links = pages.flatMap((p) => p.links);
  const linkBlob = links.map((l) => `${l.url ?? ''} ${l.text}`).join('\n');
  const forms = pages.flatMap((p) => p.forms);

  const provider = IDX_PROVIDERS.find(([, re]) => re.test(html))?.[0];
  // IDX is the MLS's listings searchable on the site: a provider's script or frame, or pages at
  // an IDX address. A "Listings" or "Properties" page is not one: agents list their own homes
  // there by hand, and calling that IDX told a site without a search that it had one.
  const idxPath = links.some((l) => l.internal && IDX_PATH.test(new URL(l.url!).pathname));
  const searchForm = forms.some((f) => f.inputNames.filter((n) => SEARCH_FIELDS.test(n)).length >= 2);
  const hasPropertySearch = searchForm || SEARCH.test(text) || SEARCH.test(linkBlob);

  const leadCapture: string[] = [];
  const collects = (f: (typeof forms)[number]) =>
    f.inputTypes.includes('email') || f.inputTypes.includes('tel') || f.inputNames.some((n) => /\b(?:e-?mail|phone)\b/.test(n));
  const contactForms = forms.filter(collects);
  if (contactForms.some((f) => f.inputTypes.includes('textarea') || /message|contact/i.test(f.text))) leadCapture.push('Contact form');
  if (contactForms.some((f) => /newsletter|subscribe|updates|alerts/i.test(f.text)))
    leadCapture.push('Newsletter or listing alerts signup');
  if (contactForms.some((f) => VALUATION.test(f.text))) leadCapture.push('Home valuation form');
  if (/schedule (?:a )?(?:showing|tour|consultation|call)|book (?:a )?(?:showing|call|consultation)/i.test(text + linkBlob))
    leadCapture.push('Showing or consultation booking');
  if (CHAT.test(html)) leadCapture.push('Live chat');
  for (const [name, re] of FORM_SERVICES) if (re.test(html)) leadCapture.push(name);
  if (links.some((l) => l.href.toLowerCase().startsWith('tel:'))) leadCapture.push('Click-to-call phone');
  if (!leadCapture.length && contactForms.length) leadCapture.push('Lead form');

  const credentials = CREDENTIALS.filter(([, re]) => re.test(text)).map(([name]) => name);
  const licenceLine = LICENCE_NUMBER.exec(text);
  const licence = licenceLine?.[1] ?? licenceLine?.[2] ?? null;
  const footer = pages.map((p) => p.$('footer').text()).join('\n');
  const brokerage = findBrokerage(text, footer.replace(/\s+/g, ' '));

  return {
    hasIDX: Boolean(provider) || idxPath,
    ...(provider ? { idxProvider: provider } : {}),
    hasValuationTool: VALUATION.test(text) || VALUATION.test(linkBlob),
    hasMortgageCalculator: MORTGAGE.test(text) || MORTGAGE.test(linkBlob),
    hasPropertySearch,
    hasVirtualTours: TOURS.test(html),
    leadCaptureElements: leadCapture,
    professionalCredentials: credentials,
    realEstateWidgets: WIDGETS.filter(([, re]) => re.test(text)).map(([name]) => name),
    hasCallToAction: CALL_TO_ACTION.test(text + linkBlob),
    hasTestimonials:
      TESTIMONIAL_WORDS.test(text) ||
      ATTRIBUTED_QUOTE.test(text) ||
      pages.some((p) =>
        p
          .$('blockquote, q')
          .toArray()
          .some((el) => p.$(el).text().trim().length >= 25),
      ) ||
      pages.some((p) => p.schemaItems.some((i) => i.types.includes('Review') || 'aggregateRating' in i.props)),
    // The notice is often only a logo: its alt text or its file name (eho.png) says what it is.
    hasEqualHousing: /equal housing|fair housing/i.test(text) || /equal[-_\s]?housing|fair[-_\s]?housing|[/_-]eho[-_.]/i.test(html),
    brokerage,
    licence,
    isRealEstate:
      /real estate|realtor|homes? for sale|listings?|brokerage|buyers? and sellers?/i.test(text) ||
      pages.some((p) => p.schemaItems.some((i) => i.types.includes('RealEstateAgent'))),
  };
}
