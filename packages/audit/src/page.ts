// One fetched HTML page turned into plain facts once, so the checks read data instead of
// each walking the DOM again. Everything here comes from the audited site: treat as text.
import * as cheerio from 'cheerio';
import { sameSite } from './url.ts';
import type { JsonLdBlock, PageForm, PageImage, PageLink, PageScript, PageSnapshot, PageStylesheet, ParsedPage } from './page-model.ts';
import {
  absoluteHttpUrl,
  collapse,
  collectDates,
  collectSchemaItems,
  dataUrisOf,
  firstImageAlt,
  isSized,
  measureTree,
  resolveBase,
  visibleText,
} from './page-dom.ts';

export type * from './page-model.ts';
export { absoluteHttpUrl, collapse, datesInText } from './page-dom.ts';

const MODERN_IMAGE_TYPES = /image\/(webp|avif)/i;
const MAX_INLINE_SCRIPT_TEXT = 20_000;

export function parsePage(snapshot: PageSnapshot): ParsedPage {
  const $ = cheerio.load(snapshot.html);
  const base = resolveBase($, snapshot.url);
  const abs = (value: string | undefined | null): string | null => absoluteHttpUrl(value, base);
  const meta = (name: string) => $(`meta[name="${name}" i]`).first().attr('content')?.trim() ?? null;

  const metas = new Map<string, string>();
  $('meta[name], meta[property]').each((_, el) => {
    const key = ($(el).attr('property') ?? $(el).attr('name') ?? '').trim().toLowerCase();
    const content = $(el).attr('content');
    if (key && content !== undefined && !metas.has(key)) metas.set(key, content.trim());
  });

  // <title> inside <svg> is an image caption, not the page title.
  const titles = $('title')
    .toArray()
    .filter((el) => $(el).parents('svg').length === 0)
    .map((el) => collapse($(el).text()));
  const descriptions = $('meta[name="description" i]')
    .toArray()
    .map((el) => collapse($(el).attr('content') ?? ''));
  const robotsContent = [meta('robots'), meta('googlebot')].filter(Boolean).join(', ').toLowerCase();

  const headings = $('h1, h2, h3, h4, h5, h6')
    .toArray()
    .map((el) => ({ level: Number(el.tagName.slice(1)), text: collapse($(el).text()) }));

  const pageUrl = new URL(snapshot.url);
  const links: PageLink[] = $('a')
    .toArray()
    .map((el) => {
      const a = $(el);
      const href = (a.attr('href') ?? '').trim();
      const url = href ? abs(href) : null;
      return {
        href,
        url,
        text: collapse(a.text()),
        rel: (a.attr('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean),
        internal: url !== null && sameSite(new URL(url), pageUrl),
        imageAlt: collapse(firstImageAlt(el) ?? ''),
        title: collapse(a.attr('title') ?? a.attr('aria-label') ?? ''),
        target: a.attr('target') ?? '',
      };
    });

  const images: PageImage[] = $('img')
    .toArray()
    .map((el) => {
      const img = $(el);
      const src = (img.attr('src') ?? img.attr('data-src') ?? '').trim();
      const picture = img.parent('picture');
      return {
        src,
        url: src ? abs(src) : null,
        alt: img.attr('alt') ?? null,
        width: img.attr('width') ?? null,
        height: img.attr('height') ?? null,
        loading: img.attr('loading')?.toLowerCase() ?? null,
        srcset: Boolean(img.attr('srcset')),
        modernSource:
          picture.length > 0 &&
          picture
            .find('source')
            .toArray()
            .some((s) => MODERN_IMAGE_TYPES.test($(s).attr('type') ?? '') || /\.(webp|avif)(\s|$|\?)/i.test($(s).attr('srcset') ?? '')),
        decorative: img.attr('role') === 'presentation' || img.attr('aria-hidden') === 'true',
        sized: isSized(img.attr('width'), img.attr('height'), img.attr('style')),
      };
    });

  const scripts: PageScript[] = $('script')
    .toArray()
    .map((el) => {
      const s = $(el);
      const src = s.attr('src')?.trim() || null;
      const type = (s.attr('type') ?? '').trim().toLowerCase();
      return {
        src,
        url: src ? abs(src) : null,
        async: s.attr('async') !== undefined,
        defer: s.attr('defer') !== undefined,
        module: type === 'module',
        type,
        inHead: s.parents('head').length > 0,
        text: src ? '' : s.text().slice(0, MAX_INLINE_SCRIPT_TEXT),
      };
    });

  const stylesheets: PageStylesheet[] = $('link[rel~="stylesheet" i]')
    .toArray()
    .map((el) => {
      const href = ($(el).attr('href') ?? '').trim();
      return {
        href,
        url: href ? abs(href) : null,
        media: ($(el).attr('media') ?? 'all').trim().toLowerCase(),
        inHead: $(el).parents('head').length > 0,
      };
    });

  const jsonLd: JsonLdBlock[] = $('script[type="application/ld+json" i]')
    .toArray()
    .map((el) => {
      const raw = $(el).text().trim();
      try {
        return { raw, data: JSON.parse(raw) as unknown, error: null };
      } catch (err) {
        return { raw, data: null, error: (err as Error).message };
      }
    });

  const icons = $('link[rel~="icon" i], link[rel="apple-touch-icon" i], link[rel="shortcut icon" i]')
    .toArray()
    .map((el) => {
      const href = ($(el).attr('href') ?? '').trim();
      return { rel: ($(el).attr('rel') ?? '').toLowerCase(), href, url: href ? abs(href) : null };
    });

  const forms: PageForm[] = $('form')
    .toArray()
    .map((el) => {
      const f = $(el);
      const action = (f.attr('action') ?? '').trim();
      const fields = f.find('input, textarea, select').toArray();
      return {
        action,
        actionUrl: action ? abs(action) : snapshot.url,
        method: (f.attr('method') ?? 'get').toLowerCase(),
        inputTypes: fields.map((i) => (i.tagName === 'input' ? ($(i).attr('type') ?? 'text').toLowerCase() : i.tagName)),
        inputNames: fields.map((i) =>
          `${$(i).attr('name') ?? ''} ${$(i).attr('id') ?? ''} ${$(i).attr('placeholder') ?? ''}`.toLowerCase(),
        ),
        text: collapse(f.text()).slice(0, 500),
        hasPassword: f.find('input[type="password" i]').length > 0,
      };
    });

  const iframes = $('iframe')
    .toArray()
    .map((el) => {
      const src = ($(el).attr('src') ?? '').trim();
      return { src, url: src ? abs(src) : null, title: $(el).attr('title') ?? '' };
    });

  const hreflangs = $('link[rel="alternate" i][hreflang]')
    .toArray()
    .map((el) => {
      const href = ($(el).attr('href') ?? '').trim();
      return { lang: ($(el).attr('hreflang') ?? '').trim(), href, url: href ? abs(href) : null };
    });

  // rel=next/prev as <link> elements (the form crawlers read for a paginated series).
  const pagination = $('link[rel][href]')
    .toArray()
    .flatMap((el) => {
      const rels = ($(el).attr('rel') ?? '').toLowerCase().split(/\s+/);
      const rel = rels.includes('next') ? 'next' : rels.includes('prev') || rels.includes('previous') ? 'prev' : null;
      const href = ($(el).attr('href') ?? '').trim();
      return rel && href ? [{ rel, href, url: abs(href) } as const] : [];
    });

  const mixedContent: string[] = [];
  if (pageUrl.protocol === 'https:') {
    $(
      'img[src], script[src], iframe[src], audio[src], video[src], source[src], link[rel~="stylesheet" i][href], embed[src], object[data]',
    ).each((_, el) => {
      const value = ($(el).attr('src') ?? $(el).attr('href') ?? $(el).attr('data') ?? '').trim();
      if (/^http:\/\//i.test(value)) mixedContent.push(value);
    });
    // Responsive image sizes: a site moved to https often keeps http:// in the sizes its CMS wrote.
    $('img[srcset], source[srcset], video[poster]').each((_, el) => {
      const sizes = ($(el).attr('srcset') ?? $(el).attr('poster') ?? '').split(',').map((c) => c.trim().split(/\s+/)[0] ?? '');
      for (const value of sizes) if (/^http:\/\//i.test(value)) mixedContent.push(value);
    });
  }

  const schemaItems = collectSchemaItems(jsonLd);
  const microdataTypes = $('[itemtype]')
    .toArray()
    .map((el) => ($(el).attr('itemtype') ?? '').trim())
    .filter(Boolean);

  let inlineScriptBytes = 0;
  for (const s of scripts) if (!s.src && s.type !== 'application/ld+json') inlineScriptBytes += Buffer.byteLength(s.text);
  let inlineStyleBytes = 0;
  $('style').each((_, el) => {
    inlineStyleBytes += Buffer.byteLength($(el).text());
  });

  const { count: elementCount, depth: maxDepth } = measureTree($);
  const dates = collectDates($, schemaItems);

  const text = collapse(visibleText($('body')[0] ?? $.root()[0]));
  const words = text ? text.split(' ').filter((w) => /[\p{L}\p{N}]/u.test(w)).length : 0;

  return {
    snapshot,
    url: snapshot.url,
    $,
    lang: $('html').attr('lang')?.trim() || null,
    charset:
      $('meta[charset]').attr('charset') ??
      /charset=([\w-]+)/i.exec($('meta[http-equiv="content-type" i]').attr('content') ?? '')?.[1] ??
      null,
    titles,
    title: titles[0] ?? null,
    descriptions,
    description: descriptions[0] ?? null,
    metaRobots: robotsContent,
    viewport: meta('viewport'),
    canonicals: $('link[rel="canonical" i]')
      .toArray()
      .map((el) => ($(el).attr('href') ?? '').trim()),
    hreflangs,
    pagination,
    amphtml: abs($('link[rel~="amphtml" i]').first().attr('href')?.trim()),
    isAmp: $('html').is('[amp], [⚡]'),
    metas,
    headings,
    links,
    dataUris: dataUrisOf(snapshot.html),
    images,
    scripts,
    stylesheets,
    jsonLd,
    schemaItems,
    microdataTypes,
    icons,
    forms,
    iframes,
    text,
    wordCount: words,
    elementCount,
    maxDepth,
    inlineScriptBytes,
    inlineStyleBytes,
    mixedContent,
    hasDoctype: /^\s*(<!--[\s\S]*?-->\s*)*<!doctype\s+html/i.test(snapshot.html),
    dates,
  };
}
