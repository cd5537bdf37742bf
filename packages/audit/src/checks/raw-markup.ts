// The document's skeleton as the site wrote it: <html>, <head> and <body> missing, doubled, out
// of order, or a head that an early element closes. The HTML parser silently repairs all of
// these (which is why the parsed page cannot tell), while search engines may drop whatever the
// repair moved: a canonical or description that ends up in the body is ignored. So the raw
// markup is scanned, the way a browser tokenizes it with scripting on.
import type { ParsedPage } from '../page.ts';
import { memo, onPages, quote, type Check, type CheckContext } from './types.ts';

/** Elements whose content is text to the tokenizer (scripting on), or inert (template): tags inside are not the page's. */
const RAW_TEXT = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'noscript',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'plaintext',
  'template',
]);
/** What may stand in the head; anything else, or visible text, ends it and opens the body. */
const HEAD_CONTENT = new Set(['title', 'meta', 'link', 'style', 'script', 'noscript', 'base', 'template']);
/** Head tags a search engine reads only in the head: pushed into the body, they are ignored. */
const HEAD_ONLY_NAMES: Record<string, string> = { title: 'the title', meta: 'a meta tag', link: 'a link tag', base: 'the base address' };

interface Tag {
  name: string;
  end: boolean;
  /** The tag as written (shortened), for the evidence. */
  source: string;
  line: number;
  index: number;
}

export interface MarkupShape {
  htmlStarts: Tag[];
  headStarts: Tag[];
  bodyStarts: Tag[];
  /** The first element (or text) inside <html> before its <head>, when something precedes it. */
  beforeHead: string | null;
  /** The element or text inside the written <head> that closes it early, with the head tags it pushes out. */
  headBreaker: { what: string; line: number; pushedOut: string[] } | null;
}

type Token =
  | { kind: 'text'; text: string; index: number }
  | { kind: 'tag'; name: string; end: boolean; attrs: string; source: string; index: number };

/** Where the tag that starts at `from` (after its name) ends: after its ">", or -1 at the end of the document. */
function tagEnd(html: string, from: number): number {
  for (let j = from; j < html.length; j++) {
    const c = html[j];
    if (c === '>') return j + 1;
    // A quote opens a value only after "=": then a ">" inside it does not end the tag.
    if ((c === '"' || c === "'") && /=\s*$/.test(html.slice(Math.max(from, j - 8), j))) {
      const close = html.indexOf(c, j + 1);
      if (close < 0) return -1;
      j = close;
    }
  }
  return -1;
}

/**
 * The markup's tags and the text between them, in one pass that never looks back (a hostile page
 * of unclosed tags or quotes costs its length, not its square). Comments, doctype and
 * processing instructions are skipped; the content of raw-text elements is skipped as a whole.
 */
function* tokens(html: string): Generator<Token> {
  const lower = html.toLowerCase();
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    const textEnd = lt < 0 ? html.length : lt;
    if (textEnd > i) yield { kind: 'text', text: html.slice(i, textEnd), index: i };
    if (lt < 0) return;
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    const next = html[lt + 1];
    if (next === '!' || next === '?') {
      const close = html.indexOf('>', lt);
      i = close < 0 ? html.length : close + 1;
      continue;
    }
    const m = /^<(\/?)([a-zA-Z][\w:-]*)/.exec(html.slice(lt, lt + 64));
    if (!m) {
      // A "<" that starts no tag is text ("3 < 4").
      yield { kind: 'text', text: '<', index: lt };
      i = lt + 1;
      continue;
    }
    const after = tagEnd(html, lt + m[0].length);
    if (after < 0) return;
    const name = m[2]!.toLowerCase();
    const end = m[1] === '/';
    const raw = html.slice(lt, after);
    yield {
      kind: 'tag',
      name,
      end,
      attrs: html.slice(lt + m[0].length, after - 1),
      source: raw.length > 60 ? `${raw.slice(0, 59)}…>` : raw,
      index: lt,
    };
    i = after;
    if (!end && RAW_TEXT.has(name)) {
      // Its content is text, not markup: go on after its end tag.
      const close = lower.indexOf(`</${name}`, i);
      if (close < 0) return;
      const closeEnd = html.indexOf('>', close);
      i = closeEnd < 0 ? html.length : closeEnd + 1;
    }
  }
}

function lineAt(html: string, index: number, cache: { index: number; line: number }): number {
  for (let i = cache.index; i < index; i++) if (html.charCodeAt(i) === 10) cache.line++;
  cache.index = index;
  return cache.line;
}

/** Tokenizes the raw markup once: the structural tags and what sits between <html>, <head> and </head>. */
export function markupShape(html: string): MarkupShape {
  const shape: MarkupShape = { htmlStarts: [], headStarts: [], bodyStarts: [], beforeHead: null, headBreaker: null };
  const lines = { index: 0, line: 1 };
  // Where the scan is: before <html>, inside <html> before <head>, inside the written head, after it.
  let state: 'start' | 'html' | 'head' | 'after' = 'start';
  for (const t of tokens(html)) {
    if (t.kind === 'text') {
      if ((state !== 'html' && state !== 'head') || !/[^\s]/.test(t.text.replace(/&nbsp;/g, 'x'))) continue;
      const text = `the text ${quote(t.text.trim(), 30)}`;
      if (state === 'html' && shape.beforeHead === null) shape.beforeHead = text;
      if (state === 'head' && !shape.headBreaker) {
        shape.headBreaker = { what: text, line: lineAt(html, t.index + t.text.search(/\S/), lines), pushedOut: [] };
      }
      continue;
    }
    const { name, end } = t;
    const tag: Tag = { name, end, source: t.source, line: 0, index: t.index };
    if (!end && (name === 'html' || name === 'head' || name === 'body')) {
      tag.line = lineAt(html, t.index, lines);
      (name === 'html' ? shape.htmlStarts : name === 'head' ? shape.headStarts : shape.bodyStarts).push(tag);
    }
    if (state === 'start' && !end && name === 'html') state = 'html';
    else if ((state === 'start' || state === 'html') && !end && name === 'head') state = 'head';
    // A script or meta before <head> opens the head early, which is harmless; anything else opens the body.
    else if (state === 'html' && shape.beforeHead === null && !end && !HEAD_CONTENT.has(name)) shape.beforeHead = tag.source;
    else if (state === 'head') {
      if (end && name === 'head') state = 'after';
      else if (!end && name === 'body') state = 'after';
      else if (shape.headBreaker) {
        if (!end && name in HEAD_ONLY_NAMES && !/rel=["']?stylesheet/i.test(t.attrs)) shape.headBreaker.pushedOut.push(name);
      } else if (!end && !HEAD_CONTENT.has(name)) {
        shape.headBreaker = { what: tag.source, line: lineAt(html, t.index, lines), pushedOut: [] };
      }
    }
  }
  return shape;
}

const shapeOf = (ctx: CheckContext, p: ParsedPage) => memo(ctx, `markup:${p.url}`, () => markupShape(p.snapshot.html));

/** A page with no markup to judge (an error page with an empty body). */
const hasMarkup = (p: ParsedPage) => /<[a-z!]/i.test(p.snapshot.html);

const at = (t: Tag) => `${t.source} on line ${t.line}`;

function pushedOutText(names: string[]): string {
  const unique = [...new Set(names)].map((n) => HEAD_ONLY_NAMES[n]!);
  return unique.length
    ? `: ${unique.join(', ')} after it ${unique.length === 1 && names.length === 1 ? 'is' : 'are'} read as page content`
    : '';
}

/** One raw-markup rule: a check per Screaming Frog validation issue, all from the same scan. */
function rule(
  id: string,
  severity: Check['severity'],
  title: string,
  description: string,
  fix: string,
  test: (s: MarkupShape) => string | null,
): Check {
  return {
    id,
    category: 'on-page',
    severity,
    title,
    description,
    fix,
    run: (ctx) => onPages(ctx, (p) => hasMarkup(p) && test(shapeOf(ctx, p))),
  };
}

const THEME_FIX = 'Correct the page template (theme header file) or the HTML block that adds it, and re-check the page source.';

export const rawMarkupChecks: Check[] = [
  rule(
    'onpage.markup-head-missing',
    'Notice',
    'No <head> tag in the markup',
    'Without a written <head>, the browser guesses where the head ends; one stray element before the title or canonical moves them ' +
      'into the body, where search engines ignore them.',
    THEME_FIX,
    (s) => (s.headStarts.length === 0 ? 'The markup has no <head> tag.' : null),
  ),
  rule(
    'onpage.markup-body-missing',
    'Notice',
    'No <body> tag in the markup',
    'Without a written <body>, where the page content starts is left to the browser’s repair, and tools that read the markup differ.',
    THEME_FIX,
    (s) => (s.bodyStarts.length === 0 ? 'The markup has no <body> tag.' : null),
  ),
  rule(
    'onpage.markup-head-multiple',
    'Warning',
    'Several <head> tags',
    'A second <head> (usually a whole page pasted into an HTML block) is dropped by the browser: its title, description and ' +
      'canonical are ignored or read as body content.',
    'Remove the extra <head>: keep the page’s own head tags in the SEO settings, and paste only the body part of embed code.',
    (s) => (s.headStarts.length > 1 ? `The markup has ${s.headStarts.length} <head> tags, the second is ${at(s.headStarts[1]!)}.` : null),
  ),
  rule(
    'onpage.markup-body-multiple',
    'Warning',
    'Several <body> tags',
    'A second <body> (a full page pasted into a widget or a plugin template) is merged by the browser; its attributes and the ' +
      'head tags around it end up in the wrong place.',
    'Remove the extra <body>: paste only the content part of embed code into page-builder blocks.',
    (s) => (s.bodyStarts.length > 1 ? `The markup has ${s.bodyStarts.length} <body> tags, the second is ${at(s.bodyStarts[1]!)}.` : null),
  ),
  rule(
    'onpage.markup-body-before-html',
    'Warning',
    '<body> before <html>',
    'A <body> tag written before <html> means the document was stitched together in the wrong order; everything that follows ' +
      'is repaired by guesswork, head tags included.',
    THEME_FIX,
    (s) => {
      const body = s.bodyStarts[0];
      const html = s.htmlStarts[0];
      return body && html && body.index < html.index ? `${at(body)} comes before ${at(html)}.` : null;
    },
  ),
  rule(
    'onpage.markup-head-not-first',
    'Warning',
    '<head> is not the first element in <html>',
    'Content before the <head> opens the body early: the title, description and canonical that follow are read as body content ' +
      'and ignored by search engines.',
    'Move whatever stands between <html> and <head> (often a tracking snippet or banner) into the head or the body.',
    (s) => (s.beforeHead && s.headStarts.length > 0 ? `${s.beforeHead} stands between <html> and <head>.` : null),
  ),
  rule(
    'onpage.markup-head-closed-early',
    'Warning',
    'An element ends the <head> early',
    'An element that does not belong in the head (an image, a div, visible text) closes it; every head tag after it lands in the ' +
      'body, where search engines ignore canonical, robots, hreflang and description tags.',
    'Move the element into the body (tracking pixels go in their <noscript> tag or after <body>), or put the SEO tags before it.',
    (s) =>
      s.headBreaker
        ? `${s.headBreaker.what} on line ${s.headBreaker.line} ends the <head>${pushedOutText(s.headBreaker.pushedOut)}.`
        : null,
  ),
];
