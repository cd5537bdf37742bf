// The quick company lookup shown while a visitor types their website: who the business is
// and the first SEO issues, from a one-page analysis.
import type { QuickLookupResult } from '@curb/contracts/audit';
import type { Analysis } from '../analyse.ts';
import { detectAnalytics, hasAnyAnalytics } from '../detect/analytics.ts';
import { detectBusiness } from '../detect/business.ts';
import { round } from '../util.ts';
import { mobileReady } from './build.ts';
import { computeScores } from './scores.ts';
import { speedMeasurementOf } from '../lab/measurement.ts';

const SEO_CATEGORIES = new Set([
  'crawlability',
  'on-page',
  'links',
  'images',
  'structured-data',
  'social',
  'ai-search',
  'performance',
  'security',
]);

/** "janesmithrealty.com" -> "Janesmithrealty" when the site names itself nowhere. */
export function nameFromHost(url: string): string {
  const label = new URL(url).hostname.replace(/^www\./, '').split('.')[0] ?? '';
  return label ? label[0]!.toUpperCase() + label.slice(1) : url;
}

export function quickLookupOf({ ctx, run }: Analysis, maxIssues = 10): QuickLookupResult {
  const biz = detectBusiness(ctx.home);
  return {
    companyName: biz.name ?? nameFromHost(ctx.home.url),
    businessType: biz.type,
    location: biz.location,
    phone: biz.phone,
    logo: biz.logo,
    favicon: biz.favicon ?? (ctx.site.favicon?.status && ctx.site.favicon.status < 400 ? ctx.site.favicon.url : null),
    website: ctx.home.url,
    // The report's SEO score, computed the same way from the same page: the preview and the
    // report a minute later show one figure (docs/decisions/).
    seoScore: computeScores(ctx, run).seo.score,
    lighthousePowered: ctx.lab.lighthouse,
    hasAnalytics: hasAnyAnalytics(detectAnalytics(ctx.home)),
    mobileOptimized: mobileReady(ctx),
    loadTime: round(ctx.lab.desktop.interactiveMs / 1000, 1),
    coreWebVitals: { lcp: ctx.lab.mobile.lcpMs, fid: ctx.lab.mobile.fidMs, cls: ctx.lab.mobile.cls },
    speedMeasurement: speedMeasurementOf(ctx.lab),
    seoIssues: run.findings
      .filter((f) => SEO_CATEGORIES.has(f.category))
      .slice(0, maxIssues)
      .map((f) => ({ type: f.title, description: f.detail, category: f.severity })),
    screenshot: ctx.lab.screenshot,
    enrichmentMethod: 'url-provided',
  };
}
