// SEO dashboard: traffic of the last 7 days from the site's own events, and the audit's
// SEO / performance / accessibility score formulas for the site's own home page.
import type { WebsiteAnalytics } from '@curb/contracts/analytics';
import type { ClickHouse } from '../clickhouse.ts';
import type { EngineProfile } from '../engine.ts';
import { percent, serverClockWindow } from './period.ts';

export const SEO_TRAFFIC_DAYS = 7;
// A session's flags over a span of days, from the sessions rollup (a row per session and day):
// organic 1 (it entered from a search engine or with medium organic: its earliest row's
// `organic_entry`, decided as the rows are stored, ClickHouse migration 0045), engaged 2, and its page
// views up to 2, times 4 (one page view and no engagement is a bounce).
const SESSION_FLAGS = 'toUInt8(bitAnd(min(organic_entry), 1) + 2 * max(engaged) + 4 * least(2, sum(page_views)))';

/**
 * Sessions, organic sessions and bounces over the 7 days, grouping every session of the week.
 * A closed-days snapshot of each session's flags was measured against it (ClickHouse's own
 * status read and key lookups included) and cost twice as much at 10 M events: 43 against 20 ms
 * p95 (bench/results/dashboards.md), so the week is read whole.
 */
export const seoTrafficSql = (engine: EngineProfile) => `
SELECT count() AS sessions, countIf(bitAnd(flags, 1) = 1) AS organic,
       countIf(bitAnd(flags, 2) = 0 AND bitShiftRight(flags, 2) <= 1) AS bounced
FROM (SELECT session, ${SESSION_FLAGS} AS flags FROM sessions WHERE ${serverClockWindow(SEO_TRAFFIC_DAYS).days} GROUP BY session)
${engine.readSettings}`;

export interface TrafficSummary {
  sessions: number;
  organicTraffic: number;
  bounceRate: number;
}

export async function seoTraffic(ch: ClickHouse): Promise<TrafficSummary> {
  const [row] = await ch.query<{ sessions: N; organic: N; bounced: N }>(seoTrafficSql(ch.engine));
  const sessions = Number(row?.sessions ?? 0);
  return { sessions, organicTraffic: Number(row?.organic ?? 0), bounceRate: percent(Number(row?.bounced ?? 0), sessions, 1) };
}

type N = string | number | null;

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
