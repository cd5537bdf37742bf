// Serves the built web app: hashed assets cached for a year; every public page rendered with
// the owner's current content (lib/page-renderer.ts: content, head tags, structured data and
// the content the browser hydrates from already in it); the app shell, with the content in it,
// for pages that render in the browser only (admin, assistant, audit report); and a real 404
// status, with the 404 or 'Post Not Found' page, for paths the app does not know. The owner's
// SEO settings go into each page's head as it is sent, and the funnels' landing page texts
// into their pages with the site config the browser starts from.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { replaceableDescription, seoDefaults, siteDefaults as SITE_DEFAULTS } from '@curb/content';
import { brandedTitle, seoHeadTags, type HeadTag, type SiteDefaults } from '@curb/contracts/seo-tags';
import type { SettingsOf } from '@curb/contracts/settings';
import type { PublicSiteConfig } from '@curb/contracts/funnel-config';
import type { SiteContent } from '@curb/contracts/owner-content';
import { LRUCache } from 'lru-cache';
import { servedPath, withLandingCopy, withSiteConfig } from '../lib/funnel-pages.ts';
import { compressed, loadPageRenderer, PAGES_DIR, type PageFile, type RenderedPage } from '../lib/page-renderer.ts';
import { configuredTags, pagePolicy } from '../lib/page-policy.ts';
import { isDefaultSiteConfig } from './site-config.ts';
import { sampleSiteContent } from './site-content.ts';

export const DEFAULT_WEB_DIST = join(import.meta.dirname, '..', '..', '..', '..', 'web', 'dist');

const NOT_BUILT_PAGE =
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>Curb Appeal</title>
<body><h1>The web app is not built yet</h1><p>Run <code>pnpm build</code>, or start with <code>pnpm start` +
  `</code>, which builds it.</p></body></html>`;

const normalizedPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The page with these tags in its head: a tag the page already has is replaced (kept, for a
 * tag that only fills in, if it has a value); any other goes at the end of the head.
 */
export function withHeadTags(html: string, tags: readonly HeadTag[]): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0 || !tags.length) return html;
  let head = html.slice(0, headEnd);
  for (const tag of tags) {
    const markup =
      tag.element === 'link'
        ? `<link ${tag.attribute}="${tag.key}" href="${escapeAttribute(tag.value)}"/>`
        : `<meta ${tag.attribute}="${tag.key}" content="${escapeAttribute(tag.value)}"/>`;
    // Keys are the fixed names in seo-tags.ts (letters, digits, ':' and '-').
    const found = new RegExp(`<${tag.element}\\b[^>]*\\b${tag.attribute}="${tag.key}"[^>]*>`, 'i').exec(head);
    if (!found) head += markup;
    else if (!(tag.onlyIfMissing && /\b(?:content|href)="[^"]+"/.test(found[0]) && !isReplaced(found[0], tag))) {
      // Only the value changes: the page's other attributes (the markers the app's head
      // manager hydrates by) stay, so the browser does not add a second copy of the tag.
      const valueAttribute = tag.element === 'link' ? 'href' : 'content';
      const value = new RegExp(`\\b${valueAttribute}="[^"]*"`);
      const replaced = value.test(found[0]) ? found[0].replace(value, `${valueAttribute}="${escapeAttribute(tag.value)}"`) : markup;
      head = head.slice(0, found.index) + replaced + head.slice(found.index + found[0].length);
    }
  }
  return head + html.slice(headEnd);
}

/** Whether the found tag holds the site-wide default that `tag` replaces. */
function isReplaced(found: string, tag: HeadTag): boolean {
  return tag.replaces !== undefined && found.includes(`content="${escapeAttribute(tag.replaces)}"`);
}

const escapeText = (value: string) => value.replace(/[&<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The page's title (and its link-preview copies) with the owner's site title for the brand. */
export function withSiteTitle(html: string, settings: SettingsOf<'seo'>, defaults: SiteDefaults = SITE_DEFAULTS): string {
  if (!settings.site_title) return html;
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const rebrand = (text: string, escapeValue: (v: string) => string) => escapeValue(brandedTitle(text, settings, defaults));
  const head = html
    .slice(0, headEnd)
    .replace(/<title>([^<]*)<\/title>/, (_, text: string) => `<title>${rebrand(text, escapeText)}</title>`)
    .replace(
      /(<meta\b[^>]*\b(?:property="og:title"|name="twitter:title")[^>]*\bcontent=")([^"]*)"/g,
      (_, start: string, text: string) => `${start}${rebrand(text, escapeAttribute)}"`,
    )
    .replace(
      /(<meta\b[^>]*\bcontent=")([^"]*)("[^>]*\b(?:property="og:title"|name="twitter:title"))/g,
      (_, start: string, text: string, end: string) => `${start}${rebrand(text, escapeAttribute)}${end}`,
    );
  return head + html.slice(headEnd);
}

/**
 * The pages with the owner's SEO settings and funnels in them. A page the renderer keeps (it
 * has a key) is rewritten and compressed once per version of both; any other (the shell under
 * many paths, the 404 page with the visited path) is rewritten as it is sent. Until the owner
 * changes a funnel or a test, pages go out without the site config (the browser then assumes
 * the defaults).
 */
function pagesWithSettings(origin: string) {
  let version = '';
  let rewritten = new LRUCache<string, Promise<PageFile>>({ max: 400 });
  /** `path` is the page asked for, `served` the page it is answered with (they differ for an inactive funnel). */
  return (
    path: string,
    served: string,
    page: RenderedPage,
    settings: SettingsOf<'seo'>,
    site: PublicSiteConfig | null,
    content: SiteContent,
  ): Promise<PageFile> | PageFile => {
    if (path === '/admin' || path.startsWith('/admin/')) return page.file;
    // The content's titles name the owner: the owner's site title takes that name's place, and
    // their site description the home page's default one.
    const defaults = { ...SITE_DEFAULTS, brand: content.profile.name, description: replaceableDescription(content) };
    const tags = seoHeadTags(settings, served, origin, defaults);
    const config = site && !isDefaultSiteConfig(site) ? site : null;
    if (!tags.length && !config) return page.file;
    const rewrite = (html: string) => {
      // The asked-for page's funnel: an inactive one leaves the generic page as built.
      const withFunnels = config ? withSiteConfig(withLandingCopy(html, path, config), config) : html;
      return tags.length ? withSiteTitle(withHeadTags(withFunnels, tags), settings, defaults) : withFunnels;
    };
    if (!page.key) return { html: rewrite(page.file.html) };
    const current = JSON.stringify([settings, config]);
    if (current !== version) {
      version = current;
      rewritten = new LRUCache({ max: 400 });
    }
    const key = `${path}\n${page.key}`;
    let file = rewritten.get(key);
    if (!file) {
      file = compressed(rewrite(page.file.html));
      rewritten.set(key, file);
    }
    return file;
  };
}

export interface WebAppOptions {
  dist?: string;
  /** The server render's module (the build's, next to the dist, when not given). */
  ssrEntry?: string;
  /** The site's address when the owner set no canonical URL (the content's, as the prerendered pages use). */
  origin?: string;
  /** Whether the avatar creator is configured (its frame is allowed on /metaperson-chat). */
  metaperson?: boolean;
}

export default async function webApp(app: FastifyInstance, opts: WebAppOptions): Promise<void> {
  const dist = opts.dist ?? DEFAULT_WEB_DIST;
  const applyPagePolicy = async (path: string, reply: FastifyReply) => {
    const tags = configuredTags(await app.siteSettings.get('analytics'));
    const policy = pagePolicy(path, { tags, metaperson: opts.metaperson ?? false });
    reply.header('content-security-policy', policy.contentSecurityPolicy);
    if (policy.robots) reply.header('x-robots-tag', policy.robots);
  };
  const renderer = existsSync(join(dist, 'index.html'))
    ? await loadPageRenderer(dist, {
        ssrEntry: opts.ssrEntry,
        onSlow: (path, ms) => app.log.warn({ path, ms: Math.round(ms) }, 'slow page render'),
      })
    : null;
  if (!renderer) {
    app.log.warn({ dist }, 'web app not built: pages answer with a notice');
    app.pageFallback.render = async (request: FastifyRequest, reply: FastifyReply) => {
      await applyPagePolicy(request.url.split('?')[0] ?? '/', reply);
      return reply.code(503).type('text/html').send(NOT_BUILT_PAGE);
    };
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false, // one route per built file; everything else falls through to the pages
    index: false,
    // The contact card is written from the owner's profile by the api (an older build may still hold one).
    globIgnore: [`${PAGES_DIR}/**`, 'index.html', 'index.html.*', 'media/contact.vcf', 'media/contact-qr.*'],
    preCompressed: true, // the build writes .br and .gz copies
    setHeaders(res, path) {
      res.header('cache-control', path.includes(`${join(dist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  const withSettings = pagesWithSettings(opts.origin ?? seoDefaults.canonicalUrl);
  // The funnels' copy and the owner's content, when the api runs with them (not in tests of this plugin alone).
  const siteConfig = () => (app.hasDecorator('siteConfig') ? app.siteConfig.get() : Promise.resolve(null));
  const sample = sampleSiteContent();
  const content = () => (app.hasDecorator('siteContent') ? app.siteContent.get() : Promise.resolve(sample));
  const post = (slug: string) => (app.hasDecorator('siteContent') ? app.siteContent.getPost(slug) : Promise.resolve(null));
  // The home page is rendered as the server starts, so its first visitor does not wait for it.
  app.addHook('onReady', async () => {
    void content()
      .then((current) => renderer.page('/', current, post))
      .catch((err: unknown) => app.log.error({ err }, 'home page render failed'));
  });
  app.pageFallback.render = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = normalizedPath(request.url.split('?')[0] ?? '/');
    const [settings, site, current] = await Promise.all([app.siteSettings.get('seo'), siteConfig(), content()]);
    // An inactive funnel's landing page is the generic audit page.
    const served = site ? servedPath(path, site) : path;
    const page = await renderer.page(served, current, post).catch((err: unknown) => {
      // A page that fails to render still reaches the visitor: the browser renders it from the shell.
      request.log.error({ err, path: served }, 'page render failed');
      return { status: 200, file: renderer.shell(current) };
    });
    const { html, br, gz } = await withSettings(path, served, page, settings, site, current);
    await applyPagePolicy(path, reply);
    reply.code(page.status).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (br && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(br);
    if (gz && /\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gz);
    return reply.send(html);
  };
}
