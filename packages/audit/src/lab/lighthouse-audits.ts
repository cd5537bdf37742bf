// Lighthouse's own audit results, as the checks read them: the audits the page failed in the
// SEO, best-practices and accessibility categories (and a few speed audits), each with the
// first elements, messages or files it named. lighthouse-thread.mjs sends the raw slice of
// the report; this turns it into plain text, so a check quotes what Lighthouse saw.
import type { LabAudit } from './types.ts';

/** The part of one Lighthouse audit result the thread sends. */
export interface RawLighthouseAudit {
  id: string;
  title?: unknown;
  score?: unknown;
  scoreDisplayMode?: unknown;
  displayValue?: unknown;
  items?: unknown[];
  itemCount?: unknown;
}

/** Scored audits only: informative, manual and not-applicable ones fail nothing. */
const SCORED = new Set(['binary', 'numeric', 'metricSavings']);
const MAX_ITEMS = 5;
const MAX_TEXT = 160;

const text = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const t = value.replace(/\s+/g, ' ').trim();
  return t ? (t.length > MAX_TEXT ? `${t.slice(0, MAX_TEXT - 1)}…` : t) : null;
};

/** What one item of an audit's table names: an element, a message, a file. */
function describe(item: unknown): string | null {
  if (!item || typeof item !== 'object') return text(item);
  const i = item as Record<string, unknown>;
  const node = i.node as Record<string, unknown> | undefined;
  const source = i.source as Record<string, unknown> | string | undefined;
  return (
    text(node?.snippet) ??
    text(node?.nodeLabel) ??
    text(i.description) ?? // errors-in-console
    text(i.value) ?? // deprecations
    text(i.url) ??
    text(typeof source === 'string' ? source : source?.url) ??
    text(i.selector) ??
    text(i.issueType) ?? // inspector-issues
    text(i.name) // third-party-cookies
  );
}

/**
 * A console "error" that is no script's: the browser asking for /favicon.ico on its own, which
 * a site without one answers 404 (a missing icon is the favicon check's finding, not a broken
 * script).
 */
function browsersOwnRequest(auditId: string, item: unknown): boolean {
  if (auditId !== 'errors-in-console' || !item || typeof item !== 'object') return false;
  const url = (item as Record<string, unknown>).url;
  return typeof url === 'string' && /^[^?#]*\/favicon\.ico(?:[?#]|$)/i.test(url);
}

/** The failed audits among `raw`: a scored audit below 0.9 (a pass/fail one at 0). */
export function failedAudits(raw: RawLighthouseAudit[]): LabAudit[] {
  const out: LabAudit[] = [];
  for (const a of raw) {
    if (typeof a.score !== 'number' || a.score >= 0.9 || !SCORED.has(String(a.scoreDisplayMode))) continue;
    const all = a.items ?? [];
    const kept = all.filter((item) => !browsersOwnRequest(a.id, item));
    const count = (typeof a.itemCount === 'number' ? a.itemCount : all.length) - (all.length - kept.length);
    // Nothing left but the browser's own requests: the audit failed on nothing of the site's.
    if (kept.length < all.length && count <= 0) continue;
    const items = kept
      .map(describe)
      .filter((d): d is string => d !== null)
      .slice(0, MAX_ITEMS);
    out.push({
      id: a.id,
      title: text(a.title) ?? a.id,
      score: a.score,
      displayValue: text(a.displayValue),
      items,
      itemCount: typeof a.itemCount === 'number' ? count : items.length,
    });
  }
  return out;
}
