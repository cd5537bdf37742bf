// The search description of each public page: the owner's own when they wrote one, otherwise
// one built from what they have saved (name, title, region, services, career). The sample's
// hand-written descriptions name the sample's region and figures, so they stay with the sample.
import { DESCRIBED_PAGES, describedPageAt, type DescribedPage } from '@curb/contracts/owner-content-paths';
import type { SiteContent } from '@curb/contracts/owner-content';
import { pageSeo } from './seo.ts';

/** What a default description is built from. */
export type DescribedContent = Pick<SiteContent, 'isSample' | 'profile' | 'services' | 'career' | 'pageTexts'>;

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
