// SEO dashboard: traffic of the last 7 days from the site's own events, and the spec's
// SEO / performance / accessibility score formulas for the site's own home page.
import type { WebsiteAnalytics } from '@curb/contracts/analytics';
import type { ClickHouse } from '../clickhouse.ts';
import { HUMAN_DAYS_IN_WINDOW, lastDays, percent } from './period.ts';

export const SEO_TRAFFIC_DAYS = 7;
/** Referrer hosts of search engines: a session entering from one is organic. */
export const SEARCH_ENGINE_PATTERN =
  '(^|\\.)(google|bing|duckduckgo|yahoo|baidu|yandex|ecosia|startpage|qwant|search\\.brave|naver|seznam)\\.';

// From the sessions rollup (a session over midnight has a row per day, merged here).
const TRAFFIC_SQL = `
SELECT count() AS sessions,
       countIf(match(entryReferrer, {engines:String}) OR entryMedium = 'organic') AS organic,
       countIf(pageViews <= 1 AND engagedAny = 0) AS bounced
FROM (
  SELECT session, argMinMerge(entry_referrer) AS entryReferrer, argMinMerge(entry_medium) AS entryMedium,
         sum(page_views) AS pageViews, max(engaged) AS engagedAny
  FROM sessions
  WHERE ${HUMAN_DAYS_IN_WINDOW}
  GROUP BY session
)`;

/** The dashboard's SQL, the same on every engine (listed in catalog.ts). */
export const seoSql = { traffic: TRAFFIC_SQL };

export interface TrafficSummary {
  sessions: number;
  organicTraffic: number;
  bounceRate: number;
}

export async function seoTraffic(ch: ClickHouse, now = Date.now()): Promise<TrafficSummary> {
  const [row] = await ch.query<{ sessions: string; organic: string; bounced: string }>(TRAFFIC_SQL, {
    ...lastDays(SEO_TRAFFIC_DAYS, now),
    engines: SEARCH_ENGINE_PATTERN,
  });
  const sessions = Number(row?.sessions ?? 0);
  return { sessions, organicTraffic: Number(row?.organic ?? 0), bounceRate: percent(Number(row?.bounced ?? 0), sessions, 1) };
}

type PageFacts = Omit<WebsiteAnalytics, 'scores' | 'url' | 'checkedAt'>;

/** Spec: 25 points each for a title, a description, exactly one h1 and structured data. */
export function seoScore(f: PageFacts): number {
  return (
    (f.seo.title ? 25 : 0) + (f.seo.description ? 25 : 0) + (f.seo.h1_count === 1 ? 25 : 0) + (f.technical.structured_data_found ? 25 : 0)
  );
}

/** Spec: 100, minus 30 over 3 s, 20 over 1000 KB, 20 without compression, 30 without SSL; at least 0. */
export function performanceScore(f: PageFacts): number {
  const p = f.performance;
  const penalty =
    (p.load_time_ms > 3000 ? 30 : 0) + (p.page_size_kb > 1000 ? 20 : 0) + (p.compression_enabled ? 0 : 20) + (p.has_ssl ? 0 : 30);
  return Math.max(0, 100 - penalty);
}

/** Spec: 100, minus 5 per image without alt, 20 without lang, 20 without viewport; at least 0. */
export function accessibilityScore(f: PageFacts): number {
  const penalty = 5 * f.seo.image_alt_missing + (f.technical.lang_attribute ? 0 : 20) + (f.technical.viewport_meta ? 0 : 20);
  return Math.max(0, 100 - penalty);
}

export function websiteScores(f: PageFacts): WebsiteAnalytics['scores'] {
  return { seo: seoScore(f), performance: performanceScore(f), accessibility: accessibilityScore(f) };
}
