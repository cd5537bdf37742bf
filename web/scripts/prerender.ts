// Writes every public page as full HTML (content, head tags, structured data) from the
// server bundle of the app, into dist/_prerendered with a manifest the api serves from.
// Also writes the two not-found pages the api answers with a 404 status.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allPageSeo } from '@curb/content';

const WEB = join(import.meta.dirname, '..');
// Overridable so a build can go elsewhere than the dist a running server reads.
const DIST = process.env.PRERENDER_DIST ?? join(WEB, 'dist');
const SSR_ENTRY = process.env.PRERENDER_SSR_ENTRY ?? join(WEB, 'build', 'ssr', 'entry-server.js');
const OUT = join(DIST, '_prerendered');

/**
 * The path the 404 page is rendered at. The page is titled "Page Not Found | <brand>" and shows
 * no path (issue 29); the api would put the visited path (escaped) wherever this stood.
 */
export const NOT_FOUND_PATH_TOKEN = '/__curb_not_found__';
const UNKNOWN_POST_PATH = '/blog/__curb_unknown_post__';

/** What src/entry-server.tsx exports, as built into build/ssr. */
interface RenderedPage {
  head: string;
  structuredData: string;
  body: string;
}

const { render } = (await import(pathToFileURL(SSR_ENTRY).href)) as { render: (url: string) => Promise<RenderedPage> };

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** The lazy route module of each page that has one (see web/src/app/router.tsx). */
const ROUTE_MODULES: Array<[RegExp, string]> = [
  [/^\/services$/, 'src/app/routes/services.tsx'],
  [/^\/experience$/, 'src/app/routes/experience.tsx'],
  [/^\/blog$/, 'src/app/routes/blog.tsx'],
  [/^\/blog\/[^/]+$/, 'src/app/routes/blog-post.tsx'],
  [/^\/marketing-audit$/, 'src/app/routes/marketing-audit.tsx'],
  [/^\/real-estate-marketing-report$/, 'src/app/routes/real-estate-marketing-report.tsx'],
  [/^\/advanced-seo-audit$/, 'src/app/routes/advanced-seo-audit.tsx'],
];

/** A chunk's scripts and stylesheets with those of the chunks it imports (the entry's excepted). */
function chunkFiles(key: string, seen = new Set<string>()): { js: string[]; css: string[] } {
  const chunk = manifest[key];
  if (!chunk || key === 'index.html' || seen.has(key)) return { js: [], css: [] };
  seen.add(key);
  const js = [chunk.file];
  const css = [...(chunk.css ?? [])];
  for (const imported of chunk.imports ?? []) {
    const files = chunkFiles(imported, seen);
    js.push(...files.js);
    css.push(...files.css);
  }
  return { js, css };
}

const inlineCss = (file: string) => `<style>${readFileSync(join(DIST, file), 'utf8')}</style>`;

/**
 * The stylesheets of the page's route chunk, inlined so the first paint waits for no
 * request. Each also gets a link that applies to no media: the app's chunk loader finds it
 * when the route's code loads, and does not fetch the stylesheet again.
 */
function routeStyles(path: string, template: string): string {
  const module = ROUTE_MODULES.find(([pattern]) => pattern.test(path))?.[1];
  if (!module) return '';
  const css = [...new Set(chunkFiles(module).css)].filter((file) => !template.includes(`/${file}"`));
  return css.map((file) => `${inlineCss(file)}\n<link rel="stylesheet" href="/${file}" media="not all">`).join('\n');
}

// The template's own title and description stand in for pages rendered in the browser only.
const template = readFileSync(join(DIST, 'index.html'), 'utf8')
  .replace(/<title>[\s\S]*?<\/title>\s*/, '')
  .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '')
  .replace(/<meta\s+name="theme-color"[^>]*\/>\s*/, '');
if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');

// A prerendered page is readable and styled before any script runs, so its scripts wait
// until it has loaded: a small boot module imports the app's entry then, and the page
// paints without competing with the app's code for the connection.
const entry = /<script type="module" crossorigin src="\/(assets\/index-[^"]+\.js)"><\/script>/.exec(template)?.[1];
if (!entry) throw new Error('dist/index.html has no entry script');
const bootSource =
  `// Starts the app once the prerendered page has loaded.\nconst start = () => import('/${entry}');\n` +
  `if (document.readyState === 'complete') start();\nelse addEventListener('load', start, { once: true });\n`;
const bootFile = `assets/boot-${createHash('sha256').update(bootSource).digest('base64url').slice(0, 10)}.js`;
writeFileSync(join(DIST, bootFile), bootSource);

// The entry's stylesheets are inlined too.
const pageTemplate = template
  .replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)">/g, (_tag, file: string) => inlineCss(file))
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace(
    /<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/,
    `<script type="module" src="/${bootFile}"></script>`,
  );

async function page(url: string): Promise<string> {
  const { head, structuredData, body } = await render(url);
  // Marked so the browser app drops them before it renders its own (main.tsx).
  const marked = head.replace(/^<(title|meta|link)\b/gm, '<$1 data-prerender=""');
  return pageTemplate
    .replace('</head>', `${routeStyles(new URL(url, 'http://x').pathname, template)}\n${marked}\n${structuredData}\n</head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
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
const output = { pages, notFound: 'not-found.html', postNotFound: 'post-not-found.html', notFoundPathToken: NOT_FOUND_PATH_TOKEN };
writeFileSync(join(OUT, 'manifest.json'), JSON.stringify(output, null, 2));
process.stdout.write(
  `prerendered ${Object.keys(pages).length} pages and 2 not-found pages in ${Math.round(performance.now() - started)} ms\n`,
);
