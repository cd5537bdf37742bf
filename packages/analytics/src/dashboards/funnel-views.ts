// Funnel manager: visitors who viewed each funnel's landing page (human page views, all
// retained history, from the pages_daily rollup). Submissions come from the leads in Postgres.
import type { ClickHouse } from '../clickhouse.ts';

const VIEWS_SQL = `
SELECT if(path != '/' AND endsWith(path, '/'), substring(path, 1, length(path) - 1), path) AS page,
       uniqMerge(visitors) AS visitorCount
FROM pages_daily
WHERE is_bot = 0 AND path IN {paths:Array(String)}
GROUP BY page`;

/** The dashboard's SQL, the same on every engine (listed in catalog.ts). */
export const funnelViewsSql = { views: VIEWS_SQL };

/** Visitors per landing path (uniq: exact to 65,536, then a close estimate); a trailing slash counts as the same page. */
export async function landingPageVisitors(ch: ClickHouse, paths: string[]): Promise<Map<string, number>> {
  const result = new Map(paths.map((p) => [p, 0]));
  if (paths.length === 0) return result;
  const variants = paths.flatMap((p) => (p === '/' ? [p] : [p, `${p}/`]));
  const rows = await ch.query<{ page: string; visitorCount: string | number }>(VIEWS_SQL, { paths: variants });
  for (const row of rows) result.set(row.page, Number(row.visitorCount));
  return result;
}
