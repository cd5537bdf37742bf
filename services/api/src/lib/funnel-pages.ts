// The funnels' landing pages as the page server sends them: the prerendered HTML
// carries the site's own texts; here the saved headline, copy, call to action and page title
// replace them, and the site config goes into the page so the browser's first render uses the
// same values (hydration then matches). An inactive funnel's landing page is the generic audit
// page. Elements that hold a funnel's text are marked `data-funnel-copy` and hold text only.
import { AUDIT_FUNNEL_ID, landingCopy, landingDefaults, REPORT_FUNNEL_ID } from '@curb/content';
import type { PublicSiteConfig } from '@curb/contracts/funnel-config';
import { siteConfigElement } from '@curb/contracts/site-config';

/** The landing pages the site has, by path. */
const LANDING_PAGES: Readonly<Record<string, string>> = {
  '/marketing-audit': AUDIT_FUNNEL_ID,
  '/real-estate-marketing-report': REPORT_FUNNEL_ID,
};

export const landingFunnelId = (path: string): string | undefined => LANDING_PAGES[path];

const funnelOf = (config: PublicSiteConfig, id: string) => config.funnels.find((f) => f.id === id);

/**
 * The prerendered page a path is answered with: an inactive report funnel's page is the generic
 * audit page (the free audit funnel's own page stays itself, with its own texts).
 */
export function servedPath(path: string, config: PublicSiteConfig): string {
  return path === '/real-estate-marketing-report' && funnelOf(config, REPORT_FUNNEL_ID)?.active === false ? '/marketing-audit' : path;
}

const escapeText = (value: string) => value.replace(/[&<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);
const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The element marked `data-funnel-copy="<key>"` with `text` for its content. */
function withMarkedText(html: string, key: string, text: string): string {
  const marked = new RegExp(`(<([a-z][a-z0-9]*)\\b[^>]*\\bdata-funnel-copy="${key}"[^>]*>)[^<]*(</\\2>)`);
  return html.replace(marked, (_, open: string, _tag: string, close: string) => `${open}${escapeText(text)}${close}`);
}

/** The page's name in its title and link-preview titles ("<name> | <brand>") replaced. */
function withPageName(html: string, from: string, to: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0 || from === to) return html;
  const name = (escaped: (v: string) => string) => ({ from: `${escaped(from)} | `, to: `${escaped(to)} | ` });
  const text = name(escapeText);
  const attribute = name(escapeAttribute);
  const head = html
    .slice(0, headEnd)
    .replace(/(<title\b[^>]*>)([^<]*)/, (whole, open: string, title: string) =>
      title.startsWith(text.from) ? `${open}${text.to}${title.slice(text.from.length)}` : whole,
    )
    .replace(/<meta\b[^>]*\b(?:property="og:title"|name="twitter:title")[^>]*>/g, (tag) =>
      tag.replace(/\bcontent="([^"]*)"/, (whole, value: string) =>
        value.startsWith(attribute.from) ? `content="${attribute.to}${value.slice(attribute.from.length)}"` : whole,
      ),
    );
  return head + html.slice(headEnd);
}

/** The landing page at `path` with its funnel's texts (unchanged for an inactive funnel or another page). */
export function withLandingCopy(html: string, path: string, config: PublicSiteConfig): string {
  const id = landingFunnelId(path);
  if (!id) return html;
  const copy = landingCopy(id, funnelOf(config, id));
  if (!copy.active) return html;
  const own = landingDefaults(id);
  let page = html;
  if (copy.headline !== own.headline) page = withMarkedText(page, 'headline', copy.headline);
  if (copy.copy !== own.copy) page = withMarkedText(page, 'copy', copy.copy);
  if (copy.ctaText !== own.ctaText) page = withMarkedText(page, 'cta', copy.ctaText);
  return withPageName(page, own.title, copy.title);
}

/** The page with the site config as a JSON block at the end of its head. */
export function withSiteConfig(html: string, config: PublicSiteConfig): string {
  const headEnd = html.indexOf('</head>');
  return headEnd < 0 ? html : `${html.slice(0, headEnd)}${siteConfigElement(config)}${html.slice(headEnd)}`;
}
