// Writes every public page as full HTML (content, head tags, structured data) from the
// server bundle of the app, into dist/_prerendered with a manifest the api serves from.
// Also writes the two not-found pages the api answers with a 404 status.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allPageSeo } from '@curb/content';

const WEB = join(import.meta.dirname, '..');
// Overridable so a build can go elsewhere than the dist a running server reads.
const DIST = process.env.PRERENDER_DIST ?? join(WEB, 'dist');
const SSR_ENTRY = process.env.PRERENDER_SSR_ENTRY ?? join(WEB, 'build', 'ssr', 'entry-server.js');
const OUT = join(DIST, '_prerendered');

/** Stands for the visited path in the 404 page; the api puts the real (escaped) path in. */
export const NOT_FOUND_PATH_TOKEN = '/__curb_not_found__';
const UNKNOWN_POST_PATH = '/blog/__curb_unknown_post__';

/** What src/entry-server.tsx exports, as built into build/ssr. */
interface RenderedPage {
  head: string;
  structuredData: string;
  body: string;
}

const { render } = (await import(pathToFileURL(SSR_ENTRY).href)) as { render: (url: string) => Promise<RenderedPage> };

// The template's own title and description stand in for pages rendered in the browser only.
const template = readFileSync(join(DIST, 'index.html'), 'utf8')
  .replace(/<title>[\s\S]*?<\/title>\s*/, '')
  .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '')
  .replace(/<meta\s+name="theme-color"[^>]*\/>\s*/, '');
if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');

async function page(url: string): Promise<string> {
  const { head, structuredData, body } = await render(url);
  // Marked so the browser app drops them before it renders its own (main.tsx).
  const marked = head.replace(/^<(title|meta|link)\b/gm, '<$1 data-prerender=""');
  return template.replace('</head>', `${marked}\n${structuredData}\n</head>`).replace('<div id="root"></div>', `<div id="root">${body}</div>`);
}

const started = performance.now();
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const pages: Record<string, string> = {};
for (const { path } of allPageSeo()) {
  const file = path === '/' ? 'index.html' : `${path.slice(1).replaceAll('/', '__')}.html`;
  writeFileSync(join(OUT, file), await page(path));
  pages[path] = file;
}
writeFileSync(join(OUT, 'not-found.html'), await page(NOT_FOUND_PATH_TOKEN));
writeFileSync(join(OUT, 'post-not-found.html'), await page(UNKNOWN_POST_PATH));
const manifest = { pages, notFound: 'not-found.html', postNotFound: 'post-not-found.html', notFoundPathToken: NOT_FOUND_PATH_TOKEN };
writeFileSync(join(OUT, 'manifest.json'), JSON.stringify(manifest, null, 2));
process.stdout.write(`prerendered ${Object.keys(pages).length} pages and 2 not-found pages in ${Math.round(performance.now() - started)} ms\n`);
