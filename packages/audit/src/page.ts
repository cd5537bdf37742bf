// One fetched HTML page turned into plain facts once, so the checks read data instead of
// each walking the DOM again. Everything here comes from the audited site: treat as text.
import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import type { PageSnapshot } from './snapshot.ts';
import { sameSite } from './url.ts';

export interface PageLink {
  href: string;
  /** Absolute http(s) URL without fragment; null for javascript:, mailto:, tel:, broken values. */
  url: string | null;
  text: string;
  rel: string[];
  internal: boolean;
  /** Image alt text inside the anchor (counts as its text for crawlers). */
  imageAlt: string;
  title: string;
  target: string;
}

export interface PageImage {
  src: string;
  url: string | null;
  alt: string | null;
  width: string | null;
  height: string | null;
  loading: string | null;
  srcset: boolean;
  /** Served through <picture> with a modern <source type>. */
  modernSource: boolean;
  decorative: boolean;
  /** Width and height (attributes or inline style) or an aspect-ratio: the browser can reserve its box. */
  sized: boolean;
}

/** A data: URI inlined in the HTML (images, fonts in style attributes or <style>). */
export interface InlineDataUri {
  mime: string;
  bytes: number;
}

export interface PageScript {
  src: string | null;
  url: string | null;
  async: boolean;
  defer: boolean;
  module: boolean;
  type: string;
  inHead: boolean;
  /** Inline source (capped) for tag detection. */
  text: string;
}

export interface PageStylesheet {
  href: string;
  url: string | null;
  media: string;
  inHead: boolean;
}

export interface JsonLdBlock {
  raw: string;
  data: unknown;
  error: string | null;
}

export interface SchemaItem {
  types: string[];
  props: Record<string, unknown>;
}

export interface PageForm {
  action: string;
  actionUrl: string | null;
  method: string;
  inputTypes: string[];
  inputNames: string[];
  text: string;
  hasPassword: boolean;
}

export interface ParsedPage {
  snapshot: PageSnapshot;
  url: string;
  $: CheerioAPI;
  lang: string | null;
  charset: string | null;
  titles: string[];
  title: string | null;
  descriptions: string[];
  description: string | null;
  metaRobots: string;
  viewport: string | null;
  canonicals: string[];
  hreflangs: { lang: string; href: string; url: string | null }[];
  metas: Map<string, string>;
  headings: { level: number; text: string }[];
  links: PageLink[];
  images: PageImage[];
  /** data: URIs of 1 KB or more in the HTML, largest first. */
  dataUris: InlineDataUri[];
  scripts: PageScript[];
  stylesheets: PageStylesheet[];
  jsonLd: JsonLdBlock[];
  schemaItems: SchemaItem[];
  microdataTypes: string[];
  icons: { rel: string; href: string; url: string | null }[];
  forms: PageForm[];
  iframes: { src: string; url: string | null; title: string }[];
  /** Visible text of the body (scripts, styles and templates removed), whitespace collapsed. */
  text: string;
  wordCount: number;
  elementCount: number;
  maxDepth: number;
  inlineScriptBytes: number;
  inlineStyleBytes: number;
  /** Subresources loaded over http:// by an https page. */
  mixedContent: string[];
  /** Markup that never parsed cleanly: unclosed or stray tags are common, a missing <html>/<body> is telling. */
  hasDoctype: boolean;
  /** Text of <time> elements, datePublished/dateModified and date-like strings found. */
  dates: string[];
}

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

  const mixedContent: string[] = [];
  if (pageUrl.protocol === 'https:') {
    $(
      'img[src], script[src], iframe[src], audio[src], video[src], source[src], link[rel~="stylesheet" i][href], embed[src], object[data]',
    ).each((_, el) => {
      const value = ($(el).attr('src') ?? $(el).attr('href') ?? $(el).attr('data') ?? '').trim();
      if (/^http:\/\//i.test(value)) mixedContent.push(value);
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

type DomNode = { type?: string; name?: string; attribs?: Record<string, string>; children?: DomNode[] };

/** Alt text of the first image inside an element (a direct walk: selector engines are slow per link). */
function firstImageAlt(el: unknown): string | null {
  const stack = [...((el as DomNode).children ?? [])];
  while (stack.length) {
    const node = stack.shift()!;
    if (node.type === 'tag' && node.name === 'img' && node.attribs?.['alt'] !== undefined) return node.attribs['alt']!;
    if (node.children) stack.unshift(...node.children);
  }
  return null;
}

const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);

/** Text a visitor reads: a direct walk (cheerio's find on a large body is quadratic). */
function visibleText(root: unknown): string {
  const parts: string[] = [];
  const stack: DomNode[] = [root as DomNode];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'text') parts.push((node as { data?: string }).data ?? '');
    else if (node.children && !(node.type === 'tag' && INVISIBLE.has(node.name ?? ''))) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
      if (node.type === 'tag') parts.push(' ');
    }
  }
  return parts.join('');
}

function resolveBase($: CheerioAPI, pageUrl: string): string {
  const href = $('base[href]').attr('href');
  if (!href) return pageUrl;
  try {
    return new URL(href, pageUrl).href;
  } catch {
    return pageUrl;
  }
}

export function absoluteHttpUrl(value: string | undefined | null, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function measureTree($: CheerioAPI): { count: number; depth: number } {
  let count = 0;
  let depth = 0;
  // Iterative walk: a hostile page nesting 100k elements must not overflow the stack.
  const root = $.root()[0];
  const stack: Array<{ node: { children?: unknown[]; type?: string }; d: number }> = [{ node: root as never, d: 0 }];
  while (stack.length) {
    const { node, d } = stack.pop()!;
    for (const child of (node.children ?? []) as Array<{ children?: unknown[]; type?: string }>) {
      if (child.type === 'tag' || child.type === 'script' || child.type === 'style') {
        count++;
        if (d + 1 > depth) depth = d + 1;
        stack.push({ node: child, d: d + 1 });
      }
    }
  }
  return { count, depth };
}

/** JSON-LD objects (including @graph members and nested items) with their types. */
function collectSchemaItems(blocks: JsonLdBlock[]): SchemaItem[] {
  const items: SchemaItem[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 8 || items.length > 500) return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const obj = value as Record<string, unknown>;
    const type = obj['@type'];
    const types = (Array.isArray(type) ? type : type ? [type] : [])
      .filter((t): t is string => typeof t === 'string')
      .map((t) => t.replace(/^https?:\/\/schema\.org\//, ''));
    if (types.length) items.push({ types, props: obj });
    for (const [key, v] of Object.entries(obj)) if (key !== '@context' && v && typeof v === 'object') visit(v, depth + 1);
  };
  for (const b of blocks) if (b.data !== null) visit(b.data, 0);
  return items;
}

const DATE_TEXT =
  /\b(?:(?:19|20)\d{2}-\d{2}-\d{2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d{2}|\d{1,2}\/\d{1,2}\/(?:19|20)\d{2})\b/gi;

function collectDates($: CheerioAPI, schema: SchemaItem[]): string[] {
  const dates: string[] = [];
  $('time').each((_, el) => {
    const v = $(el).attr('datetime') ?? $(el).text();
    if (v.trim()) dates.push(v.trim());
  });
  for (const key of ['article:published_time', 'article:modified_time', 'og:updated_time']) {
    const v = $(`meta[property="${key}"]`).attr('content');
    if (v) dates.push(v.trim());
  }
  for (const item of schema) {
    for (const key of ['datePublished', 'dateModified']) {
      const v = item.props[key];
      if (typeof v === 'string') dates.push(v);
    }
  }
  return dates.slice(0, 50);
}

/** Date-like strings in visible text (the body text is passed, not the markup). */
export function datesInText(text: string): string[] {
  return (text.slice(0, 200_000).match(DATE_TEXT) ?? []).slice(0, 50);
}

const CSS_LENGTH = /^\s*\d+(\.\d+)?(px|em|rem|vw|vh|%)?\s*$/;

/** Lighthouse's unsized-images rule, as far as the HTML tells: both dimensions, or an aspect ratio. */
function isSized(width: string | undefined, height: string | undefined, style: string | undefined): boolean {
  const declared = (name: string) => new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`, 'i').exec(style ?? '')?.[1]?.trim();
  if (declared('aspect-ratio')) return true;
  const w = width ?? declared('width');
  const h = height ?? declared('height');
  const explicit = (v: string | undefined) => v !== undefined && CSS_LENGTH.test(v) && !/^\s*auto\s*$/i.test(v);
  return explicit(w) && explicit(h);
}

const DATA_URI = /data:([a-z]+\/[a-z0-9.+-]+)?[^,"'()\s]*,[^"'()\s<>]{1024,}/gi;

function dataUrisOf(html: string): InlineDataUri[] {
  const found: InlineDataUri[] = [];
  for (const m of html.matchAll(DATA_URI)) {
    // base64 carries 3 bytes in 4 characters; percent-encoded text about one per character.
    const base64 = /;base64,/i.test(m[0].slice(0, 80));
    found.push({ mime: m[1]?.toLowerCase() ?? 'text/plain', bytes: Math.round(base64 ? (m[0].length * 3) / 4 : m[0].length) });
  }
  return found.sort((a, b) => b.bytes - a.bytes);
}
