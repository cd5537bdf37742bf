// Route head() values from the content's SEO metadata and the owner's profile: title,
// description, keywords, robots, canonical, Open Graph, Twitter, theme colour (the owner's
// brand colour) and alternate languages. The server render writes them into each page;
// HeadContent keeps them current in the browser.
// Structured data (JSON-LD) is kept outside React's tree: see structuredDataScripts.
import {
  AUDIT_FUNNEL_ID,
  absoluteUrl,
  landingCopy,
  REPORT_FUNNEL_ID,
  findPageSeo,
  otherPageNames,
  pageDescription,
  pageTitle,
  pageTitleFor,
  siteNameFor,
  seoDefaults,
  siteDefaults,
  type PageSeo,
} from '@curb/content';
import type { PostSummary, SiteContent } from '@curb/contracts/owner-content';
import type { JSX } from 'react';
import { currentSiteConfig, findFunnel } from './site-config';
import { socialOf } from './site-content';
import { pageJsonLd, shareImage } from './structured-data';

type HeadMeta = JSX.IntrinsicElements['meta'];
type HeadLink = JSX.IntrinsicElements['link'];
export interface RouteHead {
  meta: HeadMeta[];
  links: HeadLink[];
}

/**
 * The content's page titles and descriptions name the sample's brand; the owner's name takes
 * its place (the owner's site title, when set, replaces that in turn as the page is sent).
 */
export const ownerBranded = (text: string, content: SiteContent) => text.split(siteDefaults.brand).join(content.profile.name);

/** The owner's handle on X for twitter:site, from their profile link. */
function xHandle(content: SiteContent): string | undefined {
  const match = /^https?:\/\/(?:www\.)?(?:x|twitter)\.com\/([A-Za-z0-9_]{1,15})\/?$/.exec(socialOf(content.profile).x ?? '');
  return match ? `@${match[1]}` : undefined;
}

function head(
  page: Pick<PageSeo, 'path' | 'title' | 'description' | 'keywords' | 'robots'>,
  type: 'website' | 'article',
  content: SiteContent,
): RouteHead {
  const { profile } = content;
  const url = absoluteUrl(page.path);
  const title = ownerBranded(page.title, content);
  // A fixed page's description is the owner's (or one built from their content); a post's is its own.
  const description = pageDescription(page.path, content) ?? ownerBranded(page.description, content);
  const picture = shareImage(content);
  const image = picture ? absoluteUrl(picture) : undefined;
  const handle = xHandle(content);
  return {
    meta: [
      { title } as HeadMeta,
      { name: 'description', content: description },
      ...(page.keywords.length ? [{ name: 'keywords', content: page.keywords.join(', ') }] : []),
      { name: 'robots', content: page.robots ?? seoDefaults.robots },
      { name: 'author', content: profile.name },
      { name: 'theme-color', content: profile.brandColour },
      { property: 'og:type', content: type },
      { property: 'og:site_name', content: siteNameFor(content) },
      { property: 'og:locale', content: seoDefaults.locale },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: url },
      ...(image
        ? [
            { property: 'og:image', content: image },
            { property: 'og:image:alt', content: profile.title ? `${profile.name}, ${profile.title}` : profile.name },
          ]
        : []),
      { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
      ...(handle ? [{ name: 'twitter:site', content: handle }] : []),
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: description },
      ...(image ? [{ name: 'twitter:image', content: image }] : []),
    ],
    links: [
      { rel: 'canonical', href: url },
      ...seoDefaults.alternateLanguages.map((alt) => ({
        rel: 'alternate',
        hrefLang: alt.hrefLang,
        href: absoluteUrl(page.path + alt.path),
      })),
    ],
  };
}

/** The head of a public page listed in the content's SEO metadata. */
export function pageHead(path: string, content: SiteContent): RouteHead {
  const page = findPageSeo(path);
  if (!page) throw new Error(`no SEO metadata for ${path}`);
  return head({ ...page, title: pageTitleFor(page, content) }, 'website', content);
}

/**
 * A funnel's landing page: titled as its funnel sets it; an inactive report funnel's
 * page is the generic audit page, head included (as the page server sends it).
 */
export function landingPageHead(path: '/marketing-audit' | '/real-estate-marketing-report', content: SiteContent): RouteHead {
  const id = path === '/marketing-audit' ? AUDIT_FUNNEL_ID : REPORT_FUNNEL_ID;
  const copy = landingCopy(id, findFunnel(currentSiteConfig(), id));
  if (!copy.active && id === REPORT_FUNNEL_ID) return pageHead('/marketing-audit', content);
  const page = findPageSeo(path);
  if (!page) throw new Error(`no SEO metadata for ${path}`);
  return head({ ...page, title: pageTitleFor({ path, title: pageTitle(copy.title) }, content) }, 'website', content);
}

/** A published post's head, or the not-found one for an unknown slug. */
export function blogPostHead(post: PostSummary | null | undefined, content: SiteContent): RouteHead {
  if (post) {
    const page = {
      path: `/blog/${post.slug}`,
      title: `${post.seoTitle} | Blog | ${content.profile.name}`,
      description: post.seoDescription,
      keywords: post.tags,
    };
    return head(page, 'article', content);
  }
  return {
    meta: [
      { title: `Post Not Found | Blog | ${content.profile.name}` } as HeadMeta,
      { name: 'robots', content: 'noindex, follow' },
      { name: 'theme-color', content: content.profile.brandColour },
    ],
    links: [],
  };
}

/** A page without search-engine metadata, titled "<name> | <owner>" (the owner's name alone without a name). */
export const brandedHead = (name: string | undefined, content: SiteContent): RouteHead => ({
  meta: [{ title: name ? ownerBranded(pageTitle(name), content) : content.profile.name } as HeadMeta],
  links: [],
});

/** Unknown pages: "Page Not Found | <owner>" (not "Page <path>"), not indexed. */
export function notFoundHead(content: SiteContent): RouteHead {
  return {
    meta: [
      { title: ownerBranded(pageTitle(otherPageNames.notFound), content) } as HeadMeta,
      { name: 'robots', content: 'noindex, follow' },
      { name: 'theme-color', content: content.profile.brandColour },
    ],
    links: [],
  };
}

/**
 * The JSON-LD of a public page; none for pages without SEO metadata (404s, admin). `post` is
 * what a /blog/<slug> page shows.
 */
export function structuredDataFor(path: string, content: SiteContent, post?: PostSummary | null): Record<string, unknown>[] {
  if (/^\/blog\/[^/]+$/.test(path)) return pageJsonLd(path, content, post);
  return findPageSeo(path) ? pageJsonLd(path, content) : [];
}

/** JSON as script text: "<" escaped so no value can close the script element. */
export function jsonLdText(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** Marks the head's JSON-LD scripts, written by the prerenderer and kept current in the browser. */
export const STRUCTURED_DATA_ATTRIBUTE = 'data-structured-data';

/** The <script type="application/ld+json"> tags of a page, as HTML. */
export function structuredDataScripts(path: string, content: SiteContent, post?: PostSummary | null): string {
  return structuredDataFor(path, content, post)
    .map((data) => `<script type="application/ld+json" ${STRUCTURED_DATA_ATTRIBUTE}="">${jsonLdText(data)}</script>`)
    .join('\n');
}
