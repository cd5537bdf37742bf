// The plain facts the checks read about one page (what parsePage in page.ts produces).
import type { CheerioAPI } from 'cheerio';
import type { RedirectHop } from './net/guarded-fetch.ts';

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
  /** rel="next" / rel="prev" links of a paginated series. */
  pagination: { rel: 'next' | 'prev'; href: string; url: string | null }[];
  /** The address of the page's AMP version (link rel="amphtml"). */
  amphtml: string | null;
  /** The page is itself an AMP page (<html amp> or <html ⚡>). */
  isAmp: boolean;
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

/** One page as fetched: where it led, how it answered, its markup (snapshot.ts fetches it). */
export interface PageSnapshot {
  requestedUrl: string;
  /** After redirects. */
  url: string;
  status: number;
  chain: RedirectHop[];
  headers: Record<string, string>;
  contentType: string;
  html: string;
  transferBytes: number;
  htmlBytes: number;
  truncated: boolean;
  ttfbMs: number;
  totalMs: number;
  /** Clicks from the home page. */
  depth: number;
}
