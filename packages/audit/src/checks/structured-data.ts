// Structured data (schema.org JSON-LD): does it parse, does it name the business, and does
// it carry the properties search engines need for RealEstateAgent, LocalBusiness and
// Organization results.
import { businessItem, BUSINESS_TYPES } from '../detect/business.ts';
import type { SchemaItem } from '../page.ts';
import { listSome, onPages, plural, type Check, type CheckContext, verb } from './types.ts';

const LOCAL = (i: SchemaItem) => i.types.some((t) => t === 'RealEstateAgent' || t === 'LocalBusiness' || /Business$|Agent$/.test(t));
const allItems = (ctx: CheckContext) => ctx.pages.flatMap((p) => p.schemaItems);
const has = (item: SchemaItem, key: string) => {
  const v = item.props[key];
  return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
};
const hasStructuredData = (ctx: CheckContext) => ctx.home.jsonLd.length > 0 || ctx.home.microdataTypes.length > 0;

function address(item: SchemaItem): Record<string, unknown> | null {
  const a = item.props.address;
  return a && typeof a === 'object' && !Array.isArray(a) ? (a as Record<string, unknown>) : null;
}

export const structuredDataChecks: Check[] = [
  {
    id: 'schema.missing',
    category: 'structured-data',
    severity: 'Warning',
    free: true,
    title: 'No structured data',
    description:
      'Structured data (schema.org) tells Google and AI assistants exactly who you are, where and how to reach you, and enables ' +
      'rich results.',
    fix: 'Add a JSON-LD block of type RealEstateAgent with your name, address, phone, logo and profile links.',
    run: (ctx) => !hasStructuredData(ctx) && 'The home page has no JSON-LD or microdata.',
  },
  {
    id: 'schema.jsonld-invalid',
    category: 'structured-data',
    severity: 'Warning',
    title: 'JSON-LD that does not parse',
    description: 'A JSON-LD block with a syntax error is ignored entirely.',
    fix: "Fix the JSON syntax (test it with Google's Rich Results Test).",
    run: (ctx) =>
      onPages(ctx, (p) => {
        const bad = p.jsonLd.filter((b) => b.error);
        return bad.length > 0 && `${plural(bad.length, 'JSON-LD block')} fail to parse: ${bad[0]!.error}.`;
      }),
  },
  {
    id: 'schema.no-context',
    category: 'structured-data',
    severity: 'Warning',
    title: 'JSON-LD without schema.org context',
    description: 'Without "@context": "https://schema.org" the data has no vocabulary and is ignored.',
    fix: 'Add "@context": "https://schema.org" to each JSON-LD block.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const bad = p.jsonLd.filter((b) => {
          if (b.data === null) return false;
          const roots = Array.isArray(b.data) ? b.data : [b.data];
          return roots.some(
            (r) => r && typeof r === 'object' && !/schema\.org/i.test(JSON.stringify((r as Record<string, unknown>)['@context'] ?? '')),
          );
        });
        return bad.length > 0 && `${plural(bad.length, 'JSON-LD block')} ${verb(bad.length, 'lacks', 'lack')} a schema.org @context.`;
      }),
  },
  {
    id: 'schema.no-type',
    category: 'structured-data',
    severity: 'Warning',
    title: 'JSON-LD without a type',
    description: 'Items without an @type cannot be understood.',
    fix: 'Give every JSON-LD item an @type such as RealEstateAgent or Organization.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const untyped = p.jsonLd.filter((b) => {
          if (b.data === null) return false;
          const roots = Array.isArray(b.data) ? b.data : [b.data];
          return roots.some((r) => r && typeof r === 'object' && !('@type' in (r as object)) && !('@graph' in (r as object)));
        });
        return untyped.length > 0 && `${plural(untyped.length, 'JSON-LD block')} ${verb(untyped.length, 'has', 'have')} no @type.`;
      }),
  },
  {
    id: 'schema.business-missing',
    category: 'structured-data',
    severity: 'Warning',
    title: 'Business not described in structured data',
    description: 'Without a RealEstateAgent, LocalBusiness or Organization item, search engines cannot build a knowledge panel for you.',
    fix: 'Add a RealEstateAgent (or LocalBusiness) item with your business details.',
    run: (ctx) =>
      hasStructuredData(ctx) &&
      !businessItem(ctx.home) &&
      !ctx.home.microdataTypes.some((t) => BUSINESS_TYPES.some((b) => t.endsWith(b))) &&
      `The structured data describes ${listSome([...new Set(ctx.home.schemaItems.flatMap((i) => i.types))]) || 'nothing typed'}, ` +
        `not the business.`,
  },
  {
    id: 'schema.not-real-estate-agent',
    category: 'structured-data',
    severity: 'Notice',
    title: 'Business not typed as RealEstateAgent',
    description: 'RealEstateAgent is the schema.org type for agents and brokerages; it qualifies you for local real-estate results.',
    fix: 'Use "@type": "RealEstateAgent" for your business item.',
    run: (ctx) => {
      const item = businessItem(ctx.home);
      return (
        item !== null &&
        !item.types.includes('RealEstateAgent') &&
        !ctx.home.schemaItems.some((i) => i.types.includes('RealEstateAgent')) &&
        `The business is typed ${item.types.join(', ')}.`
      );
    },
  },
  {
    id: 'schema.local-business-incomplete',
    category: 'structured-data',
    severity: 'Warning',
    title: 'Business details incomplete in structured data',
    description: 'Google needs name, address and telephone on a RealEstateAgent or LocalBusiness item to use it.',
    fix: 'Add the missing properties to your RealEstateAgent item.',
    run: (ctx) => {
      const item = allItems(ctx).find(LOCAL);
      if (!item) return null;
      const missing = ['name', 'address', 'telephone'].filter((k) => !has(item, k));
      return missing.length > 0 && `The ${item.types[0]} item has no ${missing.join(', ')}.`;
    },
  },
  {
    id: 'schema.local-business-recommended',
    category: 'structured-data',
    severity: 'Notice',
    title: 'Recommended business properties missing',
    description: 'url, image and geo make your business result richer and more precise on maps.',
    fix: 'Add url, image (a photo or logo) and geo coordinates to the business item.',
    run: (ctx) => {
      const item = allItems(ctx).find(LOCAL);
      if (!item) return null;
      const missing = ['url', 'image', 'geo'].filter((k) => !has(item, k));
      return missing.length > 0 && `The ${item.types[0]} item has no ${missing.join(', ')}.`;
    },
  },
  {
    id: 'schema.organization-incomplete',
    category: 'structured-data',
    severity: 'Notice',
    title: 'Organization details incomplete',
    description: 'An Organization item needs name, url and logo for Google to show your logo in results.',
    fix: 'Add the missing properties to the Organization item.',
    run: (ctx) => {
      const item = allItems(ctx).find((i) => i.types.includes('Organization'));
      if (!item) return null;
      const missing = ['name', 'url', 'logo'].filter((k) => !has(item, k));
      return missing.length > 0 && `The Organization item has no ${missing.join(', ')}.`;
    },
  },
  {
    id: 'schema.address-incomplete',
    category: 'structured-data',
    severity: 'Notice',
    title: 'Incomplete postal address',
    description: 'A structured address needs street, city, region and postal code to match you to local searches.',
    fix: 'Use a PostalAddress with streetAddress, addressLocality, addressRegion and postalCode.',
    run: (ctx) => {
      const item = allItems(ctx).find((i) => has(i, 'address'));
      if (!item) return null;
      const a = address(item);
      if (!a) return typeof item.props.address === 'string' && 'The address is a plain string instead of a PostalAddress.';
      const missing = ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode'].filter((k) => !a[k]);
      return missing.length > 0 && `The address has no ${missing.join(', ')}.`;
    },
  },
  {
    id: 'schema.same-as-missing',
    category: 'structured-data',
    severity: 'Notice',
    title: 'Profiles not linked in structured data',
    description: 'sameAs links tie your Zillow, Realtor.com and social profiles to your business, which verifies them for search engines.',
    fix: 'List your profile URLs in a sameAs array on the business item.',
    run: (ctx) => {
      const item = businessItem(ctx.home);
      return item !== null && !has(item, 'sameAs') && `The ${item.types[0]} item has no sameAs links.`;
    },
  },
  {
    id: 'schema.rating-invalid',
    category: 'structured-data',
    severity: 'Warning',
    title: 'Invalid rating markup',
    description: 'Rating markup without a count, or with a value outside its scale, is ignored and can lead to a manual penalty.',
    fix: 'Give aggregateRating a ratingValue within bestRating/worstRating (default 1-5) and a reviewCount or ratingCount.',
    run: (ctx) => {
      for (const item of allItems(ctx)) {
        const r = item.props.aggregateRating;
        if (!r || typeof r !== 'object') continue;
        const rating = r as Record<string, unknown>;
        const value = Number(rating.ratingValue);
        const best = Number(rating.bestRating ?? 5);
        const worst = Number(rating.worstRating ?? 1);
        if (!Number.isFinite(value) || value > best || value < worst)
          return `ratingValue ${String(rating.ratingValue)} is outside ${worst}-${best}.`;
        if (!rating.reviewCount && !rating.ratingCount) return 'aggregateRating has no reviewCount or ratingCount.';
      }
      return null;
    },
  },
  {
    id: 'schema.breadcrumbs-missing',
    category: 'structured-data',
    severity: 'Notice',
    title: 'Inner pages without breadcrumbs',
    description: "BreadcrumbList markup shows the page's place in your site in search results.",
    fix: 'Add BreadcrumbList JSON-LD to inner pages (SEO plugins do this).',
    run: (ctx) => {
      const inner = ctx.pages.slice(1).filter((p) => !p.schemaItems.some((i) => i.types.includes('BreadcrumbList')));
      return (
        inner.length > 0 && {
          detail: `${plural(inner.length, 'inner page')} ${verb(inner.length, 'has', 'have')} no BreadcrumbList.`,
          urls: inner.slice(0, 10).map((p) => p.url),
        }
      );
    },
  },
];
