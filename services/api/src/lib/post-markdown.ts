// A post's Markdown as the HTML the site shows. Raw HTML is not rendered (it shows as text),
// links go only to http(s), mailto or this site, and an image is an uploaded one (`media:<id>`,
// served in the widths written, with a srcset) or a path on this site; anything else is left
// out, so a post cannot carry script past the page policy.
import MarkdownIt from 'markdown-it';
import { mediaFilePath, mediaIdOf, pickWidth } from '@curb/contracts/owner-content';

/** The image widths written for each uploaded image a post names. */
export type MediaWidths = ReadonlyMap<string, readonly number[]>;

const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;
const SITE_PATH = /^\/(?!\/)[^\s"<>]*$/;
/** The width the body's images load by default (the post column is narrower). */
const BODY_IMAGE_WIDTH = 960;

const md = new MarkdownIt({ html: false, linkify: false, typographer: true });
// Links: only what SAFE_LINK allows; images are checked by their own rule below.
md.validateLink = (url) => SAFE_LINK.test(url.trim()) || mediaIdOf(url.trim()) !== null;

md.renderer.rules.image = (tokens, idx, _options, env) => {
  const { widths: known } = env as { widths: MediaWidths };
  const token = tokens[idx]!;
  const src = String(token.attrGet('src') ?? '');
  const alt = md.utils.escapeHtml(token.content);
  const id = mediaIdOf(src);
  const widths = id ? known.get(id) : undefined;
  if (id && widths?.length) {
    const srcset = [...widths].sort((a, b) => a - b).map((w) => `${mediaFilePath(id, w)} ${w}w`);
    const fallback = mediaFilePath(id, pickWidth(widths, BODY_IMAGE_WIDTH));
    const sizes = '(max-width: 800px) 100vw, 800px';
    return `<img src="${fallback}" srcset="${srcset.join(', ')}" sizes="${sizes}" alt="${alt}" loading="lazy" decoding="async">`;
  }
  if (!id && SITE_PATH.test(src)) return `<img src="${md.utils.escapeHtml(src)}" alt="${alt}" loading="lazy" decoding="async">`;
  // An image from elsewhere, or one no longer in the library: its description only.
  return alt ? `<span class="missing-image">${alt}</span>` : '';
};

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const { widths: known } = env as { widths: MediaWidths };
  const token = tokens[idx]!;
  const href = String(token.attrGet('href') ?? '');
  const id = mediaIdOf(href);
  if (id) {
    const widths = known.get(id);
    token.attrSet('href', widths?.length ? mediaFilePath(id, Math.max(...widths)) : '#');
  } else if (/^https?:\/\//i.test(href)) {
    token.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Every uploaded image a post's Markdown names. */
export function mediaIdsIn(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(/media:([0-9a-f-]{36})/g)].map((m) => m[1]!))];
}

export function renderPostMarkdown(markdown: string, widths: MediaWidths): string {
  return md.render(markdown, { widths });
}

/** Minutes to read, at 200 words a minute (at least one). */
export function readMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}
