// The structured data (JSON-LD) of the public pages, from the owner's profile and posts: the
// owner as Person and RealEstateAgent on every page, plus the page's own (the free audit's
// offer, the blog, a post). Written into the page by the server render and kept current in the
// browser by components/seo/structured-data.tsx.
import { absoluteUrl, blogIntro, ownerRating, seoDefaults } from '@curb/content';
import type { OwnerProfile, PostSummary, SiteContent } from '@curb/contracts/owner-content';
import { socialLinks } from './site-content';

type JsonLd = Record<string, unknown>;

const personId = () => absoluteUrl('/#person');
const agentId = () => absoluteUrl('/#agent');

/** The owner's share image: their photo, else their logo; the sample's own image for the sample. */
export function shareImage(content: SiteContent): string {
  if (content.isSample) return seoDefaults.ogImage;
  return content.profile.photo || content.profile.logo;
}

function postalAddress(profile: OwnerProfile): JsonLd | undefined {
  const a = profile.officeAddress;
  const fields = {
    streetAddress: a.street,
    addressLocality: a.city,
    addressRegion: a.region,
    postalCode: a.postalCode,
    addressCountry: a.country,
  };
  const set = Object.entries(fields).filter(([, value]) => value);
  return set.length ? { '@type': 'PostalAddress', ...Object.fromEntries(set) } : undefined;
}

const places = (profile: OwnerProfile) => profile.serviceArea.map((name) => ({ '@type': 'Place', name }));

/** Keys with an empty value left out, so a field the owner left blank is not claimed. */
const compact = (data: JsonLd): JsonLd =>
  Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && !v.length)));

export function ownerJsonLd(content: SiteContent): JsonLd[] {
  const { profile } = content;
  const image = shareImage(content);
  const sameAs = socialLinks(content).map(([, url]) => url);
  const worksFor = profile.company ? { '@type': 'Organization', name: profile.company } : undefined;
  return [
    compact({
      '@context': 'https://schema.org',
      '@type': 'Person',
      '@id': personId(),
      name: profile.name,
      jobTitle: profile.position || profile.title,
      worksFor,
      description: profile.tagline,
      email: profile.email ? `mailto:${profile.email}` : '',
      telephone: profile.phone,
      url: absoluteUrl('/'),
      image: profile.photo ? absoluteUrl(profile.photo) : '',
      sameAs,
      address: postalAddress(profile),
      hasCredential: profile.licence ? [{ '@type': 'EducationalOccupationalCredential', name: profile.licence }] : [],
    }),
    compact({
      '@context': 'https://schema.org',
      '@type': 'RealEstateAgent',
      '@id': agentId(),
      name: profile.company ? `${profile.name} — ${profile.company}` : profile.name,
      description: profile.tagline,
      url: absoluteUrl('/'),
      image: image ? absoluteUrl(image) : '',
      email: profile.email,
      telephone: profile.phone,
      priceRange: profile.priceRange,
      founder: { '@id': personId() },
      areaServed: places(profile),
      address: postalAddress(profile),
      sameAs,
      aggregateRating: rating(content),
    }),
  ];
}

/** The owner's review rating as they gave it in their profile; none when they did not give both figures. */
function rating(content: SiteContent): JsonLd | undefined {
  const given = ownerRating(content.profile);
  // The scale is stated: the profile's ratings run from 1 to 5.
  return given
    ? { '@type': 'AggregateRating', ratingValue: given.value, reviewCount: given.count, bestRating: 5, worstRating: 1 }
    : undefined;
}

/** The free audit as a service with its Offer at price 0. */
function auditOfferJsonLd(content: SiteContent): JsonLd {
  const { profile } = content;
  return compact({
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: 'Free Real Estate Marketing Audit',
    serviceType: 'Marketing audit',
    description: '15-point review of a real estate website and online marketing with a Growth Opportunities Report within 24 hours.',
    provider: { '@id': agentId() },
    areaServed: places(profile),
    url: absoluteUrl('/marketing-audit'),
    offers: {
      '@type': 'Offer',
      price: 0,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: absoluteUrl('/marketing-audit'),
    },
    aggregateRating: rating(content),
  });
}

function blogPostingJsonLd(post: PostSummary, profile: OwnerProfile): JsonLd {
  const url = absoluteUrl(`/blog/${post.slug}`);
  return compact({
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.seoDescription,
    datePublished: post.publishedAt,
    dateModified: post.publishedAt,
    articleSection: post.category,
    keywords: post.tags.join(', '),
    image: post.coverImage ? absoluteUrl(post.coverImage) : '',
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    author: { '@id': personId(), '@type': 'Person', name: profile.name },
    publisher: { '@id': agentId() },
  });
}

function blogJsonLd(content: SiteContent): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Blog',
    name: blogIntro.title,
    url: absoluteUrl('/blog'),
    author: { '@id': personId() },
    blogPost: content.posts.map((post) => ({
      '@type': 'BlogPosting',
      headline: post.title,
      url: absoluteUrl(`/blog/${post.slug}`),
      datePublished: post.publishedAt,
    })),
  };
}

/** Paths whose page offers the free audit. */
const AUDIT_PAGES = new Set(['/', '/marketing-audit', '/real-estate-marketing-report']);

/**
 * The JSON-LD of a public page: `post` is the post a /blog/<slug> page shows (null for an
 * unknown slug, which gets none, like any page that is not found).
 */
export function pageJsonLd(path: string, content: SiteContent, post?: PostSummary | null): JsonLd[] {
  const owner = ownerJsonLd(content);
  if (AUDIT_PAGES.has(path)) return [...owner, auditOfferJsonLd(content)];
  if (path === '/blog') return [...owner, blogJsonLd(content)];
  if (path.startsWith('/blog/')) return post ? [...owner, blogPostingJsonLd(post, content.profile)] : [];
  return owner;
}
