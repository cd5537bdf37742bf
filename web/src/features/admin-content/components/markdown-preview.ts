// The admin's preview of a post's body. The page itself is rendered and sanitised by the server;
// the preview uses the same rules where they matter to the owner (no raw HTML, uploaded images
// shown from the library) so what they see is what visitors get.
import MarkdownIt from 'markdown-it';
import { mediaIdOf } from '@curb/contracts/owner-content';

const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

const md = new MarkdownIt({ html: false, linkify: false, typographer: true });
md.validateLink = (url) => SAFE_LINK.test(url.trim()) || mediaIdOf(url.trim()) !== null;

/** The preview's HTML; `imageSrc` says where an uploaded image (`media:<id>`) is shown from. */
export function previewHtml(markdown: string, imageSrc: (ref: string) => string | null): string {
  const image = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, idx) => {
    const token = tokens[idx]!;
    const src = imageSrc(String(token.attrGet('src') ?? ''));
    const alt = md.utils.escapeHtml(token.content);
    return src ? `<img src="${md.utils.escapeHtml(src)}" alt="${alt}">` : `<em>${alt || 'image'}</em>`;
  };
  try {
    return md.render(markdown);
  } finally {
    md.renderer.rules.image = image;
  }
}
