// The public pages rendered with the owner's current content as they are asked for: the web
// app's server render (web/src/entry-server.tsx, built into web/build/ssr) into the page
// template the build writes (web/scripts/page-template.ts). A page is rendered and compressed
// once per version of the content, so a publish re-renders each changed page on its next visit;
// a post's page once per version of the post. The 404 pages are rendered once per version too,
// with the visited path put in as each is sent.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { pageSeo } from '@curb/content';
import type { PublishedPost, SiteContent } from '@curb/contracts/owner-content';
import { isPagePath } from '@curb/contracts/routes';

/** Where the build writes the template and its manifest, under the web app's dist. */
export const PAGES_DIR = '_pages';
/** The server render's module, relative to the web app's dist. */
export const SSR_ENTRY = join('..', 'build', 'ssr', 'entry-server.js');

/** What web/src/entry-server.tsx exports. */
export interface SsrModule {
  render(url: string, content: SiteContent, post?: PublishedPost | null): Promise<{ head: string; structuredData: string; body: string }>;
  contentElement(content: SiteContent): string;
}

interface PageTemplateManifest {
  template: string;
  routeStyles: Array<[pattern: string, styles: string]>;
}

/** A page with its brotli and gzip copies when it is sent often enough to be worth them. */
export interface PageFile {
  html: string;
  br?: Buffer;
  gz?: Buffer;
}

export interface RenderedPage {
  status: number;
  file: PageFile;
  /** Identifies the page's HTML (the same key, the same HTML); absent for a page made per request. */
  key?: string;
}

/** The paths the 404 pages are rendered at; the visited path stands where the first did. */
const NOT_FOUND_TOKEN = '/__curb_not_found__';
const UNKNOWN_POST = '/blog/__curb_unknown_post__';
/** Pages kept rendered: the fixed pages and the posts visited, across two versions of the content. */
const MAX_PAGES = 400;
/** A render slower than this is logged. */
export const SLOW_RENDER_MS = 250;

const FIXED_PAGES = new Set(pageSeo.map((page) => page.path));
const POST_PATH = /^\/blog\/([^/]+)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/**
 * Pages are compressed as they are rendered, on a visitor's request: brotli's quality 5 costs
 * a few milliseconds where its best (11, the build's for static files) costs a quarter second,
 * for a page a few per cent larger.
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A page's HTML compressed both ways (compression never fails in practice; if it did, uncompressed). */
export const compressed = (html: string): Promise<PageFile> =>
  Promise.all([brotli(html, BROTLI_OPTIONS), gzipped(html)]).then(
    ([br, gz]) => ({ html, br, gz }),
    () => ({ html }),
  );

export interface PageRenderer {
  /**
   * The page at `path` (normalised, no query) with `content`: a public page or a published post
   * rendered, another page of the app as the shell, anything else the 404 page.
   */
  page(path: string, content: SiteContent, post: (slug: string) => Promise<PublishedPost | null>): Promise<RenderedPage>;
  /** The app shell with the content in it: the browser renders the page itself. */
  shell(content: SiteContent): PageFile;
  /** Render times in milliseconds since start, for the bench. */
  readonly timings: number[];
}

/** The renderer over a built web app, or null when the build wrote no template or server render. */
export async function loadPageRenderer(
  dist: string,
  options: { ssrEntry?: string; onSlow?: (path: string, ms: number) => void } = {},
): Promise<PageRenderer | null> {
  const manifestFile = join(dist, PAGES_DIR, 'manifest.json');
  const entry = options.ssrEntry ?? join(dist, SSR_ENTRY);
  if (!existsSync(manifestFile) || !existsSync(entry)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PageTemplateManifest;
  const template = readFileSync(join(dist, PAGES_DIR, manifest.template), 'utf8');
  const routeStyles = manifest.routeStyles.map(([pattern, styles]) => [new RegExp(pattern), styles] as const);
  const shellTemplate = readFileSync(join(dist, 'index.html'), 'utf8');
  const ssr = (await import(pathToFileURL(entry).href)) as SsrModule;
  const timings: number[] = [];

  async function render(url: string, content: SiteContent, post?: PublishedPost | null): Promise<string> {
    const started = performance.now();
    const { head, structuredData, body } = await ssr.render(url, content, post);
    // Marked so the browser app drops them before it renders its own (main.tsx).
    const marked = head.replace(/^<(title|meta|link)\b/gm, '<$1 data-prerender=""');
    const styles = routeStyles.find(([pattern]) => pattern.test(url))?.[1] ?? '';
    const html = template
      .replace('</head>', () => `${styles}\n${marked}\n${structuredData}\n</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
    const ms = performance.now() - started;
    timings.push(ms);
    if (timings.length > 10_000) timings.splice(0, timings.length - 10_000);
    if (ms > SLOW_RENDER_MS) options.onSlow?.(url, ms);
    return html;
  }

  const pages = new LRUCache<string, Promise<PageFile>>({ max: MAX_PAGES });
  const notFound = new LRUCache<string, Promise<string>>({ max: 4 });
  const once = <T>(cache: LRUCache<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> => {
    let hit = cache.get(key);
    if (!hit) {
      hit = make();
      // A failed render is tried again by the next visit.
      hit.catch(() => cache.delete(key));
      cache.set(key, hit);
    }
    return hit;
  };

  const shell = (content: SiteContent): PageFile => ({ html: withContent(shellTemplate, ssr.contentElement(content)) });
  return {
    timings,
    shell,
    async page(path, content, loadPost) {
      if (FIXED_PAGES.has(path)) {
        const key = `${content.version}\n${path}`;
        return { status: 200, key, file: await once(pages, key, async () => compressed(await render(path, content))) };
      }
      const slug = POST_PATH.exec(path)?.[1];
      if (slug !== undefined) {
        const post = await loadPost(safeDecode(slug));
        if (post) {
          const key = `${content.version}\n${path}\n${createHash('sha256').update(JSON.stringify(post)).digest('base64url')}`;
          return { status: 200, key, file: await once(pages, key, async () => compressed(await render(path, content, post))) };
        }
        const html = await once(notFound, `${content.version}\npost`, () => render(UNKNOWN_POST, content, null));
        return { status: 404, file: { html } };
      }
      if (isPagePath(path)) return { status: 200, file: shell(content) };
      const html = await once(notFound, `${content.version}\npage`, () => render(NOT_FOUND_TOKEN, content));
      return { status: 404, file: { html: html.replaceAll(NOT_FOUND_TOKEN, escapeHtml(safeDecode(path))) } };
    },
  };
}

/** The app shell with the content block before `</head>`, so the browser renders without a request. */
function withContent(shell: string, element: string): string {
  const headEnd = shell.indexOf('</head>');
  return headEnd < 0 ? shell : `${shell.slice(0, headEnd)}${element}${shell.slice(headEnd)}`;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
