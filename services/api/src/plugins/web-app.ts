// Serves the built web app: hashed assets cached for a year; every public page as its
// prerendered HTML (content, head tags and structured data already in it); the app shell
// for pages that render in the browser only (admin, assistant, audit report); and a real
// 404 status, with the 404 or 'Post Not Found' page, for paths the app does not know. The
// owner's SEO settings go into each page's head as it is sent, and the funnels' landing page
// texts into their pages with the site config the browser starts from (issue 32).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { seoDefaults, siteDefaults as SITE_DEFAULTS } from '@curb/content';
import { isPagePath } from '@curb/contracts/routes';
import { brandedTitle, seoHeadTags, type HeadTag } from '@curb/contracts/seo-tags';
import type { SettingsOf } from '@curb/contracts/settings';
import type { PublicSiteConfig } from '@curb/contracts/funnel-config';
import { servedPath, withLandingCopy, withSiteConfig } from '../lib/funnel-pages.ts';
import { configuredTags, pagePolicy } from '../lib/page-policy.ts';
import { isDefaultSiteConfig } from './site-config.ts';

export const DEFAULT_WEB_DIST = join(import.meta.dirname, '..', '..', '..', '..', 'web', 'dist');
/** Where the prerenderer (web/scripts/prerender.ts) writes its pages and manifest. */
const PRERENDERED_DIR = '_prerendered';

const NOT_BUILT_PAGE =
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>Curb Appeal</title>
<body><h1>The web app is not built yet</h1><p>Run <code>pnpm build</code>, or start with <code>pnpm start` +
  `</code>, which builds it.</p></body></html>`;

interface PrerenderManifest {
  pages: Record<string, string>;
  notFound: string;
  postNotFound: string;
  notFoundPathToken: string;
}

/** A page with its brotli and gzip copies, when the build wrote them. */
export interface PageFile {
  html: string;
  br?: Buffer;
  gz?: Buffer;
}

export interface PageSet {
  shell: string;
  pages: Map<string, PageFile>;
  notFound: (path: string) => string;
  postNotFound: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The built pages, read once; without a prerender manifest every page is the app shell. */
export function loadPages(dist: string): PageSet {
  const shell = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifestFile = join(dist, PRERENDERED_DIR, 'manifest.json');
  if (!existsSync(manifestFile)) return { shell, pages: new Map(), notFound: () => shell, postNotFound: shell };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest;
  const read = (file: string) => readFileSync(join(dist, PRERENDERED_DIR, file), 'utf8');
  const readIfThere = (file: string) =>
    existsSync(join(dist, PRERENDERED_DIR, file)) ? readFileSync(join(dist, PRERENDERED_DIR, file)) : undefined;
  const page = (file: string): PageFile => ({ html: read(file), br: readIfThere(`${file}.br`), gz: readIfThere(`${file}.gz`) });
  const notFoundTemplate = read(manifest.notFound);
  return {
    shell,
    pages: new Map(Object.entries(manifest.pages).map(([path, file]) => [path, page(file)])),
    notFound: (path) => notFoundTemplate.replaceAll(manifest.notFoundPathToken, escapeHtml(path)),
    postNotFound: read(manifest.postNotFound),
  };
}

const normalizedPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The status and HTML for a page path (no query); prerendered pages come with their compressed copies. */
export function pageFor(pages: PageSet, path: string): { status: number; html: string; br?: Buffer; gz?: Buffer } {
  const normalized = normalizedPath(path);
  const prerendered = pages.pages.get(normalized);
  if (prerendered) return { status: 200, ...prerendered };
  if (/^\/blog\/[^/]+$/.test(normalized)) return { status: 404, html: pages.postNotFound };
  if (isPagePath(path)) return { status: 200, html: pages.shell };
  return { status: 404, html: pages.notFound(safePath(path)) };
}

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
export function withSiteTitle(html: string, settings: SettingsOf<'seo'>): string {
  if (!settings.site_title) return html;
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const rebrand = (text: string, escapeValue: (v: string) => string) => escapeValue(brandedTitle(text, settings, SITE_DEFAULTS));
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

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The pages with the owner's SEO settings and funnels in them. A prerendered page is rewritten
 * and compressed once per version of both; any other page (the shell under many paths, the 404
 * page with the visited path) is rewritten as it is sent. Until the owner changes a funnel or a
 * test, pages go out without the site config (the browser then assumes the defaults).
 */
function pagesWithSettings(pages: PageSet, origin: string) {
  let version = '';
  let rewritten = new Map<string, Promise<PageFile>>();
  /** `path` is the page asked for, `served` the prerendered page it is answered with (they differ for an inactive funnel). */
  return (
    path: string,
    served: string,
    page: ReturnType<typeof pageFor>,
    settings: SettingsOf<'seo'>,
    site: PublicSiteConfig | null,
  ): Promise<PageFile> | PageFile => {
    if (path === '/admin' || path.startsWith('/admin/')) return page;
    const tags = seoHeadTags(settings, served, origin, SITE_DEFAULTS);
    const config = site && !isDefaultSiteConfig(site) ? site : null;
    if (!tags.length && !config) return page;
    const rewrite = (html: string) => {
      // The asked-for page's funnel: an inactive one leaves the generic page as built.
      const withFunnels = config ? withSiteConfig(withLandingCopy(html, path, config), config) : html;
      return tags.length ? withSiteTitle(withHeadTags(withFunnels, tags), settings) : withFunnels;
    };
    if (!pages.pages.has(served)) return { html: rewrite(page.html) };
    const current = JSON.stringify([settings, config]);
    if (current !== version) {
      version = current;
      rewritten = new Map();
    }
    let file = rewritten.get(path);
    if (!file) {
      const html = rewrite(page.html);
      // Compression never fails in practice; if it did, the page would go out uncompressed.
      file = Promise.all([brotli(html), gzipped(html)]).then(
        ([br, gz]) => ({ html, br, gz }),
        () => ({ html }),
      );
      rewritten.set(path, file);
    }
    return file;
  };
}

function safePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export interface WebAppOptions {
  dist?: string;
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
  if (!existsSync(join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web app not built: pages answer with a notice');
    app.pageFallback.render = async (request: FastifyRequest, reply: FastifyReply) => {
      await applyPagePolicy(request.url.split('?')[0] ?? '/', reply);
      return reply.code(503).type('text/html').send(NOT_BUILT_PAGE);
    };
    return;
  }
  const pages = loadPages(dist);
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false, // one route per built file; everything else falls through to the pages
    index: false,
    globIgnore: [`${PRERENDERED_DIR}/**`, 'index.html', 'index.html.*'],
    preCompressed: true, // the build writes .br and .gz copies
    setHeaders(res, path) {
      res.header('cache-control', path.includes(`${join(dist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  const withSettings = pagesWithSettings(pages, opts.origin ?? seoDefaults.canonicalUrl);
  // The funnels' copy, when the api runs with it (not in tests of this plugin alone).
  const siteConfig = () => (app.hasDecorator('siteConfig') ? app.siteConfig.get() : Promise.resolve(null));
  app.pageFallback.render = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const [settings, site] = await Promise.all([app.siteSettings.get('seo'), siteConfig()]);
    // An inactive funnel's landing page is the generic audit page (issue 32).
    const served = site ? servedPath(normalizedPath(path), site) : normalizedPath(path);
    const page = pageFor(pages, served === normalizedPath(path) ? path : served);
    const { html, br, gz } = await withSettings(normalizedPath(path), served, page, settings, site);
    await applyPagePolicy(path, reply);
    reply.code(page.status).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (br && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(br);
    if (gz && /\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gz);
    return reply.send(html);
  };
}
