// The shape of a check and what it sees. A check is a pure function of the site snapshot:
// the same site always gives the same findings.
import type { CheckCategory, Severity } from '@curb/contracts/audit';
import type { ParsedPage } from '../page.ts';
import type { SiteSnapshot } from '../snapshot.ts';
import type { LabResult } from '../lab/types.ts';

export interface CheckContext {
  site: SiteSnapshot;
  home: ParsedPage;
  /** Crawled pages, the home page first (only the home page in the free audit). */
  pages: ParsedPage[];
  /** Lighthouse results when Chromium ran, else network estimates (lab.lighthouse tells). */
  lab: LabResult;
  /** Reference time for date-based checks (content age, certificate expiry). */
  now: Date;
}

/**
 * A check that could not look at what it needs (the sitemap did not answer, a page did not
 * load): the reason, in words a prospect understands. Reported as such, never counted as passed.
 */
export interface NotMeasuredResult {
  notMeasured: string;
}

/** null (or false/undefined): the check passes or does not apply. */
export type CheckResult = string | { detail: string; urls?: string[] } | NotMeasuredResult | null | undefined | false;

/** An input only some audits have: the runner reports the check "not measured" without it. */
export type CheckNeed = 'lighthouse';

export interface Check {
  /** Stable id, "<area>.<what>", e.g. "onpage.title-missing". */
  id: string;
  category: CheckCategory;
  severity: Severity;
  /** Short name of the problem, e.g. "Missing page title". */
  title: string;
  /** Why it matters to the site owner. */
  description: string;
  fix: string;
  /** One of the 15 points of the free audit. */
  free?: boolean;
  /** What the check reads besides the fetched pages; without it the check is not measured. */
  needs?: CheckNeed;
  run(ctx: CheckContext): CheckResult;
}

/** Runs a per-page test over every crawled page; fires once, naming the pages affected. */
export function onPages(ctx: CheckContext, test: (page: ParsedPage) => string | null | false | undefined): CheckResult {
  const failures: Array<{ url: string; detail: string }> = [];
  for (const page of ctx.pages) {
    const detail = test(page);
    if (detail) failures.push({ url: page.url, detail });
  }
  if (!failures.length) return null;
  const first = failures[0]!;
  if (ctx.pages.length === 1) return first.detail;
  return { detail: `${first.detail} (${failures.length} of ${ctx.pages.length} pages)`, urls: failures.slice(0, 10).map((f) => f.url) };
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The verb that agrees with a count: "1 link has", "2 links have". */
export function verb(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

export function quote(text: string, max = 80): string {
  const t = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return `"${t}"`;
}

export function listSome(items: string[], max = 3): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}

const memos = new WeakMap<CheckContext, Map<string, unknown>>();

/** Computes a derived fact once per context (several checks read the same detection). */
export function memo<T>(ctx: CheckContext, key: string, compute: () => T): T {
  let m = memos.get(ctx);
  if (!m) memos.set(ctx, (m = new Map()));
  if (!m.has(key)) m.set(key, compute());
  return m.get(key) as T;
}
