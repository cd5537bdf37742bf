// Small readers of a parsed document that parsePage uses: text, addresses, dates, sizes.
// Everything they read comes from the audited site: treat as text.
import type { CheerioAPI } from 'cheerio';
import type { InlineDataUri, JsonLdBlock, SchemaItem } from './page-model.ts';

type DomNode = { type?: string; name?: string; attribs?: Record<string, string>; children?: DomNode[] };

/** Alt text of the first image inside an element (a direct walk: selector engines are slow per link). */
export function firstImageAlt(el: unknown): string | null {
  const stack = [...((el as DomNode).children ?? [])];
  while (stack.length) {
    const node = stack.shift()!;
    if (node.type === 'tag' && node.name === 'img' && node.attribs?.alt !== undefined) return node.attribs.alt!;
    if (node.children) stack.unshift(...node.children);
  }
  return null;
}

const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);

/** Text a visitor reads: a direct walk (cheerio's find on a large body is quadratic). */
export function visibleText(root: unknown): string {
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

export function resolveBase($: CheerioAPI, pageUrl: string): string {
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

export function measureTree($: CheerioAPI): { count: number; depth: number } {
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
export function collectSchemaItems(blocks: JsonLdBlock[]): SchemaItem[] {
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

const DATE_TEXT = new RegExp(
  String.raw`\b(?:${[
    /(?:19|20)\d{2}-\d{2}-\d{2}/.source,
    /(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d{2}/.source,
    /\d{1,2}\/\d{1,2}\/(?:19|20)\d{2}/.source,
  ].join('|')})\b`,
  'gi',
);

export function collectDates($: CheerioAPI, schema: SchemaItem[]): string[] {
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
export function isSized(width: string | undefined, height: string | undefined, style: string | undefined): boolean {
  const declared = (name: string) => new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`, 'i').exec(style ?? '')?.[1]?.trim();
  if (declared('aspect-ratio')) return true;
  const w = width ?? declared('width');
  const h = height ?? declared('height');
  const explicit = (v: string | undefined) => v !== undefined && CSS_LENGTH.test(v) && !/^\s*auto\s*$/i.test(v);
  return explicit(w) && explicit(h);
}

const DATA_URI = /data:([a-z]+\/[a-z0-9.+-]+)?[^,"'()\s]*,[^"'()\s<>]{1024,}/gi;

export function dataUrisOf(html: string): InlineDataUri[] {
  const found: InlineDataUri[] = [];
  for (const m of html.matchAll(DATA_URI)) {
    // base64 carries 3 bytes in 4 characters; percent-encoded text about one per character.
    const base64 = /;base64,/i.test(m[0].slice(0, 80));
    found.push({ mime: m[1]?.toLowerCase() ?? 'text/plain', bytes: Math.round(base64 ? (m[0].length * 3) / 4 : m[0].length) });
  }
  return found.sort((a, b) => b.bytes - a.bytes);
}
