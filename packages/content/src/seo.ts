// Search-engine metadata of every public page. The prerenderer, sitemap.xml and llms.txt all
// read from here; the structured data is built from the owner's content (web/src/lib/structured-data.ts).
import { caseStudies, type CaseStudy } from './case-studies.ts';
import { personal, seoDefaults } from './site.ts';

/** Metadata of one public page. */
export interface PageSeo {
  path: string;
  title: string;
  description: string;
  keywords: readonly string[];
  /** Listed in sitemap.xml and llms.txt. */
  listed: boolean;
  /** Sitemap priority, 0-1. */
  priority: number;
  changefreq: 'daily' | 'weekly' | 'monthly' | 'yearly';
  /** Robots directive; defaults to the site's. */
  robots?: string;
}

const suffix = ` | ${personal.name}`;

/** What the owner's SEO settings replace: the brand in page titles and the default description. */
export const siteDefaults = {
  brand: personal.name,
  description: seoDefaults.defaultDescription,
  ogImage: seoDefaults.ogImage,
} as const;

/** The fixed public pages (case studies are added by caseStudySeo). */
export const pageSeo: readonly PageSeo[] = [
  {
    path: '/',
    title: `Home${suffix} — Real Estate Marketing & Operations`,
    description: seoDefaults.defaultDescription,
    keywords: seoDefaults.defaultKeywords,
    listed: true,
    priority: 1,
    changefreq: 'weekly',
  },
  {
    path: '/services',
    title: `Services${suffix}`,
    description:
      'Marketing audits, team leadership, operations consulting and marketing strategy for real estate agents, teams and small ' +
      'businesses in Northern Virginia, DC and Maryland.',
    keywords: ['real estate marketing services', 'operations consulting', 'team leadership', 'marketing strategy', 'marketing audit'],
    listed: true,
    priority: 0.9,
    changefreq: 'monthly',
  },
  {
    path: '/experience',
    title: `Experience${suffix}`,
    description:
      '15+ years in real estate operations and marketing: seven roles from office administrator to Director of Operations & ' +
      'Marketing, with $75M+ in annual transactions.',
    keywords: ['real estate operations experience', 'director of operations', 'real estate marketing manager', 'licensed realtor DC VA'],
    listed: true,
    priority: 0.8,
    changefreq: 'monthly',
  },
  {
    path: '/blog',
    title: `Blog${suffix} — Real Estate Case Studies`,
    description:
      'Case studies on transaction management, market expansion, brokerage transitions, community events, agent onboarding and ' +
      'email marketing for real estate teams.',
    keywords: ['real estate case studies', 'real estate marketing blog', 'transaction management', 'agent onboarding'],
    listed: true,
    priority: 0.8,
    changefreq: 'weekly',
  },
  {
    path: '/marketing-audit',
    title: `Free Marketing Audit${suffix}`,
    description:
      'Request a free 15-point real estate marketing audit. Get a Growth Opportunities Report with 3-5 untapped revenue sources ' +
      'and a 90-day plan by email within 24 hours.',
    keywords: ['free marketing audit', 'real estate website audit', 'real estate SEO audit', 'lead generation audit'],
    listed: true,
    priority: 0.9,
    changefreq: 'monthly',
  },
  {
    path: '/real-estate-marketing-report',
    title: `Marketing Report Showcase${suffix}`,
    description:
      'See what the free real estate marketing report covers: 15+ metrics on website performance, search, social presence and lead ' +
      'generation, delivered in 24 hours.',
    keywords: ['real estate marketing report', 'sample marketing report', 'real estate website analysis'],
    listed: true,
    priority: 0.7,
    changefreq: 'monthly',
  },
  {
    path: '/advanced-seo-audit',
    // A page without a title of its own in the site's copy; named like the others rather than "Page <path>".
    title: `Advanced SEO Audit${suffix}`,
    description:
      'Advanced SEO audit: checks 140+ issues across technical SEO, on-page content, performance and AI search readiness, in about ' +
      '30 seconds.',
    keywords: ['advanced SEO audit', 'technical SEO', 'AI search optimization', 'llms.txt'],
    listed: true,
    priority: 0.6,
    changefreq: 'monthly',
  },
  {
    path: '/test-report',
    title: `Test Report${suffix}`,
    description: 'A plain test page of the site.',
    keywords: [],
    listed: false,
    priority: 0,
    changefreq: 'yearly',
    robots: 'noindex, nofollow',
  },
];

/** Metadata of a case-study page. */
export function caseStudySeo(study: CaseStudy): PageSeo {
  return {
    path: `/blog/${study.id}`,
    title: `${study.title} | Blog${suffix}`,
    description: study.excerpt,
    keywords: study.tags,
    listed: true,
    priority: 0.7,
    changefreq: 'monthly',
  };
}

/** Every public page with its metadata: fixed pages, then the case studies. */
export function allPageSeo(): PageSeo[] {
  return [...pageSeo, ...caseStudies.map(caseStudySeo)];
}

/** The metadata of the page at `path`, if it is a public page. */
export function findPageSeo(path: string): PageSeo | undefined {
  return allPageSeo().find((page) => page.path === path);
}

/** An absolute URL on the site's canonical address. */
export function absoluteUrl(path: string, base: string = seoDefaults.canonicalUrl): string {
  return new URL(path, base).toString();
}
