// The owner's search-engine settings applied to the page's head as the visitor moves between
// pages (the server puts the same tags in every page it sends; which tags is decided in
// @curb/contracts/seo-tags).
import { siteDefaults } from '@curb/content';
import type { SettingsOf } from '@curb/contracts/settings';
import { brandedTitle, seoHeadTags, type HeadTag, type SiteDefaults } from '@curb/contracts/seo-tags';

export type SeoSettings = SettingsOf<'seo'>;

function upsert({ element, attribute, key, value, onlyIfMissing, replaces }: HeadTag): void {
  let node = document.head.querySelector<HTMLMetaElement | HTMLLinkElement>(`${element}[${attribute}="${key}"]`);
  const current = node && (node instanceof HTMLLinkElement ? node.href : node.content);
  if (node && onlyIfMissing && current && current !== replaces) return;
  if (!node) {
    node = document.createElement(element);
    node.setAttribute(attribute, key);
    node.dataset.siteLoader = '';
    document.head.appendChild(node);
  }
  // Writes only a change: applySeo runs again on every change of the head (below).
  if (node instanceof HTMLLinkElement) {
    if (node.href !== value) node.href = value;
  } else if (node.content !== value) node.content = value;
}

/**
 * `owner`: the name the page titles carry as their brand (the owner's, or the sample's) and the
 * home page's default description the owner's site description replaces.
 */
export type OwnerDefaults = Partial<Pick<SiteDefaults, 'brand' | 'description'>>;

export function applySeo(s: SeoSettings, pathname: string, owner: OwnerDefaults = {}): void {
  const defaults = { ...siteDefaults, ...owner };
  for (const tag of seoHeadTags(s, pathname, location.origin, defaults)) upsert(tag);
  // The route has just set the content's title: the owner's site title takes the brand's place.
  const title = brandedTitle(document.title, s, defaults);
  if (title !== document.title) document.title = title;
  for (const node of document.head.querySelectorAll<HTMLMetaElement>('meta[property="og:title"], meta[name="twitter:title"]')) {
    const branded = brandedTitle(node.content, s, defaults);
    if (branded !== node.content) node.content = branded;
  }
}

/**
 * Keeps the settings applied while the router updates the head (a lazily loaded page sets its
 * title after the path has changed). Answers the function that stops watching.
 */
export function keepSeoApplied(s: SeoSettings, pathname: string, owner?: OwnerDefaults): () => void {
  applySeo(s, pathname, owner);
  const observer = new MutationObserver(() => applySeo(s, pathname, owner));
  observer.observe(document.head, { subtree: true, childList: true, characterData: true, attributeFilter: ['content', 'href'] });
  return () => observer.disconnect();
}
