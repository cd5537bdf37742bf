// Funnel manager: visitors who viewed each funnel's landing page (human page views, all
// retained history, from the page_visitors rollup). Submissions come from the leads in Postgres.
import type { ClickHouse } from '../clickhouse.ts';

const VIEWS_SQL = `
SELECT if(path != '/' AND endsWith(path, '/'), substring(path, 1, length(path) - 1), path) AS page,
       uniqCombinedMerge(14)(visitors) AS visitorCount
FROM page_visitors
WHERE is_bot = 0 AND path IN {paths:Array(String)}
GROUP BY page`;

/** The dashboard's SQL, the same on every engine (listed in catalog.ts). */
export const funnelViewsSql = { views: VIEWS_SQL };

/**
 * Visitors per landing path, from fixed-size sketches (exact up to a few hundred, then 0.8 %
 * standard error), so the cost follows the retained days, not the traffic; a trailing slash
 * counts as the same page.
 */
export async function landingPageVisitors(ch: ClickHouse, paths: string[]): Promise<Map<string, number>> {
  const result = new Map(paths.map((p) => [p, 0]));
  if (paths.length === 0) return result;
  const variants = paths.flatMap((p) => (p === '/' ? [p] : [p, `${p}/`]));
  const rows = await ch.query<{ page: string; visitorCount: string | number }>(VIEWS_SQL, { paths: variants });
  for (const row of rows) result.set(row.page, Number(row.visitorCount));
  return result;
}
