// The business behind a site: name, phone, e-mail, address, type, and what it runs on.
import type { ParsedPage, SchemaItem } from '../page.ts';

/**
 * Between the groups of a number: a space, or a dot, hyphen or middle dot with spaces around it.
 * Word processors and site builders turn hyphens into non-breaking hyphens and dashes (U+2010-2015).
 */
const SEP = String.raw`(?:\s{0,2}[.\u00b7\u2022\u2010-\u2015-]\s{0,2}|\s{1,2})?`;
const PHONE = new RegExp(String.raw`(?:\+?1${SEP})?\(?\b([2-9]\d{2})\)?${SEP}(\d{3})${SEP}(\d{4})\b`);
const EMAIL = /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/;
const STREET = new RegExp(
  String.raw`\b\d{1,6}\s+(?:[A-Za-z0-9.'-]+\s+){1,5}(?:${[
    /Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Ln|Way|Court|Ct|Pike|Place|Pl/.source,
    /Parkway|Pkwy|Highway|Hwy|Circle|Cir|Square|Sq|Terrace|Ter/.source,
  ].join('|')})\b\.?`,
);
const CITY_STATE_ZIP = /\b([A-Z][a-zA-Z]+(?:\s[A-Z][a-zA-Z]+){0,2}),\s*([A-Z]{2})\s+(\d{5})(?:-\d{4})?\b/;

export const BUSINESS_TYPES = [
  'RealEstateAgent',
  'LocalBusiness',
  'Organization',
  'ProfessionalService',
  'Corporation',
  'HomeAndConstructionBusiness',
  'Person',
];

export interface BusinessInfo {
  name: string | null;
  type: string;
  phone: string | null;
  phoneLinked: boolean;
  email: string | null;
  street: string | null;
  location: string | null;
  schemaBusiness: SchemaItem | null;
  logo: string | null;
  favicon: string | null;
}

/** Digits of a phone number, without the US country code, to compare numbers. */
export function phoneDigits(value: string): string {
  const d = value.replace(/\D/g, '');
  return d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
}

export function findPhone(text: string): string | null {
  const m = PHONE.exec(text);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : null;
}

export function businessItem(page: ParsedPage): SchemaItem | null {
  for (const type of BUSINESS_TYPES) {
    const item = page.schemaItems.find(
      (i) => i.types.includes(type) || (type === 'LocalBusiness' && i.types.some((t) => /Business$|Agent$|Store$|Service$/.test(t))),
    );
    if (item) return item;
  }
  return null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * An address Cloudflare's e-mail protection hid: the HTML carries "[email protected]" and the
 * address XOR-ed with its first byte, in data-cfemail or after /cdn-cgi/l/email-protection#.
 */
function cloudflareEmail(page: ParsedPage): string | null {
  const hidden =
    page.$('[data-cfemail]').first().attr('data-cfemail') ??
    /\/cdn-cgi\/l\/email-protection#([0-9a-f]+)/i.exec(page.links.map((l) => l.href).join(' '))?.[1];
  if (!hidden || !/^(?:[0-9a-f]{2}){2,128}$/i.test(hidden)) return null;
  const key = Number.parseInt(hidden.slice(0, 2), 16);
  let email = '';
  for (let i = 2; i < hidden.length; i += 2) email += String.fromCharCode(Number.parseInt(hidden.slice(i, i + 2), 16) ^ key);
  return EMAIL.test(email) ? email : null;
}

export function detectBusiness(page: ParsedPage): BusinessInfo {
  const schema = businessItem(page);
  const tel = page.links.find((l) => l.href.toLowerCase().startsWith('tel:'));
  const mail = page.links.find((l) => l.href.toLowerCase().startsWith('mailto:'));
  const schemaPhone = str(schema?.props.telephone);
  const phone = schemaPhone ?? (tel ? (findPhone(decodeURIComponent(tel.href.slice(4))) ?? tel.href.slice(4)) : findPhone(page.text));
  const address = schema?.props.address;
  const addr = address && typeof address === 'object' && !Array.isArray(address) ? (address as Record<string, unknown>) : null;
  const cityStateZip = CITY_STATE_ZIP.exec(page.text);
  const location =
    addr && str(addr.addressLocality)
      ? [str(addr.addressLocality), str(addr.addressRegion)].filter(Boolean).join(', ')
      : cityStateZip
        ? `${cityStateZip[1]}, ${cityStateZip[2]}`
        : null;
  const logo =
    str(schema?.props.logo) ??
    str((schema?.props.logo as Record<string, unknown> | undefined)?.url) ??
    page.$('img[src*="logo" i], img[alt*="logo" i], img[class*="logo" i]').first().attr('src') ??
    null;
  return {
    name: str(schema?.props.name) ?? str(page.metas.get('og:site_name')) ?? businessNameFromTitle(page.title, page.url),
    type: businessType(page, schema),
    phone,
    phoneLinked: Boolean(tel),
    email:
      str(schema?.props.email) ??
      (mail ? decodeURIComponent(mail.href.slice(7).split('?')[0]!) : (EMAIL.exec(page.text)?.[0] ?? cloudflareEmail(page))),
    street: (addr && str(addr.streetAddress)) ?? STREET.exec(page.text)?.[0] ?? null,
    location,
    schemaBusiness: schema,
    logo: logo ? absolutise(logo, page.url) : null,
    favicon: page.icons.find((i) => i.url)?.url ?? null,
  };
}

/** Words a business name has and a search phrase rarely does. */
const BRAND_WORDS = new RegExp(
  String.raw`\b(${[
    /realty|realtors?|real estate group|group|team|properties|property|homes? (?:group|team)|brokerage|brokers?|partners/.source,
    /associates|agency|company|co\.|llc|inc\.?|ltd|sotheby'?s|keller williams|re\/max|remax|compass|coldwell banker|century 21/.source,
    /exp realty|berkshire hathaway|howard hanna|douglas elliman|estates/.source,
  ].join('|')})\b`,
  'i',
);
/** Phrases of a page's search title, not of its owner's name. */
const SEARCH_WORDS = new RegExp(
  String.raw`\b(${[
    /for sale|for rent|listings?|search|buy(?:ing)?|sell(?:ing)?|near me|mls|idx|welcome|official site|home page|homepage/.source,
    /find|browse|market report|home values?|open houses?/.source,
  ].join('|')})\b|^home$|\bin [A-Z][a-z]+`,
  'i',
);

/**
 * The business name in a page title such as "Jane Porter Realty | Arlington VA Homes for
 * Sale" or "Homes for Sale in Arlington – Jane Porter Realty": of its segments, the one that
 * matches the site's domain, has a business word and no search phrase wins; on a tie the
 * first, where most sites put their name. A title of search phrases only gives no name.
 */
export function businessNameFromTitle(title: string | null, url?: string): string | null {
  if (!title) return null;
  const parts = title
    .split(/\s+[|–—·-]\s+|\s*[|·]\s*|:\s+/)
    .map((p) => p.trim().replace(/^welcome to\s+/i, ''))
    .filter(Boolean);
  const label = url ? domainLabel(url) : '';
  const score = (part: string) => {
    const squashed = part.toLowerCase().replace(/[^a-z0-9]/g, '');
    let points = 0;
    if (label.length >= 4 && squashed.length >= 4 && (label.includes(squashed) || squashed.includes(label))) points += 10;
    if (BRAND_WORDS.test(part)) points += 5;
    if (SEARCH_WORDS.test(part)) points -= 5;
    if (part.split(/\s+/).length > 6) points -= 2;
    return points;
  };
  let best = parts[0];
  for (const part of parts.slice(1)) if (score(part) > score(best!)) best = part;
  // Only search phrases ("Homes for Sale | MLS Listings"): no name to be had from the title.
  return best && score(best) >= 0 ? best : null;
}

/** "janeporterrealty" for https://www.janeporterrealty.com/… */
function domainLabel(url: string): string {
  try {
    return new URL(url).hostname
      .replace(/^www\./, '')
      .split('.')[0]!
      .replace(/[^a-z0-9]/g, '');
  } catch {
    return '';
  }
}

function businessType(page: ParsedPage, schema: SchemaItem | null): string {
  const t = schema?.types[0];
  if (t === 'RealEstateAgent') return 'Real Estate Agent';
  if (t && t !== 'Organization' && t !== 'Person') return t.replace(/([a-z])([A-Z])/g, '$1 $2');
  if (/real estate|realtor|homes for sale|brokerage/i.test(`${page.title ?? ''} ${page.description ?? ''} ${page.text.slice(0, 20_000)}`))
    return 'Real Estate';
  return t === 'Organization' ? 'Organization' : 'Business';
}

function absolutise(value: string, base: string): string | null {
  try {
    const u = new URL(value, base);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

const TECH: Array<[string, RegExp]> = [
  ['WordPress', /wp-content\/|wp-includes\/|content="WordPress/i],
  ['Wix', /static\.wixstatic\.com|wix\.com/i],
  ['Squarespace', /squarespace\.com|static1\.squarespace/i],
  ['Shopify', /cdn\.shopify\.com/i],
  ['Webflow', /webflow\.(?:js|com)|data-wf-page/i],
  ['GoDaddy Website Builder', /img1\.wsimg\.com/i],
  ['Next.js', /__NEXT_DATA__|\/_next\/static/],
  ['Nuxt', /__NUXT__|\/_nuxt\//],
  ['Gatsby', /___gatsby/],
  ['React', /data-reactroot|react(?:-dom)?(?:\.production)?(?:\.min)?\.js/i],
  ['Vue', /vue(?:\.runtime)?(?:\.min)?\.js|data-v-[0-9a-f]{6,}/i],
  ['Angular', /ng-version=/i],
  ['jQuery', /jquery(?:-\d[\d.]*)?(?:\.min)?\.js/i],
  ['Bootstrap', /bootstrap(?:\.min)?\.(?:css|js)/i],
  ['Tailwind CSS', /tailwind/i],
  ['Elementor', /elementor/i],
  ['Divi', /et_pb_|divi/i],
];

export function detectTechStack(page: ParsedPage): string[] {
  const html = page.snapshot.html.slice(0, 1_000_000);
  const found = TECH.filter(([, re]) => re.test(html)).map(([name]) => name);
  const generator = page.metas.get('generator');
  if (generator) {
    const name = generator.split(/\s\d/)[0]!.trim();
    if (name && !found.some((f) => name.toLowerCase().startsWith(f.toLowerCase()))) found.unshift(name.slice(0, 40));
  }
  const server = page.snapshot.headers.server;
  if (server && /cloudflare/i.test(server)) found.push('Cloudflare');
  return found;
}
