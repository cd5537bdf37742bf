// The owner's search-engine settings applied to the page's head as the visitor moves between
// pages (the server puts the same tags in every page it sends; which tags is decided in
// @curb/contracts/seo-tags).
import type { SettingsOf } from '@curb/contracts/settings';
import { seoHeadTags, type HeadTag } from '@curb/contracts/seo-tags';

export type SeoSettings = SettingsOf<'seo'>;

function upsert({ element, attribute, key, value, onlyIfMissing }: HeadTag): void {
  let node = document.head.querySelector<HTMLMetaElement | HTMLLinkElement>(`${element}[${attribute}="${key}"]`);
  const current = node && (node instanceof HTMLLinkElement ? node.href : node.content);
  if (node && onlyIfMissing && current) return;
  if (!node) {
    node = document.createElement(element);
    node.setAttribute(attribute, key);
    node.dataset.siteLoader = '';
    document.head.appendChild(node);
  }
  if (node instanceof HTMLLinkElement) node.href = value;
  else node.content = value;
}

export function applySeo(s: SeoSettings, pathname: string): void {
  for (const tag of seoHeadTags(s, pathname, location.origin)) upsert(tag);
}
