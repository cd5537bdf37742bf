// SEO dashboard: the last 7 days' visits, organic ones and bounce rate from the Traffic page's
// query layer, and the audit's SEO / performance / accessibility score formulas for the site's
// own home page.
import type { WebsiteAnalytics } from '@curb/contracts/analytics';
import type { StatsQuery } from '@curb/contracts/stats';
import type { ClickHouse } from '../clickhouse.ts';
import { runStats, type StatsContext } from '../stats/run.ts';

// The week's figures as the Traffic page gives them for the last 7 days (the owner's days): its
// visits, those of the Organic Search channel and its bounce rate, so that both pages say the same.
const WEEK: StatsQuery = { metrics: ['visits', 'bounce_rate'], date_range: '7d' };
const ORGANIC: StatsQuery = { metrics: ['visits'], date_range: '7d', filters: [['is', 'visit:channel', ['Organic Search']]] };

export interface TrafficSummary {
  sessions: number;
  organicTraffic: number;
  bounceRate: number;
}

export async function seoTraffic(ch: ClickHouse, context: StatsContext = {}): Promise<TrafficSummary> {
  const [week, organic] = await Promise.all([runStats(ch, WEEK, context), runStats(ch, ORGANIC, context)]);
  const [sessions, bounceRate] = week.results[0]?.metrics ?? [];
  return { sessions: sessions ?? 0, organicTraffic: organic.results[0]?.metrics[0] ?? 0, bounceRate: bounceRate ?? 0 };
}

type PageFacts = Omit<WebsiteAnalytics, 'scores' | 'url' | 'checkedAt'>;

/** 25 points each for a title, a description, exactly one h1 and structured data. */
export function seoScore(f: PageFacts): number {
  return (
    (f.seo.title ? 25 : 0) + (f.seo.description ? 25 : 0) + (f.seo.h1_count === 1 ? 25 : 0) + (f.technical.structured_data_found ? 25 : 0)
  );
}

/** 100, minus 30 over 3 s, 20 over 1000 KB, 20 without compression, 30 without SSL; at least 0. */
export function performanceScore(f: PageFacts): number {
  const p = f.performance;
  const penalty =
    (p.load_time_ms > 3000 ? 30 : 0) + (p.page_size_kb > 1000 ? 20 : 0) + (p.compression_enabled ? 0 : 20) + (p.has_ssl ? 0 : 30);
  return Math.max(0, 100 - penalty);
}

/** 100, minus 5 per image without alt, 20 without lang, 20 without viewport; at least 0. */
export function accessibilityScore(f: PageFacts): number {
  const penalty = 5 * f.seo.image_alt_missing + (f.technical.lang_attribute ? 0 : 20) + (f.technical.viewport_meta ? 0 : 20);
  return Math.max(0, 100 - penalty);
}

export function websiteScores(f: PageFacts): WebsiteAnalytics['scores'] {
  return { seo: seoScore(f), performance: performanceScore(f), accessibility: accessibilityScore(f) };
}
