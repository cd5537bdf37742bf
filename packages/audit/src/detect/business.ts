// The business behind a site: name, phone, e-mail, address, type, and what it runs on.
import type { ParsedPage, SchemaItem } from '../page.ts';

const PHONE = /(?:\+?1[\s.-]?)?\(?\b([2-9]\d{2})\)?[\s.-]?(\d{3})[\s.-]?(\d{4})\b/;
const EMAIL = /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/;
const STREET = /\b\d{1,6}\s+(?:[A-Za-z0-9.'-]+\s+){1,5}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Ln|Way|Court|Ct|Pike|Place|Pl|Parkway|Pkwy|Highway|Hwy|Circle|Cir|Square|Sq|Terrace|Ter)\b\.?/;
const CITY_STATE_ZIP = /\b([A-Z][a-zA-Z]+(?:\s[A-Z][a-zA-Z]+){0,2}),\s*([A-Z]{2})\s+(\d{5})(?:-\d{4})?\b/;

export const BUSINESS_TYPES = ['RealEstateAgent', 'LocalBusiness', 'Organization', 'ProfessionalService', 'Corporation', 'HomeAndConstructionBusiness', 'Person'];

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
    const item = page.schemaItems.find((i) => i.types.includes(type) || (type === 'LocalBusiness' && i.types.some((t) => /Business$|Agent$|Store$|Service$/.test(t))));
    if (item) return item;
  }
  return null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function detectBusiness(page: ParsedPage): BusinessInfo {
  const schema = businessItem(page);
  const tel = page.links.find((l) => l.href.toLowerCase().startsWith('tel:'));
  const mail = page.links.find((l) => l.href.toLowerCase().startsWith('mailto:'));
  const schemaPhone = str(schema?.props['telephone']);
  const phone = schemaPhone ?? (tel ? findPhone(decodeURIComponent(tel.href.slice(4))) ?? tel.href.slice(4) : findPhone(page.text));
  const address = schema?.props['address'];
  const addr = address && typeof address === 'object' && !Array.isArray(address) ? (address as Record<string, unknown>) : null;
  const cityStateZip = CITY_STATE_ZIP.exec(page.text);
  const location = addr && str(addr['addressLocality']) ? [str(addr['addressLocality']), str(addr['addressRegion'])].filter(Boolean).join(', ') : cityStateZip ? `${cityStateZip[1]}, ${cityStateZip[2]}` : null;
  const logo = str(schema?.props['logo']) ?? str((schema?.props['logo'] as Record<string, unknown> | undefined)?.['url']) ?? page.$('img[src*="logo" i], img[alt*="logo" i], img[class*="logo" i]').first().attr('src') ?? null;
  return {
    name: str(schema?.props['name']) ?? page.metas.get('og:site_name') ?? titleName(page.title),
    type: businessType(page, schema),
    phone,
    phoneLinked: Boolean(tel),
    email: str(schema?.props['email']) ?? (mail ? decodeURIComponent(mail.href.slice(7).split('?')[0]!) : (EMAIL.exec(page.text)?.[0] ?? null)),
    street: (addr && str(addr['streetAddress'])) ?? STREET.exec(page.text)?.[0] ?? null,
    location,
    schemaBusiness: schema,
    logo: logo ? absolutise(logo, page.url) : null,
    favicon: page.icons.find((i) => i.url)?.url ?? null,
  };
}

function titleName(title: string | null): string | null {
  if (!title) return null;
  const parts = title.split(/\s[|–—-]\s|\s·\s/).map((p) => p.trim()).filter(Boolean);
  // "Homes for sale in Arlington | Jane Smith Realty": the brand is usually the last part.
  return (parts.length > 1 ? parts[parts.length - 1] : parts[0]) ?? null;
}

function businessType(page: ParsedPage, schema: SchemaItem | null): string {
  const t = schema?.types[0];
  if (t === 'RealEstateAgent') return 'Real Estate Agent';
  if (t && t !== 'Organization' && t !== 'Person') return t.replace(/([a-z])([A-Z])/g, '$1 $2');
  if (/real estate|realtor|homes for sale|brokerage/i.test(`${page.title ?? ''} ${page.description ?? ''} ${page.text.slice(0, 20_000)}`)) return 'Real Estate';
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
  const server = page.snapshot.headers['server'];
  if (server && /cloudflare/i.test(server)) found.push('Cloudflare');
  return found;
}
