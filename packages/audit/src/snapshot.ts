// Everything an audit knows about a site, fetched once through the guarded fetcher: the home
// page (and for the advanced audit up to N internal pages, breadth-first), robots.txt, the
// sitemap, llms.txt, the http:// variant, a sample of subresources and internal links.
import robotsParser from 'robots-parser';
import { FetchError, GuardedFetcher, USER_AGENT, type FetchedResponse, type FetchPolicy, type TlsFacts } from './net/guarded-fetch.ts';
import { ExternalLinkChecker, type ExternalLinkOptions, type ExternalLinkStatus } from './external-links.ts';
import { parsePage, type ParsedPage } from './page.ts';
import type { PageSnapshot } from './page-model.ts';

export type { PageSnapshot, ExternalLinkStatus };
import { parseWebsite, sameSite } from './url.ts';
import pMap from 'p-map';
import { sitemapLocs } from './sitemap.ts';

export interface TextResource {
  url: string;
  /** null when no response arrived (see error). */
  status: number | null;
  contentType: string;
  headers: Record<string, string>;
  /** Body when the status was 2xx and the type textual. */
  body: string | null;
  error: string | null;
  /** No answer within the time allowed: what it holds was not learned, rather than absent. */
  timedOut?: boolean;
}

export interface ResourceInfo {
  url: string;
  kind: 'image' | 'script' | 'stylesheet';
  status: number | null;
  bytes: number | null;
  contentType: string;
  headers: Record<string, string>;
}

export interface LinkStatus {
  url: string;
  status: number | null;
  error: string | null;
  /** Page the link was found on. */
  from: string;
}

/** An internal address that redirects: how many hops, or a loop (no page at the end). */
export interface RedirectTrace {
  url: string;
  /** The crawled page that links to it. */
  from: string;
  hops: number;
  /** Where the redirects end; null for a loop or too many redirects. */
  finalUrl: string | null;
  loop: boolean;
  /** Each hop's status (301, 302...), when the redirects were followed to the end. */
  statuses?: number[];
}

/**
 * Where a crawled page's canonical or hreflang link leads, when that address is not itself a
 * crawled page: what it answers without following redirects (the crawl's own answer when it
 * requested it already).
 */
export interface TargetStatus {
  url: string;
  /** null when no answer came (see error). */
  status: number | null;
  /** The Location of a redirect. */
  location: string | null;
  error: string | null;
  /** The page itself when it answered 200 with HTML (its robots rules and canonical tell whether it can be indexed). */
  page?: PageSnapshot;
}

export interface SiteSnapshot {
  inputUrl: string;
  home: PageSnapshot;
  /** Crawled pages, the home page first. */
  pages: PageSnapshot[];
  /** Internal pages found but not crawled (limit reached). */
  discoveredUrls: number;
  /**
   * Every internal page the links lead to was requested (no page limit or deadline cut the
   * crawl): what no crawled page links to is linked from nowhere. Always false for the one-page
   * free audit.
   */
  crawlComplete: boolean;
  tls: TlsFacts | null;
  /** What http://host/ answers when the site is on https (null when the site itself is http). */
  httpVariant: { status: number | null; location: string | null; redirectsToHttps: boolean; error: string | null } | null;
  /**
   * What the other host of the site answers at / (www.example.com when the site is example.com,
   * and the reverse), without following redirects; null for an IP address or a host that does
   * not resolve.
   */
  hostVariant: { url: string; status: number; location: string | null } | null;
  robots: TextResource;
  sitemap: TextResource & {
    source: 'robots.txt' | 'default';
    /** The <loc> entries of the sitemap itself (child sitemaps when it is an index). */
    urls: string[];
    /** The pages it lists: its own entries, or those of the first child sitemaps of an index. */
    pageUrls: string[];
    /** Every page the sitemap lists is in pageUrls (false when an index has more children than were read). */
    pageUrlsComplete: boolean;
  };
  llmsTxt: TextResource;
  favicon: { url: string; status: number | null } | null;
  resources: ResourceInfo[];
  links: LinkStatus[];
  /** Internal addresses met while crawling or checking links that redirect (the home page's own chain is `home.chain`). */
  redirects: RedirectTrace[];
  /** Sitemap addresses and their status, not following redirects (a sample of at most `sitemapCheckLimit`). */
  sitemapStatuses: LinkStatus[];
  /** Canonical, hreflang, rel=next/prev and AMP targets that are not crawled pages (at most `targetCheckLimit` asked). */
  targets: TargetStatus[];
  /** Outbound links of the crawled pages and what they answered; absent when they were not checked. */
  external?: ExternalLinkStatus[];
  fetchMs: number;
}

export interface FetchSiteOptions {
  policy?: Partial<FetchPolicy>;
  /** Told the address the home page was requested at as soon as it answered (the crawl goes on). */
  onHome?: (requestedUrl: string) => void;
  /** Pages to crawl including the home page (1 = the home page only). */
  maxPages?: number;
  /** Internal links whose status is checked. */
  linkCheckLimit?: number;
  /** Images, scripts and stylesheets whose size and headers are checked. */
  resourceLimit?: number;
  concurrency?: number;
  /** Crawling stops starting new pages after this many ms. */
  crawlBudgetMs?: number;
  /** Canonical, hreflang, rel=next/prev and AMP targets outside the crawl asked for their status (default 10). */
  targetCheckLimit?: number;
  /** Sitemap addresses checked for a 200 answer (0: none, as in the one-page free audit). */
  sitemapCheckLimit?: number;
  /** Outbound links asked whether they still lead somewhere (false: none asked). */
  externalLinks?: ExternalLinkOptions | false;
}

/** The site answered, but not with a web page (a file, an image...). */
export class NotAWebPageError extends FetchError {
  constructor(message: string) {
    super('invalid-url', message);
  }
}

const HTML_TYPES = ['text/html', 'application/xhtml+xml'];
const TEXT_TYPES = ['text/', 'application/xml', 'application/json', 'application/octet-stream'];
const NOT_PAGES = new RegExp(
  String.raw`\.(?:${[
    /jpe?g|png|gif|webp|avif|svg|ico|pdf|zip|gz|rar|7z|mp3|mp4|mov|avi|webm|wav/.source,
    /docx?|xlsx?|pptx?|css|js|json|xml|txt|woff2?|ttf|eot|exe|dmg|apk/.source,
  ].join('|')})$`,
  'i',
);
const MAX_SITEMAP_URLS = 50_000;
/** Child sitemaps of a sitemap index read for the pages they list (WordPress SEO plugins publish an index). */
const CHILD_SITEMAPS = 3;
/** Internal links whose status the free audit asks (those of pages it crawled need no asking). */
export const DEFAULT_LINK_CHECK_LIMIT = 15;

export async function fetchSite(input: string, options: FetchSiteOptions = {}): Promise<SiteSnapshot> {
  const started = performance.now();
  const url = parseWebsite(input);
  if (!url) throw new FetchError('invalid-url', 'Please enter a valid website URL.');
  const fetcher = new GuardedFetcher(options.policy);
  try {
    const home = toPageSnapshot(await fetchHome(fetcher, url), 0);
    options.onHome?.(home.requestedUrl);
    const homeUrl = new URL(home.url);
    const origin = homeUrl.origin;
    // Outbound links are asked while the crawl goes on, each page's as it arrives.
    const external = options.externalLinks === false ? null : new ExternalLinkChecker(fetcher, options.externalLinks);
    external?.add(parsed(home));

    const [robots, llmsTxt, httpVariant, hostVariant, pages] = await Promise.all([
      fetchText(fetcher, `${origin}/robots.txt`),
      fetchText(fetcher, `${origin}/llms.txt`),
      homeUrl.protocol === 'https:' ? checkHttpVariant(fetcher, homeUrl) : Promise.resolve(null),
      checkHostVariant(fetcher, homeUrl),
      crawl(fetcher, home, options, (page) => external?.add(parsed(page))),
    ]);
    const sitemapUrls = robots.body ? robotsParser(robots.url, robots.body).getSitemaps() : [];
    const sitemapUrl = sitemapUrls.map((u) => absolute(u, origin)).find((u): u is string => u !== null) ?? `${origin}/sitemap.xml`;
    const homeParsed = parsed(home);

    const faviconHref = homeParsed.icons.find((i) => i.url)?.url ?? `${origin}/favicon.ico`;
    const sitemapChecked = fetchText(fetcher, sitemapUrl).then(async (res) => {
      const urls = res.body ? sitemapLocs(res.body, MAX_SITEMAP_URLS) : [];
      const [pageList, statuses] = await Promise.all([
        sitemapPages(fetcher, res, urls, origin),
        checkSitemapUrls(fetcher, urls, origin, options.sitemapCheckLimit ?? 0, options.concurrency ?? 6),
      ]);
      return { res, urls, pageList, statuses };
    });
    const [sitemapDone, favicon, resources, links, targets, externalLinks] = await Promise.all([
      sitemapChecked,
      fetcher
        .fetch(faviconHref, { method: 'HEAD', timeoutMs: 5000 })
        .then((r) => ({ url: faviconHref, status: r.status }))
        .catch(() => ({ url: faviconHref, status: null })),
      checkResources(fetcher, homeParsed, options.resourceLimit ?? 12, options.concurrency ?? 6),
      checkLinks(fetcher, pages, options.linkCheckLimit ?? DEFAULT_LINK_CHECK_LIMIT, options.concurrency ?? 6),
      checkTargets(fetcher, pages, options.targetCheckLimit ?? 10, options.concurrency ?? 6),
      external?.finish(),
    ]);
    const { res: sitemapRes, urls: sitemapUrlList, pageList, statuses: sitemapStatuses } = sitemapDone;

    return {
      inputUrl: input,
      home,
      pages: pages.pages,
      discoveredUrls: pages.discovered,
      crawlComplete: pages.complete,
      tls: home.url.startsWith('https:') ? fetcher.tlsFor(homeUrl.hostname) : null,
      httpVariant,
      hostVariant,
      robots,
      sitemap: {
        ...sitemapRes,
        source: sitemapUrls.length ? 'robots.txt' : 'default',
        urls: sitemapUrlList,
        pageUrls: pageList.urls,
        pageUrlsComplete: pageList.complete,
      },
      llmsTxt,
      favicon,
      resources,
      links: links.statuses,
      redirects: firstPerAddress([...pages.redirects, ...links.redirects]),
      sitemapStatuses,
      targets,
      ...(externalLinks ? { external: externalLinks } : {}),
      fetchMs: Math.round(performance.now() - started),
    };
  } finally {
    await fetcher.close();
  }
}

const parsedPages = new WeakMap<PageSnapshot, ParsedPage>();

/** The parsed form of a snapshot page, parsed once. */
export function parsed(page: PageSnapshot): ParsedPage {
  let p = parsedPages.get(page);
  if (!p) {
    p = parsePage(page);
    parsedPages.set(page, p);
  }
  return p;
}

function toPageSnapshot(res: FetchedResponse, depth: number): PageSnapshot {
  // An error status with a plain-text body is still the site's answer: audited as an empty page.
  if (res.refusedContentType && res.status >= 400) return { ...emptyPage(res), depth };
  if (res.refusedContentType) {
    throw new NotAWebPageError(`${res.finalUrl} returns a ${res.contentType || 'non-HTML'} file, not a web page.`);
  }
  const body = res.body ?? Buffer.alloc(0);
  if (looksBinary(body)) throw new NotAWebPageError(`${res.finalUrl} returns binary data, not a web page.`);
  return {
    ...emptyPage(res),
    html: decodeText(body, res.headers['content-type']),
    htmlBytes: body.length,
    truncated: res.truncated,
    depth,
  };
}

/** The response's facts without a body (an error status with a non-HTML body is audited as an empty page). */
function emptyPage(res: FetchedResponse): Omit<PageSnapshot, 'depth'> {
  return {
    requestedUrl: res.requestedUrl,
    url: res.finalUrl,
    status: res.status,
    chain: res.chain,
    headers: res.headers,
    contentType: res.contentType,
    html: '',
    transferBytes: res.transferBytes,
    htmlBytes: 0,
    truncated: false,
    ttfbMs: res.ttfbMs,
    totalMs: res.totalMs,
  };
}

/**
 * The home page. A site with no working HTTPS (no TLS on port 443, nothing listening there) is
 * fetched over http://, as a browser falls back to it when a visitor types the bare domain: the
 * audit then reports the missing HTTPS rather than failing.
 */
async function fetchHome(fetcher: GuardedFetcher, url: URL): Promise<FetchedResponse> {
  try {
    return await fetcher.fetch(url.href, { accept: HTML_TYPES });
  } catch (err) {
    const noHttps = err instanceof FetchError && (err.code === 'tls' || err.code === 'connection');
    if (!noHttps || url.protocol !== 'https:') throw err;
    const plain = new URL(url.href);
    plain.protocol = 'http:';
    // When plain HTTP fails too, the first failure is the one to explain.
    return await fetcher.fetch(plain.href, { accept: HTML_TYPES }).catch(() => Promise.reject(err));
  }
}

async function fetchText(fetcher: GuardedFetcher, url: string): Promise<TextResource> {
  try {
    const res = await fetcher.fetch(url, { accept: TEXT_TYPES, timeoutMs: 5000 });
    const ok = res.status >= 200 && res.status < 300 && res.body !== null && !looksBinary(res.body);
    return {
      url: res.finalUrl,
      status: res.status,
      contentType: res.contentType,
      headers: res.headers,
      body: ok ? decodeText(res.body!, res.headers['content-type']).slice(0, 2_000_000) : null,
      error: null,
    };
  } catch (err) {
    const timedOut = err instanceof FetchError && err.code === 'timeout';
    return {
      url,
      status: null,
      contentType: '',
      headers: {},
      body: null,
      error: (err as Error).message,
      ...(timedOut ? { timedOut } : {}),
    };
  }
}

async function checkHttpVariant(fetcher: GuardedFetcher, homeUrl: URL): Promise<SiteSnapshot['httpVariant']> {
  const httpUrl = `http://${homeUrl.host}/`;
  try {
    const res = await fetcher.fetch(httpUrl, { method: 'HEAD', followRedirects: false, timeoutMs: 5000 });
    const location = res.headers.location ?? null;
    const target = location ? absolute(location, httpUrl) : null;
    return {
      status: res.status,
      location,
      redirectsToHttps: res.status >= 300 && res.status < 400 && target?.startsWith('https://') === true,
      error: null,
    };
  } catch (err) {
    return { status: null, location: null, redirectsToHttps: false, error: (err as Error).message };
  }
}

/** The site's other host (with or without www.) at /, not following redirects: one request. */
async function checkHostVariant(fetcher: GuardedFetcher, homeUrl: URL): Promise<SiteSnapshot['hostVariant']> {
  const host = homeUrl.hostname;
  if (!host.includes('.') || /^[\d.]+$|^\[/.test(host)) return null;
  const other = host.startsWith('www.') ? host.slice(4) : `www.${host}`;
  const url = `${homeUrl.protocol}//${other}${homeUrl.port ? `:${homeUrl.port}` : ''}/`;
  try {
    const res = await fetcher.fetch(url, { method: 'HEAD', followRedirects: false, timeoutMs: 5000 });
    return { url, status: res.status, location: res.headers.location ? absolute(res.headers.location, url) : null };
  } catch {
    return null;
  }
}

/** Breadth-first within the site, following links that are not nofollow and look like pages. */
interface CrawlResult {
  pages: PageSnapshot[];
  redirects: RedirectTrace[];
  /** Status of every URL requested while crawling, error pages included. */
  statuses: Map<string, number>;
  discovered: number;
  /** Every internal page found was requested: no limit or deadline cut the crawl short. */
  complete: boolean;
}

async function crawl(
  fetcher: GuardedFetcher,
  home: PageSnapshot,
  options: FetchSiteOptions,
  onPage: (page: PageSnapshot) => void,
): Promise<CrawlResult> {
  const maxPages = Math.max(1, options.maxPages ?? 1);
  const pages: PageSnapshot[] = [home];
  const statuses = new Map<string, number>([
    [stripQuery(home.requestedUrl), home.status],
    [stripQuery(home.url), home.status],
  ]);
  const redirects: RedirectTrace[] = [];
  if (maxPages === 1) return { pages, redirects, statuses, discovered: 0, complete: false };
  const deadline = performance.now() + (options.crawlBudgetMs ?? 15_000);
  const homeUrl = new URL(home.url);
  const seen = new Set<string>([stripQuery(home.url), stripQuery(home.requestedUrl)]);
  const crawledFinal = new Set<string>([stripQuery(home.url)]);
  let frontier: Array<{ url: string; depth: number; from: string }> = [];
  let discovered = 0;
  const enqueue = (page: PageSnapshot) => {
    for (const link of parsed(page).links) {
      if (!link.internal || !link.url || link.rel.includes('nofollow')) continue;
      const key = stripQuery(link.url);
      if (seen.has(key) || NOT_PAGES.test(new URL(link.url).pathname)) continue;
      seen.add(key);
      discovered++;
      frontier.push({ url: link.url, depth: page.depth + 1, from: page.url });
    }
  };
  enqueue(home);
  // Error pages do not fill the quota, so requests are capped too (a page of 10,000 dead links).
  let attempts = maxPages * 2;
  while (frontier.length && pages.length < maxPages && attempts > 0 && performance.now() < deadline) {
    // An address a redirect already led to is a page crawled under its final address.
    frontier = frontier.filter((item) => !crawledFinal.has(stripQuery(item.url)));
    const batch = frontier.slice(0, Math.min(maxPages - pages.length, attempts));
    if (!batch.length) break;
    attempts -= batch.length;
    frontier = frontier.slice(batch.length);
    const results = await pMap(
      batch,
      async (item) => {
        if (performance.now() >= deadline) return null;
        try {
          // Never past the budget: a slow page is cut at the deadline, not waited for.
          const res = await fetcher.fetch(item.url, { accept: HTML_TYPES, timeoutMs: Math.max(1000, deadline - performance.now()) });
          if (res.chain.length)
            redirects.push({
              url: item.url,
              from: item.from,
              hops: res.chain.length,
              finalUrl: res.finalUrl,
              loop: false,
              statuses: res.chain.map((h) => h.status),
            });
          statuses.set(stripQuery(item.url), res.status);
          statuses.set(stripQuery(res.finalUrl), res.status);
          // Error pages count for link statuses but are not audited as pages.
          if (res.refusedContentType || res.status >= 400 || !sameSite(new URL(res.finalUrl), homeUrl)) return null;
          return toPageSnapshot(res, item.depth);
        } catch (err) {
          const endless = redirectFailure(err);
          if (endless) redirects.push({ url: item.url, from: item.from, ...endless });
          return null;
        }
      },
      { concurrency: options.concurrency ?? 4 },
    );
    for (const page of results) {
      // A page reached both directly and through a redirect (or by two addresses that redirect
      // to it) is one page: audited once, under its final address.
      if (!page || crawledFinal.has(stripQuery(page.url))) continue;
      crawledFinal.add(stripQuery(page.url));
      pages.push(page);
      enqueue(page);
      onPage(page);
    }
  }
  return {
    pages,
    redirects,
    statuses,
    discovered: Math.max(0, discovered - (pages.length - 1)),
    complete: frontier.every((item) => crawledFinal.has(stripQuery(item.url))),
  };
}

/** The crawl and the link check may both meet an address: its first trace is kept. */
function firstPerAddress(traces: RedirectTrace[]): RedirectTrace[] {
  const first = new Map<string, RedirectTrace>();
  for (const trace of traces) if (!first.has(stripQuery(trace.url))) first.set(stripQuery(trace.url), trace);
  return [...first.values()];
}

/** A fetch that ended in a redirect loop or too many redirects, as a trace; null for other failures. */
function redirectFailure(err: unknown): Pick<RedirectTrace, 'hops' | 'finalUrl' | 'loop'> | null {
  if (!(err instanceof FetchError) || (err.code !== 'redirect-loop' && err.code !== 'too-many-redirects')) return null;
  const hops = Number(/\((\d+) redirects/.exec(err.message)?.[1] ?? 0);
  return { hops, finalUrl: null, loop: true };
}

/** The pages a sitemap lists: its own entries, or for an index those of its first child sitemaps on the site. */
async function sitemapPages(
  fetcher: GuardedFetcher,
  res: TextResource,
  locs: string[],
  origin: string,
): Promise<{ urls: string[]; complete: boolean }> {
  if (!res.body || !/<(?:\w+:)?sitemapindex[\s>]/i.test(res.body.slice(0, 5000))) return { urls: locs, complete: true };
  const children = locs.filter((u) => absolute(u, origin)?.startsWith(origin));
  const read = await pMap(children.slice(0, CHILD_SITEMAPS), (child) => fetchText(fetcher, child), { concurrency: CHILD_SITEMAPS });
  const urls = read.flatMap((r) => (r.body ? sitemapLocs(r.body, MAX_SITEMAP_URLS) : []));
  return { urls, complete: locs.length <= CHILD_SITEMAPS && read.every((r) => r.body !== null) };
}

/**
 * Canonical, hreflang, rel=next/prev and AMP targets of the crawled pages that are not crawled pages themselves:
 * the crawl's answer when it requested them (a redirect or an error), else a HEAD without
 * following redirects, at most `limit` of them. A target that is a crawled page needs no request.
 */
async function checkTargets(
  fetcher: GuardedFetcher,
  crawlResult: CrawlResult,
  limit: number,
  concurrency: number,
): Promise<TargetStatus[]> {
  const crawledPages = new Set(crawlResult.pages.map((p) => stripQuery(p.url)));
  const redirected = new Map(crawlResult.redirects.map((r) => [stripQuery(r.url), r]));
  const homeUrl = new URL(crawlResult.pages[0]!.url);
  const known: TargetStatus[] = [];
  const toAsk: string[] = [];
  const seen = new Set<string>();
  for (const page of crawlResult.pages) {
    const p = parsed(page);
    const canonical = p.canonicals[0] ? absolute(p.canonicals[0], p.url) : null;
    for (const target of [canonical, ...p.hreflangs.map((h) => h.url), ...p.pagination.map((n) => n.url), p.amphtml]) {
      if (!target || !sameSite(new URL(target), homeUrl)) continue;
      const key = stripQuery(target);
      if (crawledPages.has(key) || seen.has(key)) continue;
      seen.add(key);
      const trace = redirected.get(key);
      const status = crawlResult.statuses.get(key);
      if (trace) known.push({ url: target, status: trace.statuses?.[0] ?? 301, location: trace.finalUrl, error: null });
      else if (status !== undefined && status >= 400) known.push({ url: target, status, location: null, error: null });
      else if (toAsk.length < limit) toAsk.push(target);
    }
  }
  const asked = await pMap(
    toAsk,
    async (url): Promise<TargetStatus> => {
      try {
        // A GET: a live target is read too, since one set to noindex or canonicalised elsewhere
        // is as wrong a target as a missing one.
        const res = await fetcher.fetch(url, { accept: HTML_TYPES, followRedirects: false, timeoutMs: 5000 });
        const location = res.headers.location ? absolute(res.headers.location, url) : null;
        let page: PageSnapshot | undefined;
        if (res.status === 200 && !res.refusedContentType) {
          try {
            page = toPageSnapshot(res, 1);
          } catch {
            // Not a web page: its status is all there is to say.
          }
        }
        return { url, status: res.status, location, error: null, ...(page ? { page } : {}) };
      } catch (err) {
        return { url, status: null, location: null, error: (err as Error).message };
      }
    },
    { concurrency },
  );
  return [...known, ...asked];
}

/** Sitemap addresses on the site's own host, asked without following redirects: only a 200 is a page. */
async function checkSitemapUrls(
  fetcher: GuardedFetcher,
  urls: string[],
  origin: string,
  limit: number,
  concurrency: number,
): Promise<LinkStatus[]> {
  const own = urls.filter((u) => absolute(u, origin)?.startsWith(origin)).slice(0, limit);
  return pMap(
    own,
    async (url) => {
      try {
        let res = await fetcher.fetch(url, { method: 'HEAD', followRedirects: false, timeoutMs: 5000 });
        if (res.status === 405 || res.status === 501)
          res = await fetcher.fetch(url, { followRedirects: false, discardBody: true, timeoutMs: 5000 });
        return { url, status: res.status, error: null, from: 'sitemap' };
      } catch (err) {
        return { url, status: null, error: (err as Error).message, from: 'sitemap' };
      }
    },
    { concurrency: concurrency },
  );
}

async function checkResources(fetcher: GuardedFetcher, page: ParsedPage, limit: number, concurrency: number): Promise<ResourceInfo[]> {
  const wanted: Array<{ url: string; kind: ResourceInfo['kind'] }> = [];
  const add = (url: string | null, kind: ResourceInfo['kind']) => {
    if (url && !wanted.some((w) => w.url === url)) wanted.push({ url, kind });
  };
  for (const s of page.stylesheets) if (wanted.length < limit / 2) add(s.url, 'stylesheet');
  for (const s of page.scripts) if (wanted.length < limit / 2 + 3) add(s.url, 'script');
  for (const i of page.images) if (wanted.length < limit) add(i.url, 'image');
  return pMap(
    wanted.slice(0, limit),
    async ({ url, kind }) => {
      try {
        const res = await fetcher.fetch(url, { method: 'HEAD', timeoutMs: 5000, headers: { accept: '*/*' } });
        const length = Number(res.headers['content-length']);
        return {
          url,
          kind,
          status: res.status,
          bytes: Number.isFinite(length) && res.headers['content-length'] ? length : null,
          contentType: res.contentType,
          headers: res.headers,
        };
      } catch {
        return { url, kind, status: null, bytes: null, contentType: '', headers: {} };
      }
    },
    { concurrency: concurrency },
  );
}

/** Statuses of internal links: crawled pages are known; a sample of the rest is asked with HEAD. */
async function checkLinks(
  fetcher: GuardedFetcher,
  crawlResult: CrawlResult,
  limit: number,
  concurrency: number,
): Promise<{ statuses: LinkStatus[]; redirects: RedirectTrace[] }> {
  const redirects: RedirectTrace[] = [];
  const known = crawlResult.statuses;
  const statuses: LinkStatus[] = [];
  const toCheck: Array<{ url: string; from: string }> = [];
  const seen = new Set<string>();
  for (const page of crawlResult.pages) {
    for (const link of parsed(page).links) {
      if (!link.internal || !link.url) continue;
      const key = stripQuery(link.url);
      if (seen.has(key)) continue;
      seen.add(key);
      const status = known.get(key);
      if (status !== undefined) statuses.push({ url: link.url, status, error: null, from: page.url });
      else if (toCheck.length < limit) toCheck.push({ url: link.url, from: page.url });
    }
  }
  const checked = await pMap(
    toCheck,
    async ({ url, from }) => {
      try {
        let res = await fetcher.fetch(url, { method: 'HEAD', timeoutMs: 5000 });
        // Some servers refuse HEAD; a GET whose body is not read answers the same question.
        if (res.status === 405 || res.status === 501) res = await fetcher.fetch(url, { discardBody: true, timeoutMs: 5000 });
        if (res.chain.length)
          redirects.push({
            url,
            from,
            hops: res.chain.length,
            finalUrl: res.finalUrl,
            loop: false,
            statuses: res.chain.map((h) => h.status),
          });
        return { url, status: res.status, error: null, from };
      } catch (err) {
        const endless = redirectFailure(err);
        if (endless) redirects.push({ url, from, ...endless });
        return { url, status: null, error: (err as Error).message, from };
      }
    },
    { concurrency: concurrency },
  );
  return { statuses: [...statuses, ...checked], redirects };
}

function looksBinary(body: Buffer): boolean {
  const head = body.subarray(0, 1024);
  return head.includes(0);
}

function decodeText(body: Buffer, contentTypeHeader: string | undefined): string {
  const charset =
    /charset=["']?([\w-]+)/i.exec(contentTypeHeader ?? '')?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(charset.toLowerCase(), { fatal: false }).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function absolute(value: string, base: string): string | null {
  try {
    const u = new URL(value, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** An address without its fragment and trailing slash: the key the crawl and the link check compare. */
export function stripQuery(url: string): string {
  const u = new URL(url);
  u.hash = '';
  return `${u.origin}${u.pathname.replace(/\/$/, '')}${u.search}`;
}

export { USER_AGENT };
