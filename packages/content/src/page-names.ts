// Every page's name as people read it: the first part of its browser-tab title ("Services |
// Morgan Ellis") and the page in the owner's retargeting journeys ("Viewed Services").
import { findPageSeo } from './seo.ts';
import { personal } from './site.ts';

/** Pages without search-engine metadata (rendered in the browser only), and the 404 page. */
export const otherPageNames = {
  auditReport: 'Audit Results',
  chat: 'Voice Assistant',
  metapersonChat: 'Avatar Assistant',
  notFound: 'Page Not Found',
} as const;

/** A page's browser-tab title: its name, then the brand (which the owner's site title replaces). */
export const pageTitle = (name: string) => `${name} | ${personal.name}`;

const ASSISTANT_PAGES: Record<string, string> = { '/chat': otherPageNames.chat, '/metaperson-chat': otherPageNames.metapersonChat };

/**
 * The name of the page at `path` (a query, fragment or trailing slash aside): a public page's is
 * its title's first part, so the two never disagree ("Home", "Free Marketing Audit", a case
 * study's title); a path the site has no page for answers itself ("/no-such-page").
 */
export function pageName(path: string): string {
  const clean = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  const seo = findPageSeo(clean);
  if (seo) return seo.title.split(' | ')[0]!;
  const assistant = ASSISTANT_PAGES[clean];
  if (assistant) return assistant;
  if (/^\/audit-report\/[^/]+$/.test(clean)) return otherPageNames.auditReport;
  return clean;
}
