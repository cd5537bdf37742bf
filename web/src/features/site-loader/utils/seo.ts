// The owner's search-engine settings applied to the page's head. Page-specific tags the
// page already declares win for the description; site-wide ones (verification, canonical
// origin, social image and card, site name) come from the settings.
import type { SettingsOf } from '@curb/contracts/settings';

export type SeoSettings = SettingsOf<'seo'>;

function upsertMeta(attribute: 'name' | 'property', key: string, content: string, onlyIfMissing = false): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (meta && onlyIfMissing && meta.content) return;
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    meta.dataset.siteLoader = '';
    document.head.appendChild(meta);
  }
  meta.content = content;
}

function upsertCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    link.dataset.siteLoader = '';
    document.head.appendChild(link);
  }
  link.href = href;
}

export function applySeo(s: SeoSettings, pathname: string): void {
  const origin = s.canonical_url ? s.canonical_url.replace(/\/$/, '') : location.origin;
  if (s.google_site_verification) upsertMeta('name', 'google-site-verification', s.google_site_verification);
  if (s.canonical_url) {
    upsertCanonical(`${origin}${pathname}`);
    upsertMeta('property', 'og:url', `${origin}${pathname}`);
  }
  if (s.site_title) {
    upsertMeta('property', 'og:site_name', s.site_title);
    upsertMeta('name', 'application-name', s.site_title);
  }
  if (s.site_description) {
    upsertMeta('name', 'description', s.site_description, true);
    upsertMeta('property', 'og:description', s.site_description, true);
  }
  if (s.og_image_url) {
    const image = s.og_image_url.startsWith('/') ? `${origin}${s.og_image_url}` : s.og_image_url;
    upsertMeta('property', 'og:image', image);
    upsertMeta('name', 'twitter:image', image);
  }
  if (s.twitter_card_type) upsertMeta('name', 'twitter:card', s.twitter_card_type);
}
