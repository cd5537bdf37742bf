// One speed measurement per site per visit: the form preview, the report and the advanced
// audit of one site within a few minutes read the same lab result instead of measuring again
// (Lighthouse varies by a few points from run to run, and network estimates by the moment's
// latency). A better measurement replaces a weaker one: a Lighthouse run serves every later
// request, a screenshot-only estimate serves the previews, and an audit that asks for
// Lighthouse measures when only an estimate is kept.
import type { LabResult } from './types.ts';

export type LabNeed = 'lighthouse' | 'screenshot' | 'none';

/** How long a measurement stands for a site: one visitor's preview, report and advanced audit. */
export const LAB_CACHE_TTL_MS = 10 * 60_000;

const rank = (lab: LabResult) => (lab.lighthouse ? 2 : lab.screenshot ? 1 : 0);
const needed: Record<LabNeed, number> = { lighthouse: 2, screenshot: 1, none: 0 };

export class LabCache {
  /** Insertion order is age order: the oldest entry goes first when the cache is full. */
  private readonly entries = new Map<string, { lab: LabResult; at: number }>();

  constructor(
    private readonly ttlMs = LAB_CACHE_TTL_MS,
    private readonly maxEntries = 200,
  ) {}

  /** The kept measurement of `site` when it is recent and good enough for `need`. */
  get(site: string, need: LabNeed, now = Date.now()): LabResult | undefined {
    const entry = this.entries.get(site);
    if (entry && now - entry.at > this.ttlMs) this.entries.delete(site);
    else if (entry && rank(entry.lab) >= needed[need]) return entry.lab;
    return undefined;
  }

  /** Keeps `lab` for `site` unless a better recent one is kept already. */
  set(site: string, lab: LabResult, now = Date.now()): void {
    const kept = this.get(site, 'none', now);
    if (kept && rank(lab) < rank(kept)) return;
    this.entries.delete(site);
    this.entries.set(site, { lab, at: now });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The process's cache, shared by the api (preview, advanced audit) and the worker (report) when
 * they run in one process (`pnpm start`); services run apart each keep their own.
 */
export const siteLabCache = new LabCache();
