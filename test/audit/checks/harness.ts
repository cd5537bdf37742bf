// Builds a check context from a small fixture (defaults: the good site) and declares the
// fire / no-fire tests of one category, refusing a category whose checks lack a case.
import { expect, it } from 'vitest';
import type { CheckCategory } from '@curb/contracts/audit';
import { CHECKS } from '@curb/audit/checks/registry';
import type { CheckContext } from '@curb/audit/checks/types';
import { estimateLab } from '@curb/audit/lab/estimate';
import type { LabAudit, LabResult } from '@curb/audit/lab/types';
import type { RedirectHop, TlsFacts } from '@curb/audit/net/guarded-fetch';
import {
  parsed,
  type ExternalLinkStatus,
  type LinkStatus,
  type PageSnapshot,
  type ResourceInfo,
  type SiteSnapshot,
  type TextResource,
} from '@curb/audit/snapshot';
import { GOOD_HEADERS, GOOD_HTML, GOOD_LLMS, GOOD_ROBOTS, GOOD_SITEMAP, GOOD_URL } from './good-site.ts';

export const NOW = new Date('2026-11-15T12:00:00Z');

type Text = string | null | { status: number | null; body?: string; contentType?: string };

export interface Fixture {
  url?: string;
  html?: string;
  /** [from, to] replacements applied to the home HTML; `from` must occur. */
  replace?: Array<[string | RegExp, string]>;
  status?: number;
  headers?: Record<string, string | undefined>;
  chain?: RedirectHop[];
  ttfbMs?: number;
  htmlBytes?: number;
  transferBytes?: number;
  truncated?: boolean;
  pages?: Array<{ url: string; html: string; depth?: number; status?: number; chain?: RedirectHop[]; requestedUrl?: string }>;
  robots?: Text;
  sitemap?: Text;
  llms?: Text;
  tls?: Partial<TlsFacts> | null;
  httpVariant?: SiteSnapshot['httpVariant'];
  hostVariant?: SiteSnapshot['hostVariant'];
  resources?: ResourceInfo[];
  links?: LinkStatus[];
  redirects?: SiteSnapshot['redirects'];
  sitemapStatuses?: LinkStatus[];
  targets?: SiteSnapshot['targets'];
  /** Outbound links and their answers; defaults to every outbound link of the pages answering 200. */
  external?: ExternalLinkStatus[];
  /** Defaults to true when inner pages are given (the crawl found nothing more), false for the home page alone. */
  crawlComplete?: boolean;
  favicon?: SiteSnapshot['favicon'];
  lab?: LabResult;
}

export const GOOD_RESOURCES: ResourceInfo[] = [
  {
    url: 'https://janesmithrealty.com/styles.css',
    kind: 'stylesheet',
    status: 200,
    bytes: 18_000,
    contentType: 'text/css',
    headers: { 'content-type': 'text/css', 'content-encoding': 'gzip', 'cache-control': 'public, max-age=31536000' },
  },
  {
    url: 'https://jane.idxbroker.com/idx/widgets/12345',
    kind: 'script',
    status: 200,
    bytes: 40_000,
    contentType: 'application/javascript',
    headers: { 'content-type': 'application/javascript', 'content-encoding': 'br', 'cache-control': 'public, max-age=86400' },
  },
  {
    url: 'https://janesmithrealty.com/logo.png',
    kind: 'image',
    status: 200,
    bytes: 12_000,
    contentType: 'image/png',
    headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000' },
  },
  {
    url: 'https://janesmithrealty.com/img/oak-street.jpg',
    kind: 'image',
    status: 200,
    bytes: 95_000,
    contentType: 'image/jpeg',
    headers: { 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=31536000' },
  },
];

export const GOOD_TLS: TlsFacts = {
  protocol: 'TLSv1.3',
  cipher: 'TLS_AES_128_GCM_SHA256',
  authorized: true,
  authorizationError: null,
  issuer: "Let's Encrypt",
  subject: 'janesmithrealty.com',
  validFrom: 'Oct  1 00:00:00 2026 GMT',
  validTo: 'Dec 30 00:00:00 2026 GMT',
};

function text(url: string, value: Text | undefined, fallback: string, contentType = 'text/plain'): TextResource {
  const v = value === undefined ? fallback : value;
  if (v === null) return { url, status: 404, contentType: 'text/html', headers: {}, body: null, error: null };
  if (typeof v === 'string') return { url, status: 200, contentType, headers: { 'content-type': contentType }, body: v, error: null };
  const ok = v.status !== null && v.status >= 200 && v.status < 300;
  return {
    url,
    status: v.status,
    contentType: v.contentType ?? contentType,
    headers: {},
    body: ok ? (v.body ?? '') : null,
    error: v.status === null ? 'unreachable' : null,
  };
}

function pageSnapshot(
  p: { url: string; html: string; depth?: number; status?: number; chain?: RedirectHop[]; requestedUrl?: string },
  extra: Partial<PageSnapshot> = {},
): PageSnapshot {
  return {
    requestedUrl: p.requestedUrl ?? p.url,
    url: p.url,
    status: p.status ?? 200,
    chain: p.chain ?? [],
    headers: GOOD_HEADERS,
    contentType: 'text/html',
    html: p.html,
    transferBytes: Math.round(Buffer.byteLength(p.html) / 4),
    htmlBytes: Buffer.byteLength(p.html),
    truncated: false,
    ttfbMs: 180,
    totalMs: 240,
    depth: p.depth ?? 1,
    ...extra,
  };
}

export function snapshotOf(f: Fixture = {}): SiteSnapshot {
  const url = f.url ?? GOOD_URL;
  let html = f.html ?? GOOD_HTML;
  for (const [from, to] of f.replace ?? []) {
    const next = html.replace(from, to);
    if (next === html && !(typeof from === 'string' && from === to))
      throw new Error(`Fixture replacement not found: ${String(from).slice(0, 80)}`);
    html = next;
  }
  const headers = Object.fromEntries(
    Object.entries({ ...GOOD_HEADERS, ...f.headers }).filter((e): e is [string, string] => e[1] !== undefined),
  );
  const home = pageSnapshot(
    { url, html, depth: 0, status: f.status, chain: f.chain, requestedUrl: f.chain?.[0]?.url },
    {
      headers,
      ...(f.ttfbMs !== undefined ? { ttfbMs: f.ttfbMs } : {}),
      ...(f.htmlBytes !== undefined ? { htmlBytes: f.htmlBytes } : {}),
      ...(f.transferBytes !== undefined ? { transferBytes: f.transferBytes } : {}),
      ...(f.truncated ? { truncated: true } : {}),
    },
  );
  const origin = new URL(url).origin;
  const sitemap = text(`${origin}/sitemap.xml`, f.sitemap, GOOD_SITEMAP, 'application/xml');
  const robots = text(`${origin}/robots.txt`, f.robots, GOOD_ROBOTS);
  const sitemapUrls = sitemap.body ? [...sitemap.body.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => m[1]!) : [];
  const pages = [home, ...(f.pages ?? []).map((p) => pageSnapshot(p))];
  const defaultLinks: LinkStatus[] = [
    ...new Set(
      pages.flatMap((p) =>
        parsed(p)
          .links.filter((l) => l.internal && l.url)
          .map((l) => l.url!),
      ),
    ),
  ].map((u) => ({ url: u, status: 200, error: null, from: url }));
  const defaultExternal: ExternalLinkStatus[] = [
    ...new Map(
      pages.flatMap((p) =>
        parsed(p)
          .links.filter((l) => !l.internal && l.url)
          .map((l) => [l.url!, p.url] as const),
      ),
    ),
  ].map(([u, from]) => ({ url: u, from, status: 200, redirectedTo: null, failure: null, notChecked: false }));
  return {
    inputUrl: url,
    home,
    pages,
    discoveredUrls: 0,
    crawlComplete: f.crawlComplete ?? pages.length > 1,
    tls: url.startsWith('https:') ? (f.tls === null ? null : { ...GOOD_TLS, ...f.tls }) : null,
    httpVariant:
      f.httpVariant !== undefined
        ? f.httpVariant
        : url.startsWith('https:')
          ? { status: 301, location: url, redirectsToHttps: true, error: null }
          : null,
    hostVariant: f.hostVariant !== undefined ? f.hostVariant : { url: `https://www.${new URL(url).host}/`, status: 301, location: url },
    robots,
    sitemap: {
      ...sitemap,
      source: robots.body && /^sitemap:/im.test(robots.body) ? 'robots.txt' : 'default',
      urls: sitemapUrls,
      pageUrls: sitemapUrls,
      pageUrlsComplete: true,
    },
    llmsTxt: text(`${origin}/llms.txt`, f.llms, GOOD_LLMS),
    favicon: f.favicon !== undefined ? f.favicon : { url: `${origin}/favicon.ico`, status: 200 },
    resources: f.resources ?? GOOD_RESOURCES,
    links: f.links ?? defaultLinks,
    redirects: f.redirects ?? [],
    sitemapStatuses: f.sitemapStatuses ?? sitemapUrls.map((u) => ({ url: u, status: 200, error: null, from: 'sitemap' })),
    targets: f.targets ?? [],
    external: f.external ?? defaultExternal,
    fetchMs: 300,
  };
}

export function contextOf(f: Fixture = {}): CheckContext {
  const site = snapshotOf(f);
  const home = parsed(site.home);
  return { site, home, pages: site.pages.map(parsed), lab: f.lab ?? estimateLab(site, home), now: NOW };
}

/**
 * A Lighthouse lab result (of the good site's estimates) whose mobile run failed the given
 * audits; with none, Lighthouse ran and the page passed every audit.
 */
export function labWith(...failed: Array<Partial<LabAudit> & { id: string }>): LabResult {
  const site = snapshotOf();
  const est = estimateLab(site, parsed(site.home));
  const audits = failed.map((a) => ({ title: a.id, score: 0, displayValue: null, items: [], itemCount: a.items?.length ?? 0, ...a }));
  return { ...est, lighthouse: true, mobile: { ...est.mobile, audits }, desktop: { ...est.desktop, audits: [] } };
}

export interface CheckCase {
  fires: Fixture;
  /** Defaults to the good site. */
  passes?: Fixture;
}

/**
 * One test per check of the category: it fires on `fires` and stays silent on `passes`. Call
 * it inside the test file's own describe (the test list finds suites in the file itself).
 */
export function checkCategory(category: CheckCategory, cases: Record<string, CheckCase>): void {
  const checks = CHECKS.filter((c) => c.category === category);
  it('every check of the category has a fixture case', () => {
    expect(Object.keys(cases).sort()).toEqual(checks.map((c) => c.id).sort());
  });
  for (const check of checks) {
    const c = cases[check.id];
    if (!c) continue;
    it(`${check.id} fires on its fixture and not on a passing one`, () => {
      const fired = check.run(contextOf(c.fires));
      expect(fired, `${check.id} should fire`).toBeTruthy();
      const detail = typeof fired === 'string' ? fired : (fired as { detail: string }).detail;
      expect(detail.length).toBeGreaterThan(5);
      expect(check.run(contextOf(c.passes ?? {})) || null, `${check.id} should not fire`).toBeNull();
    });
  }
}
