// A planned stats query as one ClickHouse statement. Two shapes, as in Plausible's query
// builder: with only visit dimensions and filters, the visits themselves are grouped (one row
// per visit); with an event or time dimension or an event filter, each visit's matching events
// are grouped by (dimensions, visit) first, then by the dimensions. Either way a row below the
// last GROUP BY is one visit, so the visit metrics (bounce, duration) count each visit once.
import { EVENTS } from '@curb/contracts/tracking';
import type { StatsDimension } from '@curb/contracts/stats';
import type { EngineProfile } from '../engine.ts';
import { DIMENSIONS } from './dimensions.ts';
import { type Goal, goalCondition, Params } from './goals.ts';
import type { Range } from './periods.ts';
import type { Filter, Plan } from './query.ts';

/** A visit: the session id, else the visitor's day (as the sessions rollup keys it). */
const SESSION_KEY = `if(session_id != '', cityHash64(session_id), cityHash64(visitor_id, toDate(ts)))`;

const instant = (ms: number) => `fromUnixTimestamp64Milli(toInt64(${Math.floor(ms)}), 'UTC')`;
const rangeSql = (range: Range) => `is_bot = 0 AND ts >= ${instant(range.from)} AND ts < ${instant(Math.ceil(range.to))}`;

/** The visit attributes a dimension reads, each its first event's (v_*). */
const VISIT_COLUMNS = [
  'referrer',
  'referrer_domain',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'country',
  'browser',
  'os',
  'device',
  'screen_size',
];

/**
 * One row per visit in the range: who, when, how many page views, whether it bounced, how long
 * it lasted, which conversions it had, and where it came from. Only sessions with a page view
 * are visits (an e-mail opened in a mail client is an event, not a visit).
 */
/**
 * `matching`: the event filters as one condition over the event columns; the visit's matching
 * page views and events are counted beside its totals (pv_m, ev_m), so a query without event or
 * time dimensions filters on events without joining them back to their visits.
 */
function visitsSql(range: Range, conversions: Goal[], params: Params, read: string, matching: string): string {
  const [lead, audit, consultation] = conversions.map((g) => goalCondition(g, params));
  // Only the attributes the statement reads, all from one argMin over the period's events (one
  // comparison per event, not one per attribute; the columns as stored, not converted per event).
  const columns = VISIT_COLUMNS.filter((c) => new RegExp(`\\bs\\.v_${c}\\b`).test(read));
  const attributes = [
    ...(/\bs\.entry_page\b/.test(read) ? [`argMinIf(path, ts, name = '${EVENTS.pageView}') AS entry_page`] : []),
    ...(/\bs\.exit_page\b/.test(read) ? [`argMaxIf(path, ts, name = '${EVENTS.pageView}') AS exit_page`] : []),
    ...(columns.length
      ? [
          `argMin(tuple(${columns.join(', ')}), ts) AS first_event`,
          ...columns.map((c, i) => `tupleElement(first_event, ${i + 1}) AS v_${c}`),
        ]
      : []),
  ];
  return `
  SELECT ${SESSION_KEY} AS session, any(visitor_id) AS visitor,
         countIf(name = '${EVENTS.pageView}') AS pageviews, count() AS event_count,
         countIf(name = '${EVENTS.pageView}' AND ${matching}) AS pv_m, countIf(${matching}) AS ev_m,
         pageviews = 1 AND max(name = '${EVENTS.engaged}') = 0 AS bounce,
         (toUnixTimestamp64Milli(max(ts)) - toUnixTimestamp64Milli(min(ts))) / 1000 AS duration,
         max(${lead}) AS lead, max(${audit}) AS audit, max(${consultation}) AS consultation${attributes
           .map(
             (a) => `,
         ${a}`,
           )
           .join('')}
  FROM events
  WHERE ${rangeSql(range)}
  GROUP BY session
  HAVING pageviews > 0`;
}

/** A filter's condition; an event filter's over the event row `row` ('e.' in a join, '' inside the visits). */
function filterSql(filter: Filter, params: Params, goals: Goal[], timeZone: string, row = 'e.'): string {
  if (filter.dimension === 'event:goal') {
    const matching = goals.filter((g) =>
      filter.op === 'is' || filter.op === 'is_not'
        ? filter.values.includes(g.name)
        : filter.values.some((v) => g.name.toLowerCase().includes(v.toLowerCase())),
    );
    const any = matching.length ? matching.map((g) => goalCondition(g, params, row)).join(' OR ') : '0';
    return filter.op === 'is' || filter.op === 'contains' ? `(${any})` : `NOT (${any})`;
  }
  const expr = filter.dimension === 'event:page' ? `${row}path` : DIMENSIONS[filter.dimension].expr(timeZone);
  const values = params.bind(filter.values);
  switch (filter.op) {
    case 'is':
      return `${expr} IN ${values}`;
    case 'is_not':
      return `${expr} NOT IN ${values}`;
    case 'contains':
      return `multiSearchAnyCaseInsensitiveUTF8(${expr}, ${values})`;
    case 'contains_not':
      return `NOT multiSearchAnyCaseInsensitiveUTF8(${expr}, ${values})`;
  }
}

const isVisitOnly = (plan: Pick<Plan, 'dimensions'>) => plan.dimensions.every((d) => DIMENSIONS[d].scope === 'visit');
const isEventFilter = (f: Filter) => DIMENSIONS[f.dimension].scope !== 'visit';
/** Metrics that read a visit's own figures (bounce, duration, conversions), not only its events. */
const VISIT_METRICS: ReadonlySet<string> = new Set([
  'bounce_rate',
  'visit_duration',
  'leads',
  'audit_requests',
  'consultations',
  'conversion_rate',
]);
/**
 * A page breakdown that reads only events: every page view belongs to a visit (a visit is a
 * session with a page view), so its rows need no visits built at all.
 */
const pagesOnly = (plan: Pick<Plan, 'dimensions' | 'filters' | 'metrics'>) =>
  plan.dimensions.includes('event:page') &&
  plan.dimensions.every((d) => DIMENSIONS[d].scope !== 'visit') &&
  plan.filters.every(isEventFilter) &&
  !plan.metrics.some((m) => VISIT_METRICS.has(m));

/** The SQL ORDER BY term of a metric, from the aggregates the statement selects. */
const METRIC_ORDER: Record<string, string> = {
  visitors: 'visitors',
  visits: 'visits',
  pageviews: 'pageviews',
  events: 'event_count',
  views_per_visit: 'pageviews / visits',
  bounce_rate: 'bounces / visits',
  visit_duration: 'duration / visits',
  leads: 'leads',
  audit_requests: 'audits',
  consultations: 'consultations',
  conversion_rate: 'converted / visitors',
  percentage: 'visitors',
};

export interface Statement {
  sql: string;
  params: Record<string, unknown>;
}

/**
 * The statement for one period. Its rows: d0…dN (the dimensions' values) and the aggregates
 * visitors, visits, pageviews, event_count, bounces, duration, leads, audits, consultations,
 * converted (visitors with any conversion), total_rows.
 */
export function statsSql(
  plan: Plan,
  range: Range,
  conversions: Goal[],
  engine: EngineProfile,
  page: { limit: number; offset: number } = plan,
): Statement {
  const params = new Params();
  const zone = plan.timeZone;
  const goals = [...conversions, ...plan.goals.filter((g) => !conversions.some((c) => c.name === g.name))];
  const dims = plan.dimensions.map((d, i) => {
    if (d === 'event:goal') {
      const names = goals.map((g) => `if(${goalCondition(g, params, 'e.')}, ${g.builtIn ? `'${g.name}'` : params.bind(g.name)}, '')`);
      return { sql: `arrayJoin(arrayFilter(g -> g != '', [${names.join(', ')}]))`, alias: `d${i}`, skipEmpty: false };
    }
    const def = DIMENSIONS[d];
    return { sql: def.expr(zone), alias: `d${i}`, skipEmpty: def.skipEmpty ?? false };
  });
  const visitOnly = isVisitOnly(plan);
  // Without event or time dimensions the event filters are decided inside the visits (pv_m, ev_m).
  const eventFilters = plan.filters.filter(isEventFilter).map((f) => filterSql(f, params, goals, zone, ''));
  const matching = visitOnly && eventFilters.length ? eventFilters.join(' AND ') : '1';
  const where = [
    ...plan.filters.filter((f) => !visitOnly || !isEventFilter(f)).map((f) => filterSql(f, params, goals, zone)),
    ...(visitOnly && eventFilters.length ? ['s.ev_m > 0'] : []),
    ...dims.filter((d) => d.skipEmpty).map((d) => `${d.sql} != ''`),
  ];
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const dimSelect = dims.map((d) => `${d.sql} AS ${d.alias}, `).join('');
  const dimGroup = dims.map((d) => d.alias);
  const onPages = plan.dimensions.includes('event:page' as StatsDimension);
  const rows = pagesOnly(plan)
    ? `
  SELECT ${dimSelect}e.session_key AS session, any(e.visitor_id) AS visitor, count() AS pv, count() AS ev,
         0 AS bounce, 0 AS duration, 0 AS lead, 0 AS audit, 0 AS consultation
  FROM (SELECT ts, name, path, props, visitor_id, ${SESSION_KEY} AS session_key FROM events
        WHERE ${rangeSql(range)} AND name = '${EVENTS.pageView}') AS e
  ${whereSql}
  GROUP BY ${[...dimGroup, 'session'].join(', ')}`
    : visitOnly
      ? `
  SELECT ${dimSelect}s.visitor AS visitor, s.pv_m AS pv, s.ev_m AS ev, s.bounce AS bounce, s.duration AS duration,
         s.lead AS lead, s.audit AS audit, s.consultation AS consultation
  FROM visits AS s
  ${whereSql}`
      : `
  SELECT ${dimSelect}s.session AS session, any(s.visitor) AS visitor, countIf(e.name = '${EVENTS.pageView}') AS pv, count() AS ev,
         any(s.bounce) AS bounce, any(s.duration) AS duration,
         any(s.lead) AS lead, any(s.audit) AS audit, any(s.consultation) AS consultation
  FROM (SELECT ts, name, path, props, ${SESSION_KEY} AS session_key FROM events
        WHERE ${rangeSql(range)}${onPages ? ` AND name = '${EVENTS.pageView}'` : ''}) AS e
  ${engine.inSubquery === 'GLOBAL IN' ? 'GLOBAL ' : ''}INNER JOIN visits AS s ON e.session_key = s.session
  ${whereSql}
  GROUP BY ${[...dimGroup, 'session'].join(', ')}`;
  const order = plan.orderBy.map(([name, direction]) => {
    const i = plan.dimensions.indexOf(name as StatsDimension);
    return `${i >= 0 ? `d${i}` : METRIC_ORDER[name]} ${direction.toUpperCase()}`;
  });
  const orderSql = [...order, ...dimGroup].join(', ');
  const sql = `
${
  pagesOnly(plan)
    ? ''
    : `WITH visits AS (${visitsSql(range, conversions, params, rows, matching)}
)`
}
SELECT ${dimGroup.map((d) => `${d}, `).join('')}uniq(visitor) AS visitors, count() AS visits, sum(pv) AS pageviews, sum(ev) AS event_count,
       countIf(bounce) AS bounces, sum(duration) AS duration, uniqIf(visitor, lead) AS leads, uniqIf(visitor, audit) AS audits,
       uniqIf(visitor, consultation) AS consultations, uniqIf(visitor, lead OR audit OR consultation) AS converted,
       count() OVER () AS total_rows
FROM (${rows}
)
${dimGroup.length ? `GROUP BY ${dimGroup.join(', ')}` : ''}
${orderSql ? `ORDER BY ${orderSql}` : ''}
LIMIT ${Math.floor(page.limit)} OFFSET ${Math.floor(page.offset)}
${engine.readSettings}`;
  return { sql, params: params.values };
}
