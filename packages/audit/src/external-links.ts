// Outbound links of the crawled pages, asked whether they still lead somewhere: a bounded
// number of distinct addresses, a few at a time, through the audit's own guarded fetcher,
// started as pages arrive so the work overlaps the crawl, and cut off at a deadline (what was
// not reached by then is reported as not checked, never as broken).
import { FetchError, type FetchErrorCode, type GuardedFetcher } from './net/guarded-fetch.ts';
import type { ParsedPage } from './page-model.ts';

export interface ExternalLinkStatus {
  url: string;
  /** The crawled page the link was found on (the first one). */
  from: string;
  /** The final answer, after redirects; null when none came (see failure) or not checked. */
  status: number | null;
  /** Where the redirects ended, when the address redirected. */
  redirectedTo: string | null;
  /** Why no answer came (DNS, refused, timeout, TLS). */
  failure: FetchErrorCode | null;
  /** The count or time limit was reached before it was asked. */
  notChecked: boolean;
  /** The answer was a bot firewall's challenge (Cloudflare's cf-mitigated), not the page. */
  challenged?: boolean;
}

export interface ExternalLinkOptions {
  /** Distinct outbound addresses asked per audit (default 30). */
  limit?: number;
  /** Per outside host, so a page of 40 listings on one portal does not use the whole limit. */
  perHost?: number;
  concurrency?: number;
  /** Longest the checking may run, from the first page found (default 5 s). */
  budgetMs?: number;
  /**
   * Time given to the links of a page found later in the crawl (default 2 s): the deadline moves
   * to at least that long after it, so an audit ends at most this long after its crawl.
   */
  graceMs?: number;
  /** Longest one request may take (default 5 s). */
  requestTimeoutMs?: number;
}

const DEFAULTS = { limit: 30, perHost: 4, concurrency: 4, budgetMs: 5000, graceMs: 2000, requestTimeoutMs: 4000 } as const;

/** Outbound links remembered per audit, asked or not. */
const MAX_KEPT = 1000;

/** Answers that may hide a live page: some servers refuse HEAD or answer it wrongly, so GET decides. */
const RETRY_WITH_GET = (status: number) => status >= 400;

/** Collects outbound links from pages as they are crawled and checks them in the background. */
export class ExternalLinkChecker {
  private readonly opts: Required<ExternalLinkOptions>;
  private readonly results = new Map<string, ExternalLinkStatus>();
  private readonly perHost = new Map<string, number>();
  private readonly queue: ExternalLinkStatus[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private deadline = 0;
  private skipped = 0;

  constructor(
    private readonly fetcher: GuardedFetcher,
    options: ExternalLinkOptions = {},
  ) {
    this.opts = { ...DEFAULTS, ...options };
  }

  /** Queues the page's outbound links (the first page starts the clock, later ones extend it). */
  add(page: ParsedPage): void {
    const now = performance.now();
    this.deadline = this.deadline ? Math.max(this.deadline, now + this.opts.graceMs) : now + this.opts.budgetMs;
    for (const link of page.links) {
      if (link.internal || !link.url) continue;
      const url = withoutHash(link.url);
      // A page of thousands of links (hostile, or a link farm) is not kept link by link.
      if (this.results.has(url) || this.results.size >= MAX_KEPT) continue;
      const host = bareHost(new URL(url).host);
      const entry: ExternalLinkStatus = { url, from: page.url, status: null, redirectedTo: null, failure: null, notChecked: true };
      const used = this.perHost.get(host) ?? 0;
      if (this.results.size - this.skipped >= this.opts.limit || used >= this.opts.perHost) {
        this.skipped++;
        this.results.set(url, entry);
        continue;
      }
      this.perHost.set(host, used + 1);
      this.results.set(url, entry);
      this.queue.push(entry);
    }
    this.pump();
  }

  /** Waits for the requests under way (each ends by the deadline) and returns every link found. */
  async finish(): Promise<ExternalLinkStatus[]> {
    while (this.inFlight.size) await Promise.race(this.inFlight);
    return [...this.results.values()];
  }

  private pump(): void {
    while (this.inFlight.size < this.opts.concurrency && this.queue.length) {
      const entry = this.queue.shift()!;
      const task = this.check(entry).finally(() => {
        this.inFlight.delete(task);
        this.pump();
      });
      this.inFlight.add(task);
    }
  }

  private async check(entry: ExternalLinkStatus): Promise<void> {
    const first = this.timeLeft();
    // Too little time left for a fair answer: a slow site would look dead.
    if (first === null) return;
    let timeoutMs = first;
    try {
      let res = await this.fetcher.fetch(entry.url, { method: 'HEAD', timeoutMs });
      if (RETRY_WITH_GET(res.status)) {
        const again = this.timeLeft();
        // An error to HEAD that GET had no time to confirm is not known to be one.
        if (again === null) return;
        timeoutMs = again;
        res = await this.fetcher.fetch(entry.url, { discardBody: true, timeoutMs });
      }
      entry.status = res.status;
      entry.redirectedTo = res.chain.length ? res.finalUrl : null;
      entry.notChecked = false;
      if (res.headers['cf-mitigated']) entry.challenged = true;
    } catch (err) {
      const code = err instanceof FetchError ? err.code : 'connection';
      // A private address is not asked at all (the guard refuses it): not the link's fault.
      if (code === 'blocked-address' || code === 'invalid-url') return;
      // A timeout cut short by the audit's deadline says nothing about the site.
      if (code === 'timeout' && timeoutMs < this.opts.requestTimeoutMs) return;
      entry.failure = code;
      entry.notChecked = false;
    }
  }

  /** The time one request may take now, or null when under a second is left. */
  private timeLeft(): number | null {
    const left = this.deadline - performance.now();
    return left < 1000 ? null : Math.min(this.opts.requestTimeoutMs, left);
  }
}

function bareHost(host: string): string {
  return host.toLowerCase().replace(/^www\./, '');
}

function withoutHash(url: string): string {
  const u = new URL(url);
  u.hash = '';
  return u.href;
}
