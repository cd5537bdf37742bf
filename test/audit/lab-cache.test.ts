// One speed measurement per site per visit: the form preview, the report and the
// advanced audit of one site within minutes read the same lab result; a Lighthouse run
// replaces an estimate, never the other way round.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseSite } from '@curb/audit';
import { LabCache, LAB_CACHE_TTL_MS } from '@curb/audit/lab/cache';
import type { LabResult, LabRun } from '@curb/audit/lab/types';
import { sampleRoutes } from './sample-site.ts';
import { startSite, type TestSite } from './sites.ts';

const run = (performance: number): LabRun => ({
  performance,
  seo: null,
  accessibility: null,
  bestPractices: null,
  lcpMs: 2000,
  fidMs: 50,
  cls: 0.02,
  tbtMs: 100,
  fcpMs: 900,
  speedIndexMs: 1500,
  interactiveMs: 2500,
});
const lab = (kind: 'lighthouse' | 'screenshot' | 'estimate', performance = 80): LabResult => ({
  lighthouse: kind === 'lighthouse',
  mobile: run(performance),
  desktop: run(performance),
  screenshot: kind === 'estimate' ? null : 'iVBORw0KGgo=',
  notes: [],
});

describe('the lab cache', () => {
  it('serves a measurement as good as the one asked for, and keeps the better of two', () => {
    const cache = new LabCache();
    const estimate = lab('estimate');
    cache.set('https://a.example', estimate, 0);
    expect(cache.get('https://a.example', 'none', 1)).toBe(estimate);
    expect(cache.get('https://a.example', 'screenshot', 1)).toBeUndefined();
    expect(cache.get('https://a.example', 'lighthouse', 1)).toBeUndefined();
    const lighthouse = lab('lighthouse', 61);
    cache.set('https://a.example', lighthouse, 2);
    expect(cache.get('https://a.example', 'lighthouse', 3)).toBe(lighthouse);
    expect(cache.get('https://a.example', 'screenshot', 3)).toBe(lighthouse);
    // A later preview's estimate does not replace the report's Lighthouse run.
    cache.set('https://a.example', lab('screenshot', 99), 4);
    expect(cache.get('https://a.example', 'none', 5)).toBe(lighthouse);
    expect(cache.get('https://a.example', 'none', 2 + LAB_CACHE_TTL_MS + 1)).toBeUndefined();
    expect(cache.get('https://b.example', 'none', 5)).toBeUndefined();
  });

  it('drops the oldest site when full', () => {
    const cache = new LabCache(LAB_CACHE_TTL_MS, 2);
    for (const site of ['a', 'b', 'c']) cache.set(site, lab('estimate'), 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 'none', 1)).toBeUndefined();
    expect(cache.get('c', 'none', 1)).toBeDefined();
  });
});

describe('analyseSite with a lab cache', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startSite(sampleRoutes());
  });
  afterAll(() => site?.close());

  it('measures a site once for its preview, report and advanced audit (one page or nine, the address as typed or not)', async () => {
    const cache = new LabCache();
    // No Chromium here: the estimate is the best measurement there is, and it stands.
    const options = { allowPrivateNetworks: true, chromePath: '/nonexistent/chromium', labCache: cache };
    const preview = await analyseSite(site.url, { ...options, lab: 'screenshot' });
    const report = await analyseSite(site.url.replace(/\/$/, ''), { ...options, lab: 'lighthouse' });
    const advanced = await analyseSite(site.url, { ...options, lab: 'lighthouse', maxPages: 20 });
    expect(report.ctx.lab).toBe(preview.ctx.lab);
    expect(advanced.ctx.lab).toBe(preview.ctx.lab);
    expect(advanced.ctx.pages.length).toBe(9);
    // Without the cache each analysis measures again.
    const alone = await analyseSite(site.url, { allowPrivateNetworks: true, lab: 'none' });
    expect(alone.ctx.lab).not.toBe(preview.ctx.lab);
  }, 60_000);
});
