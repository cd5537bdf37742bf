// The owner's search-engine settings as head tags, decided here for the two places that
// apply them: the server, into every page it sends (search engines' verification, link
// previews and many crawlers read the HTML as sent, without running scripts), and the
// site-wide loader, as the visitor moves between pages in the browser. Type-only imports:
// public pages use this.
import type { SettingsOf } from './settings.ts';

export interface HeadTag {
  /** A `<meta>` found by its `name` or `property`, or the `<link rel="canonical">`. */
  element: 'meta' | 'link';
  attribute: 'name' | 'property' | 'rel';
  key: string;
  /** The `content` of a meta tag, the `href` of the link. */
  value: string;
  /** The page's own tag wins if it has a value (the page-specific description)... */
  onlyIfMissing: boolean;
  /** ...unless that value is this one: the site-wide default the owner's setting replaces. */
  replaces?: string;
}

/** What the content uses where the owner's settings replace it. */
export interface SiteDefaults {
  /** The brand in every page title ("Services | Morgan Ellis"); the site title replaces it. */
  brand: string;
  /** The description of pages without their own (the home page's); the site description replaces it. */
  description: string;
  /** The site's share image as a path ("/media/og-image.png"), served from the canonical address. */
  ogImage?: string;
}

/**
 * A page title with the owner's site title in place of the content's brand. Idempotent: the
 * site-wide loader re-applies it whenever the head changes, and a site title that contains the
 * brand ("Morgan Ellis Marketing") must not grow on every pass.
 */
export function brandedTitle(title: string, s: SettingsOf<'seo'>, defaults: SiteDefaults): string {
  const site = s.site_title;
  if (!site || site === defaults.brand) return title;
  return title
    .split(site)
    .map((part) => part.split(defaults.brand).join(site))
    .join(site);
}

/**
 * The tags for `pathname`: site-wide ones (verification, canonical address, social image
 * and card, site name) replace the page's; the description replaces the site's default
 * description and fills in where a page has none, but a page's own description stays.
 * `origin` is the site's address when no canonical URL is set.
 */
export function seoHeadTags(s: SettingsOf<'seo'>, pathname: string, origin: string, defaults?: SiteDefaults): HeadTag[] {
  const base = (s.canonical_url ?? origin).replace(/\/$/, '');
  const tags: HeadTag[] = [];
  const meta = (attribute: 'name' | 'property', key: string, value: string, onlyIfMissing = false, replaces?: string) =>
    tags.push({ element: 'meta', attribute, key, value, onlyIfMissing, ...(replaces ? { replaces } : {}) });
  if (s.google_site_verification) meta('name', 'google-site-verification', s.google_site_verification);
  if (s.canonical_url) {
    tags.push({ element: 'link', attribute: 'rel', key: 'canonical', value: `${base}${pathname}`, onlyIfMissing: false });
    meta('property', 'og:url', `${base}${pathname}`);
  }
  if (s.site_title) {
    meta('property', 'og:site_name', s.site_title);
    meta('name', 'application-name', s.site_title);
  }
  if (s.site_description) {
    meta('name', 'description', s.site_description, true, defaults?.description);
    meta('property', 'og:description', s.site_description, true, defaults?.description);
    meta('name', 'twitter:description', s.site_description, true, defaults?.description);
  }
  // A canonical address moves the default share image with it: previews must not point at the
  // content's placeholder domain.
  const shareImage = s.og_image_url || (s.canonical_url ? defaults?.ogImage : undefined);
  if (shareImage) {
    const image = shareImage.startsWith('/') ? `${base}${shareImage}` : shareImage;
    meta('property', 'og:image', image);
    meta('name', 'twitter:image', image);
  }
  if (s.twitter_card_type) meta('name', 'twitter:card', s.twitter_card_type);
  return tags;
}
