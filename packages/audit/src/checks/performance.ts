// Speed: server response, weight, compression, caching, render-blocking resources, DOM
// size, and the Core Web Vitals (Lighthouse when it ran, network estimates otherwise).
import { pageWeights } from '../lab/estimate.ts';
import { onPages, plural, type Check, type CheckContext, verb } from './types.ts';

const KB = 1024;
/**
 * Inlined data: budgets. Lighthouse and SEOnaut flag heavy documents; an inlined icon of a few
 * KB is fine, but one picture over 100 KB (a photo pasted into the page) or 150 KB of them in
 * all costs more than the HTML of a whole agent site.
 */
const DATA_URI_MAX_BYTES = 100 * KB;
const DATA_URI_TOTAL_MAX_BYTES = 150 * KB;
const STATIC = /\.(?:css|js|mjs|png|jpe?g|gif|webp|avif|svg|woff2?|ttf)(?:$|\?)/i;
const source = (ctx: CheckContext) => (ctx.lab.lighthouse ? 'Lighthouse' : 'estimated');

function maxAge(headers: Record<string, string>): number | null {
  const cc = headers['cache-control'] ?? '';
  if (/no-store|no-cache/i.test(cc)) return 0;
  const m = /(?:s-)?max-age\s*=\s*(\d+)/i.exec(cc);
  if (m) return Number(m[1]);
  const expires = headers.expires ? Date.parse(headers.expires) : NaN;
  const date = headers.date ? Date.parse(headers.date) : NaN;
  if (Number.isFinite(expires)) return Math.max(0, Math.round((expires - (Number.isFinite(date) ? date : expires)) / 1000)) || null;
  return null;
}

const EXECUTABLE = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/;

/** The home page runs JavaScript: a script element the browser executes, or a frame that may. */
const runsScripts = (ctx: CheckContext) => ctx.home.scripts.some((s) => EXECUTABLE.test(s.type)) || ctx.home.iframes.length > 0;

/** The site's own static files (third-party caching is not the owner's to set). */
const staticResources = (ctx: CheckContext) => {
  const own = new URL(ctx.home.url).hostname.replace(/^www\./, '');
  return ctx.site.resources.filter(
    (r) =>
      r.status !== null &&
      r.status < 400 &&
      new URL(r.url).hostname.replace(/^www\./, '') === own &&
      (STATIC.test(r.url) || /image\/|css|javascript/.test(r.contentType)),
  );
};

export const performanceChecks: Check[] = [
  {
    id: 'perf.ttfb-slow',
    category: 'performance',
    severity: 'Warning',
    title: 'Slow server response',
    description: 'The server takes long to send the first byte, and everything else waits for it.',
    fix: 'Enable page caching on the server or a CDN, upgrade slow hosting, and trim plugins that run on every request.',
    run: (ctx) =>
      ctx.home.snapshot.ttfbMs > 800 && `The server took ${ctx.home.snapshot.ttfbMs} ms to start answering (aim for under 800 ms).`,
  },
  {
    id: 'perf.load-slow',
    category: 'performance',
    severity: 'Warning',
    free: true,
    title: 'Page loads slowly',
    description: 'Over half of mobile visitors leave a page that takes more than 3 seconds.',
    fix: 'Compress images, defer scripts, enable caching and compression, and remove unused plugins and widgets.',
    run: (ctx) =>
      ctx.lab.desktop.interactiveMs > 3000 &&
      `The page takes ${(ctx.lab.desktop.interactiveMs / 1000).toFixed(1)} s to load (${source(ctx)}; aim for 3 s or less).`,
  },
  {
    id: 'perf.lcp-slow',
    category: 'performance',
    severity: 'Warning',
    title: 'Slow Largest Contentful Paint',
    description: 'LCP, when the main content appears, is a Core Web Vital Google uses for ranking; good is under 2.5 s on mobile.',
    fix: 'Serve the hero image small and early (no lazy loading, preload it), and cut render-blocking CSS and scripts.',
    run: (ctx) => ctx.lab.mobile.lcpMs >= 2500 && `Mobile LCP is ${(ctx.lab.mobile.lcpMs / 1000).toFixed(1)} s (${source(ctx)}).`,
  },
  {
    id: 'perf.cls-high',
    category: 'performance',
    severity: 'Warning',
    title: 'Layout shifts while loading',
    description: 'Cumulative Layout Shift measures content jumping around; good is under 0.1.',
    fix: 'Give images, embeds and ads fixed dimensions and avoid inserting banners above content.',
    run: (ctx) => ctx.lab.mobile.cls >= 0.1 && `CLS is ${ctx.lab.mobile.cls} (${source(ctx)}).`,
  },
  {
    id: 'perf.tbt-high',
    category: 'performance',
    severity: 'Warning',
    title: 'Scripts block the page',
    description: 'Long-running scripts keep the page from answering taps (Total Blocking Time over 300 ms on mobile).',
    fix: 'Remove unused scripts and widgets, defer the rest, and load chat and tracking tools after the page.',
    // A page that runs no script has nothing to blame: blocking time measured on it comes from
    // the machine's load during the test, not from the site.
    run: (ctx) =>
      runsScripts(ctx) && ctx.lab.mobile.tbtMs > 300 && `Total Blocking Time is ${ctx.lab.mobile.tbtMs} ms on mobile (${source(ctx)}).`,
  },
  {
    id: 'perf.mobile-score-low',
    category: 'performance',
    severity: 'Warning',
    title: 'Low mobile performance score',
    description: 'A mobile performance score under 50 means visitors on phones wait noticeably.',
    fix: 'Work through the performance findings in this report, starting with images and scripts.',
    run: (ctx) => ctx.lab.mobile.performance < 50 && `Mobile performance scores ${ctx.lab.mobile.performance}/100 (${source(ctx)}).`,
  },
  {
    id: 'perf.html-truncated',
    category: 'performance',
    severity: 'Critical',
    title: 'Page larger than 5 MB',
    description: 'The HTML alone exceeds 5 MB, which takes many seconds on a phone and is cut off by crawlers.',
    fix: 'Find what bloats the HTML (inlined images, huge lists, repeated markup) and move it out or paginate it.',
    run: (ctx) => onPages(ctx, (p) => p.snapshot.truncated && "The page's HTML is larger than 5 MB (only the first 5 MB were analysed)."),
  },
  {
    id: 'perf.html-large',
    category: 'performance',
    severity: 'Warning',
    title: 'Heavy HTML',
    description: 'HTML over 500 KB slows the first view, especially on phones.',
    fix: 'Remove inlined images and data, and paginate long lists.',
    run: (ctx) =>
      onPages(
        ctx,
        (p) => !p.snapshot.truncated && p.snapshot.htmlBytes > 500 * KB && `The HTML weighs ${Math.round(p.snapshot.htmlBytes / KB)} KB.`,
      ),
  },
  {
    id: 'perf.inline-data-uri',
    category: 'performance',
    severity: 'Warning',
    title: 'Large images or files inlined in the HTML',
    description:
      'A picture pasted into the page as a data: address is downloaded again with every visit, cannot be cached or lazy-loaded, ' +
      'and delays the first view.',
    fix:
      'Save the picture as an image file (WebP or JPEG) and link it with <img src>; most page builders do this when you upload ' +
      'instead of pasting.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const total = p.dataUris.reduce((n, d) => n + d.bytes, 0);
        const largest = p.dataUris[0];
        return (
          largest !== undefined &&
          (largest.bytes > DATA_URI_MAX_BYTES || total > DATA_URI_TOTAL_MAX_BYTES) &&
          `The HTML carries ${plural(p.dataUris.length, 'inlined file')} (${Math.round(total / KB)} KB); the largest is a ` +
            `${Math.round(largest.bytes / KB)} KB ${largest.mime}.`
        );
      }),
  },
  {
    id: 'perf.page-weight',
    category: 'performance',
    severity: 'Warning',
    title: 'Heavy page',
    description: 'Pages over 1,000 KB load slowly on mobile data.',
    fix: 'Compress images, remove unused scripts and fonts, and lazy-load what is below the fold.',
    run: (ctx) => {
      const total = pageWeights(ctx.site, ctx.home).totalBytes;
      return total > 1000 * KB && `The home page and its main resources weigh about ${Math.round(total / KB)} KB.`;
    },
  },
  {
    id: 'perf.compression-missing',
    category: 'performance',
    severity: 'Warning',
    title: 'HTML not compressed',
    description: 'Gzip or Brotli shrinks HTML by 70-80%; without it every visit downloads far more.',
    fix: 'Turn on gzip or Brotli compression in the server, host or CDN settings.',
    run: (ctx) =>
      !ctx.home.snapshot.headers['content-encoding'] &&
      ctx.home.snapshot.htmlBytes > 2 * KB &&
      `The HTML (${Math.round(ctx.home.snapshot.htmlBytes / KB)} KB) is sent uncompressed.`,
  },
  {
    id: 'perf.compression-assets',
    category: 'performance',
    severity: 'Notice',
    title: 'Scripts or stylesheets not compressed',
    description: 'Text files like CSS and JavaScript shrink a lot with compression.',
    fix: 'Enable gzip or Brotli for CSS and JavaScript.',
    run: (ctx) => {
      const raw = ctx.site.resources.filter(
        (r) => r.kind !== 'image' && r.status === 200 && !r.headers['content-encoding'] && (r.bytes ?? 0) > 2 * KB,
      );
      return (
        raw.length > 0 && {
          detail:
            `${plural(raw.length, 'script or stylesheet', 'scripts or stylesheets')} ` +
            `${verb(raw.length, 'is', 'are')} sent uncompressed.`,
          urls: raw.slice(0, 10).map((r) => r.url),
        }
      );
    },
  },
  {
    id: 'perf.cache-missing',
    category: 'performance',
    severity: 'Warning',
    title: 'Static files without caching',
    description: 'Without cache headers, returning visitors download your images, CSS and scripts again.',
    fix: 'Send Cache-Control: public, max-age=31536000 for versioned static files (or at least a week).',
    run: (ctx) => {
      const uncached = staticResources(ctx).filter((r) => !maxAge(r.headers));
      return (
        uncached.length > 0 && {
          detail: `${plural(uncached.length, 'static file')} ${verb(uncached.length, 'has', 'have')} no caching headers.`,
          urls: uncached.slice(0, 10).map((r) => r.url),
        }
      );
    },
  },
  {
    id: 'perf.cache-short',
    category: 'performance',
    severity: 'Notice',
    title: 'Short cache lifetime',
    description: 'Static files cached for under a week are downloaded again by most returning visitors.',
    fix: 'Cache static files for at least 7 days (a year for versioned files).',
    run: (ctx) => {
      const short = staticResources(ctx).filter((r) => {
        const age = maxAge(r.headers);
        return age !== null && age > 0 && age < 7 * 86_400;
      });
      return (
        short.length > 0 && {
          detail: `${plural(short.length, 'static file')} ${verb(short.length, 'is', 'are')} cached for less than 7 days.`,
          urls: short.slice(0, 10).map((r) => r.url),
        }
      );
    },
  },
  {
    id: 'perf.render-blocking-scripts',
    category: 'performance',
    severity: 'Warning',
    title: 'Render-blocking scripts',
    description: 'Scripts in the <head> without async or defer stop the page from drawing until they download and run.',
    fix: 'Add defer (or async for independent tags) to scripts in the head, or move them to the end of the body.',
    run: (ctx) => {
      const blocking = ctx.home.scripts.filter((s) => s.src && s.inHead && !s.async && !s.defer && !s.module);
      return blocking.length > 0 && `${plural(blocking.length, 'script')} in the <head> block rendering.`;
    },
  },
  {
    id: 'perf.render-blocking-css',
    category: 'performance',
    severity: 'Notice',
    title: 'Many render-blocking stylesheets',
    description: 'Each stylesheet in the head is another download before anything shows.',
    fix: 'Combine stylesheets and inline the critical CSS.',
    run: (ctx) => {
      const css = ctx.home.stylesheets.filter((s) => s.inHead && s.media !== 'print');
      return css.length > 4 && `The page loads ${css.length} stylesheets before rendering.`;
    },
  },
  {
    id: 'perf.dom-size',
    category: 'performance',
    severity: 'Warning',
    title: 'Very large page structure',
    description: 'More than 1,500 elements slow rendering and every interaction, particularly on phones.',
    fix: "Simplify page builders' nested sections and paginate long lists.",
    run: (ctx) => onPages(ctx, (p) => p.elementCount > 1500 && `The page has ${p.elementCount.toLocaleString('en-US')} elements.`),
  },
  {
    id: 'perf.dom-depth',
    category: 'performance',
    severity: 'Notice',
    title: 'Deeply nested markup',
    description: 'Elements nested more than 32 levels deep make styling and layout slow.',
    fix: 'Flatten wrappers added by page builders.',
    run: (ctx) => onPages(ctx, (p) => p.maxDepth > 32 && `Elements are nested ${p.maxDepth} levels deep.`),
  },
  {
    id: 'perf.too-many-requests',
    category: 'performance',
    severity: 'Notice',
    title: 'Many requests',
    description: 'Over 80 scripts, stylesheets, images and frames mean many round trips on mobile networks.',
    fix: 'Combine files, drop unused widgets and lazy-load images.',
    run: (ctx) => {
      const n =
        ctx.home.scripts.filter((s) => s.src).length + ctx.home.stylesheets.length + ctx.home.images.length + ctx.home.iframes.length;
      return n > 80 && `The home page makes about ${n} requests.`;
    },
  },
  {
    id: 'perf.inline-bloat',
    category: 'performance',
    severity: 'Notice',
    title: 'Large inline scripts and styles',
    description: 'Inline code cannot be cached and is downloaded again with every page.',
    fix: 'Move large inline scripts and styles into cached files.',
    run: (ctx) =>
      onPages(
        ctx,
        (p) =>
          p.inlineScriptBytes + p.inlineStyleBytes > 100 * KB &&
          `The page inlines ${Math.round((p.inlineScriptBytes + p.inlineStyleBytes) / KB)} KB of scripts and styles.`,
      ),
  },
  {
    id: 'perf.document-write',
    category: 'performance',
    severity: 'Notice',
    title: 'Uses document.write',
    description: 'document.write blocks the page and Chrome refuses it for slow connections.',
    fix: 'Replace document.write with modern script loading.',
    run: (ctx) =>
      onPages(ctx, (p) => p.scripts.some((s) => /document\.write(?:ln)?\s*\(/.test(s.text)) && 'An inline script calls document.write().'),
  },
  {
    id: 'perf.third-party-heavy',
    category: 'performance',
    severity: 'Notice',
    title: 'Many third-party scripts',
    description: 'Each outside service adds a connection and code you do not control.',
    fix: 'Remove tools you no longer use and load the rest through one tag manager.',
    run: (ctx) => {
      const own = new URL(ctx.home.url).hostname.replace(/^www\./, '');
      const hosts = new Set(
        ctx.home.scripts
          .filter((s) => s.url)
          .map((s) => new URL(s.url!).hostname.replace(/^www\./, ''))
          .filter((h) => h !== own && !h.endsWith(`.${own}`)),
      );
      return hosts.size > 10 && `Scripts come from ${hosts.size} outside services.`;
    },
  },
  {
    id: 'perf.broken-scripts-styles',
    category: 'performance',
    severity: 'Warning',
    title: 'Scripts or stylesheets that fail to load',
    description:
      'A stylesheet or script that returns an error leaves the page unstyled or a widget (search, chat, forms) dead, for every ' +
      'visitor.',
    fix: 'Fix the file addresses or remove the tags of plugins and services you no longer use.',
    // Semrush's broken internal (error) and external (notice) JavaScript and CSS files.
    run: (ctx) => {
      const broken = ctx.site.resources.filter((r) => r.kind !== 'image' && r.status !== null && r.status >= 400);
      if (!broken.length) return null;
      const own = new URL(ctx.home.url).hostname.replace(/^www\./, '');
      const theirs = broken.filter((r) => new URL(r.url).hostname.replace(/^www\./, '') !== own).length;
      return {
        detail:
          `${plural(broken.length, 'script or stylesheet', 'scripts or stylesheets')} of the home page ` +
          `${broken.length === 1 ? 'returns' : 'return'} an error` +
          `${theirs ? ` (${theirs} from other services)` : ''}: ${broken
            .slice(0, 3)
            .map((r) => `${r.url} (${r.status})`)
            .join(', ')}.`,
        urls: broken.slice(0, 10).map((r) => r.url),
      };
    },
  },
];
