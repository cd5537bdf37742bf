// Writes the page template the page server renders every public page into at run time (with
// the owner's current content; services/api web-app.ts): the built index.html with its
// stylesheets inlined and a small boot module in place of the entry script, and each lazy
// route's stylesheets, inlined, for the pages of that route. Into dist/_pages with a manifest.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const WEB = join(import.meta.dirname, '..');
// Overridable so a build can go elsewhere than the dist a running server reads.
const DIST = process.env.PRERENDER_DIST ?? join(WEB, 'dist');
const OUT = join(DIST, '_pages');

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** What the page server reads (services/api web-app.ts): the template and, per path pattern, its route's styles. */
interface PageTemplateManifest {
  template: string;
  routeStyles: Array<[pattern: string, styles: string]>;
}

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
 * The stylesheets of a route chunk, inlined so the first paint waits for no request. Each also
 * gets a link that applies to no media: the app's chunk loader finds it when the route's code
 * loads, and does not fetch the stylesheet again.
 */
function routeStyles(module: string, template: string): string {
  const css = [...new Set(chunkFiles(module).css)].filter((file) => !template.includes(`/${file}"`));
  return css.map((file) => `${inlineCss(file)}\n<link rel="stylesheet" href="/${file}" media="not all">`).join('\n');
}

// The template's own title and description stand in for pages rendered in the browser only.
const template = readFileSync(join(DIST, 'index.html'), 'utf8')
  .replace(/<title>[\s\S]*?<\/title>\s*/, '')
  .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '')
  .replace(/<meta\s+name="theme-color"[^>]*\/>\s*/, '');
if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');

// A rendered page is readable and styled before any script runs, so its scripts wait
// until it has loaded: a small boot module imports the app's entry then, and the page
// paints without competing with the app's code for the connection.
const entry = /<script type="module" crossorigin src="\/(assets\/index-[^"]+\.js)"><\/script>/.exec(template)?.[1];
if (!entry) throw new Error('dist/index.html has no entry script');
const bootSource =
  `// Starts the app once the rendered page has loaded.\nconst start = () => import('/${entry}');\n` +
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

const started = performance.now();
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'template.html'), pageTemplate);
const pageManifest: PageTemplateManifest = {
  template: 'template.html',
  routeStyles: ROUTE_MODULES.map(([pattern, module]) => [pattern.source, routeStyles(module, template)]),
};
writeFileSync(join(OUT, 'manifest.json'), JSON.stringify(pageManifest, null, 2));
process.stdout.write(
  `page template and ${ROUTE_MODULES.length} route stylesheets written in ${Math.round(performance.now() - started)} ms\n`,
);
