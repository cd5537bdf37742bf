// Funnel manager: visitors who viewed each funnel's landing page (human page views, all
// retained history, from the page_visitors rollup) and, of those, who submitted a form on that
// same page (the page_submitters rollup). A popup's submissions on other pages would otherwise inflate the landing page's rate.
import type { ClickHouse } from '../clickhouse.ts';
import type { EngineProfile } from '../engine.ts';

const PAGE = `if(path != '/' AND endsWith(path, '/'), substring(path, 1, length(path) - 1), path)`;

const VIEWS_SQL = `
SELECT ${PAGE} AS page,
       uniqCombinedMerge(14)(visitors) AS visitorCount
FROM page_visitors
WHERE is_bot = 0 AND path IN {paths:Array(String)}
GROUP BY page`;

// A visitor counts once per page however many forms they sent there, and only when they also
// viewed it (a submission replayed without a page view is not the page's conversion). The
// page's submitters are found first by the rollup's sort key (path, visitor), then only their
// rows are summed: a landing page's visitors are many, its submitters few.
const submittersSql = (engine: EngineProfile) => `
SELECT page, count() AS submitters FROM (
  SELECT ${PAGE} AS page, visitor_id
  FROM page_submitters
  WHERE path IN {paths:Array(String)}
    AND visitor_id ${engine.inSubquery} (SELECT visitor_id FROM page_submitters WHERE path IN {paths:Array(String)} AND submits > 0)
  GROUP BY page, visitor_id
  HAVING sum(submits) > 0 AND sum(views) > 0
)
GROUP BY page`;

/** The dashboard's SQL on `engine` (listed in catalog.ts). */
export const funnelViewsSql = (engine: EngineProfile) => ({ views: VIEWS_SQL, submitters: submittersSql(engine) });

const withSlashes = (paths: string[]) => paths.flatMap((p) => (p === '/' ? [p] : [p, `${p}/`]));

/**
 * Visitors per landing path, from fixed-size sketches (exact up to a few hundred, then 0.8 %
 * standard error), so the cost follows the retained days, not the traffic; a trailing slash
 * counts as the same page.
 */
export async function landingPageVisitors(ch: ClickHouse, paths: string[]): Promise<Map<string, number>> {
  const result = new Map(paths.map((p) => [p, 0]));
  if (paths.length === 0) return result;
  const rows = await ch.query<{ page: string; visitorCount: string | number }>(VIEWS_SQL, { paths: withSlashes(paths) });
  for (const row of rows) result.set(row.page, Number(row.visitorCount));
  return result;
}

/** Per landing path, the visitors who viewed it and submitted a form on it (exact counts). */
export async function landingPageSubmitters(ch: ClickHouse, paths: string[]): Promise<Map<string, number>> {
  const result = new Map(paths.map((p) => [p, 0]));
  if (paths.length === 0) return result;
  const rows = await ch.query<{ page: string; submitters: string | number }>(submittersSql(ch.engine), { paths: withSlashes(paths) });
  for (const row of rows) result.set(row.page, Number(row.submitters));
  return result;
}
