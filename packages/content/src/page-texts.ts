// The title and search description of each public page: the owner's own description when they
// wrote one, otherwise one built from what they have saved (name, title, region, services,
// career). The sample's hand-written texts name the sample's region, figures and line of work,
// so they stay with the sample.
import { DESCRIBED_PAGES, describedPageAt, type DescribedPage } from '@curb/contracts/owner-content-paths';
import type { SiteContent } from '@curb/contracts/owner-content';
import { pageSeo, type PageSeo } from './seo.ts';
import { personal, seoDefaults } from './site.ts';

/** What a default description is built from. */
export type DescribedContent = Pick<SiteContent, 'isSample' | 'profile' | 'services' | 'career' | 'pageTexts'>;

/** The content's brand in page titles, which the owner's name takes the place of. */
const SAMPLE_BRAND = ` | ${personal.name}`;

/** "a, b and c". */
const listed = (items: readonly string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

const sentence = (text: string) => (text && !/[.!?]$/.test(text) ? `${text}.` : text);

const sampleDescription = (page: DescribedPage) => pageSeo.find((p) => p.path === DESCRIBED_PAGES[page])?.description ?? '';

/** The description a page has when the owner wrote none for it. */
export function defaultPageDescription(page: DescribedPage, content: DescribedContent): string {
  if (content.isSample) return sampleDescription(page);
  const { profile, services, career } = content;
  const area = profile.serviceArea.length ? ` in ${listed(profile.serviceArea)}` : '';
  const who = profile.title ? `${profile.name}, ${profile.title}` : profile.name;
  switch (page) {
    case 'home':
      return [sentence(`${who}${area}`), sentence(profile.tagline), 'Request a free marketing audit of your website.']
        .filter(Boolean)
        .join(' ');
    case 'services':
      return services.length
        ? `${listed(services.map((s) => s.title))}: the services of ${profile.name}${area}.`
        : `The services of ${profile.name}${area}.`;
    case 'experience': {
      const now = career[0];
      const roles = career.length === 1 ? 'one role' : `${career.length} roles`;
      return now ? `The career of ${profile.name}: ${roles}, now ${now.role} at ${now.company}.` : `The career of ${profile.name}${area}.`;
    }
    case 'blog':
      return `Case studies and articles by ${profile.name}${area}.`;
    default:
      // The audit pages describe what the product does, the same for every owner.
      return sampleDescription(page);
  }
}

/** The description of the page at `path`: the owner's, or the default; undefined for a page the owner does not describe. */
export function pageDescription(path: string, content: DescribedContent): string | undefined {
  const page = describedPageAt(path);
  if (!page) return undefined;
  return content.pageTexts.descriptions[page] || defaultPageDescription(page, content);
}

/**
 * The description the site description of the owner's SEO settings takes the place of: the
 * home page's default, never a home page description the owner wrote (empty then).
 */
export const replaceableDescription = (content: DescribedContent): string =>
  content.pageTexts.descriptions.home ? '' : defaultPageDescription('home', content);

/**
 * A fixed page's title: "<Name> | <owner>", the home page's followed by the owner's title; the
 * sample's line of work ("— Real Estate Marketing & Operations") only while the site is the sample.
 */
export function pageTitleFor(page: Pick<PageSeo, 'path' | 'title'>, content: Pick<SiteContent, 'isSample' | 'profile'>): string {
  const { profile } = content;
  if (content.isSample) return page.title.split(personal.name).join(profile.name);
  const name = page.title.split(SAMPLE_BRAND)[0];
  const line = page.path === '/' && profile.title ? ` — ${profile.title}` : '';
  return `${name} | ${profile.name}${line}`;
}

/** The site's name in link previews: the sample's while it is the sample, then the owner's name and title. */
export const siteNameFor = (content: Pick<SiteContent, 'isSample' | 'profile'>): string =>
  content.isSample
    ? seoDefaults.siteName.split(personal.name).join(content.profile.name)
    : [content.profile.name, content.profile.title].filter(Boolean).join(' — ');
