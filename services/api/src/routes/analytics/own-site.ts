// The SEO dashboard's "website analytics": the site's own home page, fetched the way a
// visitor gets it (PUBLIC_URL over the network when set, else in-process) and measured
// with the audit engine's page parser and its website score formulas (packages/audit scores.ts),
// so the dashboard and a report on the same site agree.
import type { RouteApp } from '../../lib/route-app.ts';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { WebsiteAnalytics } from '@curb/contracts/analytics';
import { websiteScores } from '@curb/analytics/dashboards/seo';
import { parsePage } from '@curb/audit/page';
import type { PageSnapshot } from '@curb/audit/snapshot';

const CACHE_MS = 5 * 60_000;
const FETCH_TIMEOUT_MS = 10_000;
const ACCEPT_ENCODING = 'gzip, deflate, br';

interface Fetched {
  url: string;
  html: string;
  status: number;
  contentType: string;
  encoding: string;
  ms: number;
}

async function fetchOverNetwork(publicUrl: string): Promise<Fetched> {
  const url = new URL('/', publicUrl).toString();
  const started = performance.now();
  const res = await fetch(url, {
    headers: { 'accept-encoding': ACCEPT_ENCODING, accept: 'text/html' },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  const html = await res.text();
  return {
    url: res.url || url,
    html,
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    encoding: res.headers.get('content-encoding') ?? '',
    ms: performance.now() - started,
  };
}

async function fetchInProcess(app: RouteApp): Promise<Fetched> {
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': ACCEPT_ENCODING, accept: 'text/html' } });
  const encoding = String(res.headers['content-encoding'] ?? '');
  const decoders: Record<string, (b: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync };
  const decode = decoders[encoding];
  const html = decode ? decode(res.rawPayload).toString('utf8') : res.body;
  return {
    url: 'http://localhost/',
    html,
    status: res.statusCode,
    contentType: String(res.headers['content-type'] ?? ''),
    encoding,
    ms: performance.now() - started,
  };
}

export function measureHomePage(page: Fetched, hasSsl: boolean, now = new Date()): WebsiteAnalytics {
  const snapshot: PageSnapshot = {
    requestedUrl: page.url,
    url: page.url,
    status: page.status,
    chain: [],
    headers: {},
    contentType: page.contentType,
    html: page.html,
    transferBytes: Buffer.byteLength(page.html),
    htmlBytes: Buffer.byteLength(page.html),
    truncated: false,
    ttfbMs: page.ms,
    totalMs: page.ms,
    depth: 0,
  };
  const parsed = parsePage(snapshot);
  const facts = {
    seo: {
      title: parsed.title ?? '',
      description: parsed.description ?? '',
      h1_count: parsed.headings.filter((h) => h.level === 1).length,
      image_alt_missing: parsed.images.filter((i) => i.alt === null).length,
    },
    technical: {
      structured_data_found: parsed.jsonLd.length > 0,
      lang_attribute: Boolean(parsed.lang),
      viewport_meta: Boolean(parsed.viewport),
    },
    performance: {
      load_time_ms: Math.round(page.ms),
      page_size_kb: Math.round((Buffer.byteLength(page.html) / 1024) * 10) / 10,
      compression_enabled: page.encoding !== '' && page.encoding !== 'identity',
      has_ssl: hasSsl,
    },
  };
  return { url: page.url, checkedAt: now.toISOString(), ...facts, scores: websiteScores(facts) };
}

/** Measures the home page at most every five minutes; null when it cannot be fetched. */
export function ownSiteAnalyser(app: RouteApp, publicUrl: string | undefined) {
  let cached: { at: number; value: WebsiteAnalytics | null } | undefined;
  let pending: Promise<WebsiteAnalytics | null> | undefined;
  const measure = async (): Promise<WebsiteAnalytics | null> => {
    try {
      const page = publicUrl ? await fetchOverNetwork(publicUrl) : await fetchInProcess(app);
      if (page.status >= 400 || !page.html) return null;
      return measureHomePage(page, new URL(page.url).protocol === 'https:');
    } catch (err) {
      app.log.warn({ err }, 'could not measure the home page');
      return null;
    }
  };
  return async (): Promise<WebsiteAnalytics | null> => {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
    pending ??= measure().then((value) => {
      cached = { at: Date.now(), value };
      pending = undefined;
      return value;
    });
    return pending;
  };
}
