// Route head() values from the content's SEO metadata: title, description, keywords,
// robots, canonical, Open Graph, Twitter, theme colour and alternate languages. The
// prerenderer writes them into each page; HeadContent keeps them current in the browser.
// Structured data (JSON-LD) is kept outside React's tree: see structuredDataScripts.
import {
  AUDIT_FUNNEL_ID,
  absoluteUrl,
  landingCopy,
  REPORT_FUNNEL_ID,
  findCaseStudy,
  findPageSeo,
  otherPageNames,
  pageJsonLd,
  pageTitle,
  personal,
  seoDefaults,
  type PageSeo,
} from '@curb/content';
import type { JSX } from 'react';
import { currentSiteConfig, findFunnel } from './site-config';

type HeadMeta = JSX.IntrinsicElements['meta'];
type HeadLink = JSX.IntrinsicElements['link'];
export interface RouteHead {
  meta: HeadMeta[];
  links: HeadLink[];
}

function head(page: Pick<PageSeo, 'path' | 'title' | 'description' | 'keywords' | 'robots'>, type: 'website' | 'article'): RouteHead {
  const url = absoluteUrl(page.path);
  const image = absoluteUrl(seoDefaults.ogImage);
  return {
    meta: [
      { title: page.title } as HeadMeta,
      { name: 'description', content: page.description },
      ...(page.keywords.length ? [{ name: 'keywords', content: page.keywords.join(', ') }] : []),
      { name: 'robots', content: page.robots ?? seoDefaults.robots },
      { name: 'author', content: personal.name },
      { name: 'theme-color', content: seoDefaults.themeColor },
      { property: 'og:type', content: type },
      { property: 'og:site_name', content: seoDefaults.siteName },
      { property: 'og:locale', content: seoDefaults.locale },
      { property: 'og:title', content: page.title },
      { property: 'og:description', content: page.description },
      { property: 'og:url', content: url },
      { property: 'og:image', content: image },
      { property: 'og:image:alt', content: `${personal.name}, ${personal.title}` },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:site', content: personal.socialHandle },
      { name: 'twitter:title', content: page.title },
      { name: 'twitter:description', content: page.description },
      { name: 'twitter:image', content: image },
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
export function pageHead(path: string): RouteHead {
  const page = findPageSeo(path);
  if (!page) throw new Error(`no SEO metadata for ${path}`);
  return head(page, 'website');
}

/**
 * A funnel's landing page (issue 32): titled as its funnel sets it; an inactive report funnel's
 * page is the generic audit page, head included (as the page server sends it).
 */
export function landingPageHead(path: '/marketing-audit' | '/real-estate-marketing-report'): RouteHead {
  const id = path === '/marketing-audit' ? AUDIT_FUNNEL_ID : REPORT_FUNNEL_ID;
  const copy = landingCopy(id, findFunnel(currentSiteConfig(), id));
  if (!copy.active && id === REPORT_FUNNEL_ID) return pageHead('/marketing-audit');
  const page = findPageSeo(path);
  if (!page) throw new Error(`no SEO metadata for ${path}`);
  return head({ ...page, title: pageTitle(copy.title) }, 'website');
}

/** A case study's head, or the not-found one for an unknown id. */
export function blogPostHead(id: string): RouteHead {
  if (findCaseStudy(id)) return head(findPageSeo(`/blog/${id}`)!, 'article');
  return {
    meta: [
      { title: `Post Not Found | Blog | ${personal.name}` } as HeadMeta,
      { name: 'robots', content: 'noindex, follow' },
      { name: 'theme-color', content: seoDefaults.themeColor },
    ],
    links: [],
  };
}

/** A page without search-engine metadata, titled "<name> | <brand>" (the brand alone without a name). */
export const brandedHead = (name?: string) => (): RouteHead => ({
  meta: [{ title: name ? pageTitle(name) : personal.name } as HeadMeta],
  links: [],
});

/** Unknown pages: "Page Not Found | <brand>" (not "Page <path>": issue 29), not indexed. */
export function notFoundHead(): RouteHead {
  return {
    meta: [
      { title: pageTitle(otherPageNames.notFound) } as HeadMeta,
      { name: 'robots', content: 'noindex, follow' },
      { name: 'theme-color', content: seoDefaults.themeColor },
    ],
    links: [],
  };
}

/** The JSON-LD of a public page; none for pages without SEO metadata (404s, admin). */
export function structuredDataFor(path: string): Record<string, unknown>[] {
  return findPageSeo(path) ? pageJsonLd(path) : [];
}

/** JSON as script text: "<" escaped so no value can close the script element. */
export function jsonLdText(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** Marks the head's JSON-LD scripts, written by the prerenderer and kept current in the browser. */
export const STRUCTURED_DATA_ATTRIBUTE = 'data-structured-data';

/** The <script type="application/ld+json"> tags of a page, as HTML. */
export function structuredDataScripts(path: string): string {
  return structuredDataFor(path)
    .map((data) => `<script type="application/ld+json" ${STRUCTURED_DATA_ATTRIBUTE}="">${jsonLdText(data)}</script>`)
    .join('\n');
}
