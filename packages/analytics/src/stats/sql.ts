// A planned stats query as one ClickHouse statement over the visits table (ClickHouse migration 0051, built
// by visits.ts), never over raw events. A visit has one row per version, cancelled rows with sign
// -1, so every sum is weighted by sign and nothing groups by visit where it can be helped:
// - visit and time dimensions: one row per visit version, grouped by the dimensions;
// - a page breakdown: the visit's page views per path (ARRAY JOIN pages), grouped by page;
// - a goal breakdown (or pages with goals): each visit's matching events first, grouped by
//   (dimensions, visit) with the versions summed out, then by the dimensions.
// An event filter keeps the visits with a matching event, and counts only the matching events.
import { EVENTS } from '@curb/contracts/tracking';
import type { EngineProfile } from '../engine.ts';
import { DIMENSIONS } from './dimensions.ts';
import { type Goal, goalCondition, Params } from './goals.ts';
import type { Range } from './periods.ts';
import type { Filter, Plan } from './query.ts';

export const instant = (ms: number) => `fromUnixTimestamp64Milli(toInt64(${Math.floor(ms)}), 'UTC')`;

/**
 * The visits of the period: those that started in it; in realtime, those active in it (a visit
 * that began an hour ago and is still going is someone on the site now).
 */
function rangeSql(range: Range): string {
  const to = instant(Math.ceil(range.to));
  return range.realtime
    ? `s.last_seen >= ${instant(range.from)} AND s.start < ${to} AND toDate(s.start) >= toDate(${instant(range.from)}) - 1`
    : `s.start >= ${instant(range.from)} AND s.start < ${to}`;
}

/** A visit's events as lambda parameters, in the order of EVENT_ARRAYS. */
const EVENT_ARGS = '(path, name, form, n)';
const EVENT_ARRAYS = 's.ev_path, s.ev_name, s.ev_form, s.ev_count';
/** The number of the visit's events that meet `condition` (over path, name, form). */
const eventsWhere = (condition: string) => `arraySum(arrayMap(${EVENT_ARGS} -> if(${condition}, n, 0), ${EVENT_ARRAYS}))`;
/** Whether one of the visit's events meets `condition`. */
const anyEvent = (condition: string) => `arrayExists(${EVENT_ARGS} -> ${condition}, ${EVENT_ARRAYS})`;
const PAGE_VIEW = `name = '${EVENTS.pageView}'`;

/** A filter's condition: a visit filter's over `s`, an event filter's over an event (path, name, form). */
function filterSql(filter: Filter, params: Params, goals: Goal[], timeZone: string): string {
  if (filter.dimension === 'event:goal') {
    const matching = goals.filter((g) =>
      filter.op === 'is' || filter.op === 'is_not'
        ? filter.values.includes(g.name)
        : filter.values.some((v) => g.name.toLowerCase().includes(v.toLowerCase())),
    );
    const any = matching.length ? matching.map((g) => goalCondition(g, params)).join(' OR ') : '0';
    return filter.op === 'is' || filter.op === 'contains' ? `(${any})` : `NOT (${any})`;
  }
  return valueCondition(filter, DIMENSIONS[filter.dimension].expr(timeZone), params);
}

/** A filter's condition on the value `expr` (a dimension's expression, or a rollup's value column). */
export function valueCondition(filter: Filter, expr: string, params: Params): string {
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

const isEventFilter = (f: Filter) => DIMENSIONS[f.dimension].scope === 'event';

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

type Aggregate =
  | 'visitors'
  | 'visits'
  | 'pageviews'
  | 'event_count'
  | 'bounces'
  | 'duration'
  | 'leads'
  | 'audits'
  | 'consultations'
  | 'converted';

/** The aggregates each metric reads (visitors always: shares and rates divide by them). */
const METRIC_AGGREGATES: Record<string, Aggregate[]> = {
  visitors: [],
  visits: ['visits'],
  pageviews: ['pageviews'],
  events: ['event_count'],
  views_per_visit: ['pageviews', 'visits'],
  bounce_rate: ['bounces', 'visits'],
  visit_duration: ['duration', 'visits'],
  leads: ['leads'],
  audit_requests: ['audits'],
  consultations: ['consultations'],
  conversion_rate: ['converted'],
  percentage: [],
};

/** Only what the metrics (and the order) read: each aggregate is a pass over the rows. */
const aggregatesOf = (metrics: string[]) => new Set<Aggregate>(['visitors', ...metrics.flatMap((m) => METRIC_AGGREGATES[m] ?? [])]);

const aggregateSql = (wanted: Set<Aggregate>, sql: Record<Aggregate, string>) => [...wanted].map((a) => `${sql[a]} AS ${a}`).join(', ');

/**
 * The three conversions as conditions on a visits row: the lead and the booked consultation as
 * stored with the visit; an audit request as a submit of one of the forms that ask for one
 * (which forms do is the owner's data, so it is decided when read).
 */
function conversionsOf(conversions: Goal[]): { lead: string; audit: string; consultation: string } {
  const forms = conversions.find((g) => g.match === EVENTS.formSubmit)?.forms ?? [];
  const list = forms.map((f) => `'${f.replace(/[\\']/g, '')}'`).join(', ');
  return { lead: 's.lead', consultation: 's.consultation', audit: forms.length ? `hasAny(s.submitted, [${list}])` : '0' };
}

export interface Statement {
  sql: string;
  params: Record<string, unknown>;
}

const allGoals = (plan: Pick<Plan, 'goals'>, conversions: Goal[]) => [
  ...conversions,
  ...plan.goals.filter((g) => !conversions.some((c) => c.name === g.name)),
];

/**
 * The visits a query's period and filters keep, as conditions on the visits row `s`: the period,
 * the visit filters, and for event filters the visits with a matching event. Page filters alone
 * first collect the paths they keep from the small page rollup (`withPages`, named `pagesKept`),
 * then look each visit's pages up in that set: a string search over every event of every visit
 * costs three times as much.
 */
function visitSelection(plan: Pick<Plan, 'filters' | 'timeZone'>, range: Range, goals: Goal[], params: Params) {
  const eventFilters = plan.filters.filter(isEventFilter);
  const visitFilters = plan.filters.filter((f) => !isEventFilter(f)).map((f) => filterSql(f, params, goals, plan.timeZone));
  const matching = eventFilters.map((f) => filterSql(f, params, goals, plan.timeZone)).join(' AND ');
  const pagesKept = eventFilters.length > 0 && eventFilters.every((f) => f.dimension === 'event:page') ? 'kept_pages' : null;
  const withPages = pagesKept
    ? `WITH (SELECT groupUniqArray(path) FROM page_visitors
        WHERE date >= toDate(${instant(range.from)}) - 1 AND date <= toDate(${instant(range.to)}) + 1 AND ${matching}) AS ${pagesKept}\n`
    : '';
  const where = [
    rangeSql(range),
    ...visitFilters,
    ...(pagesKept ? [`hasAny(s.pages, ${pagesKept})`] : matching ? [anyEvent(matching)] : []),
  ];
  return { withPages, pagesKept, matching, where };
}

/**
 * The session keys of the visits a period and filters keep (the owner's funnels read the Traffic
 * page's filters through it).
 */
export function selectedVisitsSql(plan: Pick<Plan, 'filters' | 'timeZone' | 'goals'>, range: Range, conversions: Goal[]): Statement {
  const params = new Params();
  const { withPages, where } = visitSelection(plan, range, allGoals(plan, conversions), params);
  return {
    sql: `${withPages}SELECT s.session FROM visits AS s WHERE ${where.join(' AND ')} GROUP BY s.session HAVING sum(s.sign) > 0`,
    params: params.values,
  };
}

/**
 * The filters alone as one condition on a visits row `s`, for a reader that picks its own few
 * visits (lead attribution): no period, and page filters alone look the paths up among the
 * visit's page views, which keeps the same visits as the page set does.
 */
export function visitFiltersSql(plan: Pick<Plan, 'filters' | 'timeZone' | 'goals'>, conversions: Goal[]): Statement {
  const params = new Params();
  const goals = allGoals(plan, conversions);
  const eventFilters = plan.filters.filter(isEventFilter);
  const matching = eventFilters.map((f) => filterSql(f, params, goals, plan.timeZone)).join(' AND ');
  const pagesOnly = eventFilters.length > 0 && eventFilters.every((f) => f.dimension === 'event:page');
  const conditions = [
    ...plan.filters.filter((f) => !isEventFilter(f)).map((f) => filterSql(f, params, goals, plan.timeZone)),
    ...(!matching ? [] : pagesOnly ? [`arrayExists(path -> ${matching}, s.pages)`] : [anyEvent(matching)]),
  ];
  return { sql: conditions.map((c) => `(${c})`).join(' AND '), params: params.values };
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
  const goals = allGoals(plan, conversions);
  const { withPages, pagesKept, matching, where: selected } = visitSelection(plan, range, goals, params);
  const onPages = plan.dimensions.includes('event:page');
  const onGoals = plan.dimensions.includes('event:goal');
  const dims = plan.dimensions.map((d, i) => {
    const def = DIMENSIONS[d];
    const sql = d === 'event:goal' ? 'g.1' : d === 'event:page' ? 'page' : def.expr(zone);
    return { sql, alias: `d${i}`, skipEmpty: def.skipEmpty ?? false };
  });
  const where = [...selected, ...dims.filter((d) => d.skipEmpty).map((d) => `${d.sql} != ''`)];
  const dimSelect = dims.map((d) => `${d.sql} AS ${d.alias}, `).join('');
  const dimGroup = dims.map((d) => d.alias);
  const wanted = aggregatesOf([...plan.metrics, ...plan.orderBy.map(([name]) => name)]);
  // Each aggregate over the rows below: visit versions (s.sign weighs them) or, in a goal
  // breakdown, one row per (dimensions, visit) with the versions already summed out.
  const conversion = conversionsOf(conversions);
  let sql: string;
  if (onGoals) {
    // Each goal the visit reached: (name, its events, its page views), under the event filters;
    // with a page dimension too, per page: the goal's events on that page.
    const goalTuples = goals.map((g) => {
      const condition = [goalCondition(g, params), ...(matching ? [matching] : []), ...(onPages ? ['path = page'] : [])].join(' AND ');
      const name = g.builtIn ? `'${g.name}'` : params.bind(g.name);
      return `tuple(${name}, ${eventsWhere(condition)}, ${eventsWhere(`${PAGE_VIEW} AND ${condition}`)})`;
    });
    const select = aggregateSql(wanted, {
      visitors: 'uniq(visitor)',
      visits: 'count()',
      pageviews: 'sum(pv)',
      event_count: 'sum(ev)',
      bounces: 'countIf(bounce > 0)',
      duration: 'sum(duration)',
      leads: 'uniqIf(visitor, lead)',
      audits: 'uniqIf(visitor, audit)',
      consultations: 'uniqIf(visitor, consultation)',
      converted: 'uniqIf(visitor, lead OR audit OR consultation)',
    });
    sql = `
SELECT ${dimGroup.map((d) => `${d}, `).join('')}${select}, count() OVER () AS total_rows
FROM (
  SELECT ${dimSelect}s.session AS session, any(s.visitor) AS visitor, sum(s.sign) AS alive,
         sum(s.sign * g.2) AS ev, sum(s.sign * g.3) AS pv, sum(s.sign * s.bounce) AS bounce, sum(s.sign * s.duration) AS duration,
         sum(s.sign * ${conversion.lead}) > 0 AS lead, sum(s.sign * ${conversion.audit}) > 0 AS audit,
         sum(s.sign * ${conversion.consultation}) > 0 AS consultation
  FROM visits AS s${onPages ? ' ARRAY JOIN s.pages AS page' : ''}
  ARRAY JOIN arrayFilter(t -> t.2 > 0, [${goalTuples.join(', ')}]) AS g
  WHERE ${where.join(' AND ')}
  GROUP BY ${[...dimGroup, 'session'].join(', ')}
  HAVING alive > 0
)
${dimGroup.length ? `GROUP BY ${dimGroup.join(', ')}` : ''}`;
  } else {
    // A page breakdown counts the page views of each page (under a page filter, of the pages it keeps).
    const pageFilters = onPages ? plan.filters.filter((f) => f.dimension === 'event:page') : [];
    const pageWhere = pageFilters.length
      ? pagesKept
        ? [`has(${pagesKept}, page)`]
        : pageFilters.map((f) => filterSql(f, params, goals, zone).replaceAll(/\bpath\b/g, 'page'))
      : [];
    const pv = onPages
      ? 'views'
      : pagesKept
        ? `arraySum(arrayMap((p, n) -> has(${pagesKept}, p) * n, s.pages, s.page_views))`
        : matching
          ? eventsWhere(`${PAGE_VIEW} AND ${matching}`)
          : 's.pageviews';
    const ev = onPages ? 'views' : matching ? eventsWhere(matching) : 's.events';
    const select = aggregateSql(wanted, {
      visitors: 'uniq(s.visitor)',
      visits: 'sum(s.sign)',
      pageviews: `sum(s.sign * ${pv})`,
      event_count: `sum(s.sign * ${ev})`,
      bounces: 'sum(s.sign * s.bounce)',
      duration: 'sum(s.sign * s.duration)',
      leads: `uniqIf(s.visitor, ${conversion.lead})`,
      audits: `uniqIf(s.visitor, ${conversion.audit})`,
      consultations: `uniqIf(s.visitor, ${conversion.consultation})`,
      converted: `uniqIf(s.visitor, ${conversion.lead} OR ${conversion.audit} OR ${conversion.consultation})`,
    });
    sql = `
${withPages}SELECT ${dimSelect}${select}${plan.totalRows ? ', count() OVER () AS total_rows' : ''}
FROM visits AS s${onPages ? ' ARRAY JOIN s.pages AS page, s.page_views AS views' : ''}
WHERE ${[...where, ...pageWhere].join(' AND ')}
${dimGroup.length ? `GROUP BY ${dimGroup.join(', ')}\nHAVING sum(s.sign) > 0` : ''}`;
  }
  return { sql: `${sql}\n${orderAndPage(plan, page, engine)}`, params: params.values };
}

/** A statement's ORDER BY (the plan's order, then its dimensions d0…dN), LIMIT and read settings. */
export function orderAndPage(plan: Plan, page: { limit: number; offset: number }, engine: EngineProfile): string {
  const order = plan.orderBy.map(([name, direction]) => {
    const i = plan.dimensions.indexOf(name as (typeof plan.dimensions)[number]);
    return `${i >= 0 ? `d${i}` : METRIC_ORDER[name]} ${direction.toUpperCase()}`;
  });
  const orderSql = [...order, ...plan.dimensions.map((_, i) => `d${i}`)].join(', ');
  return `${orderSql ? `ORDER BY ${orderSql}` : ''}
LIMIT ${Math.floor(page.limit)} OFFSET ${Math.floor(page.offset)}
${engine.readSettings}`;
}
