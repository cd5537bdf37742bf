// The planner's step before the visits: a query the hourly rollup (`visit_hours`, ClickHouse
// migration 0054) holds the answer to is read from there, a few rows per hour and
// dimension value, instead of every visit of the period. It does when
// - the metrics are sums the rollup keeps; or, when the period is large (`approximate`, decided
//   by the caller from its visits: couldApproximate, visitsInSql), visitors and their shares too, merged
//   from the hourly sketches (not under the exit page, which a visit leaves as it grows); never a
//   conversion or goal, which are the visit's events;
// - the dimensions are at most one visit dimension and one time bucket;
// - the filters, if any, are on one visit dimension, the one broken down when there is one;
// - the period starts on an hour and the owner's zone cuts every day of it on an hour (whole-hour
//   offsets), so each stored UTC hour falls in one of the owner's hours and days.
// The part of the period after its last whole hour (today so far) is read from the visits and
// added in (its visitors as a sketch of the same kind, merged with the stored ones). Anything
// else is answered from the visits (sql.ts).
import type { StatsDimension } from '@curb/contracts/stats';
import type { EngineProfile } from '../engine.ts';
import { DIMENSIONS } from './dimensions.ts';
import { Params } from './goals.ts';
import { addDays, type Range, startOfDay } from './periods.ts';
import type { Plan } from './query.ts';
import { instant, orderAndPage, type Statement, valueCondition } from './sql.ts';

/** The visit dimensions the rollup keeps a row per value of (the migration's list). */
export const ROLLUP_DIMENSIONS: ReadonlySet<StatsDimension> = new Set<StatsDimension>([
  'visit:entry_page',
  'visit:exit_page',
  'visit:channel',
  'visit:source',
  'visit:referrer',
  'visit:utm_source',
  'visit:utm_medium',
  'visit:utm_campaign',
  'visit:utm_content',
  'visit:utm_term',
  'visit:country',
  'visit:browser',
  'visit:os',
  'visit:device',
  'visit:screen_size',
]);

/** The metrics computed from the rollup's sums alone. */
export const ROLLUP_METRICS: ReadonlySet<string> = new Set([
  'visits',
  'pageviews',
  'events',
  'views_per_visit',
  'bounce_rate',
  'visit_duration',
]);

/** Metrics the rollup answers approximately, from its visitor sketches (when the period is large). */
export const SKETCH_METRICS: ReadonlySet<string> = new Set(['visitors', 'percentage']);

/** The dimensions whose rows' visitor sketches hold visitors who left them: a visit's exit page changes as it grows. */
const MOVING_DIMENSIONS: ReadonlySet<string> = new Set(['visit:exit_page']);

/**
 * When a visitor count is merged from the sketches instead of counted over the visits: from
 * `visits` visits in the period plus `perHour` for each of its hours. Merging costs the same for
 * every hour however busy (about 12 µs of CPU an hour), counting costs as much as the visits
 * (about 40 ns each), and the sketches' statement costs about 3 ms more to start: this is where
 * the two meet, measured on the bench's 10 M events (bench/results/dashboards.md, ADR-0285).
 * Below it, counts are exact and equal the visits'.
 */
export interface ApproximateFrom {
  visits: number;
  perHour: number;
}
export const APPROXIMATE_FROM: ApproximateFrom = { visits: 80_000, perHour: 300 };

/** Whether a period of `hours` whole hours holding `visits` visits counts its visitors from the sketches. */
export const approximates = (visits: number, hours: number, from: ApproximateFrom = APPROXIMATE_FROM) =>
  hours > 0 && visits >= from.visits + from.perHour * hours;

/** The sketch's function, as the migration stores it. */
const SKETCH = 'uniqCombined(12)';

const HOUR_MS = 3_600_000;
const onHour = (ms: number) => ms % HOUR_MS === 0;

/** Whether every day of the range starts on a whole hour in the zone (checked day by day: clocks change). */
function daysStartOnHours(range: Range, zone: string): boolean {
  for (let day = range.firstDay; day <= range.lastDay; day = addDays(day, 1)) if (!onHour(startOfDay(day, zone))) return false;
  return onHour(startOfDay(addDays(range.lastDay, 1), zone));
}

type Shape = Pick<Plan, 'metrics' | 'dimensions' | 'filters' | 'timeZone'>;

const countsVisitors = (plan: Pick<Plan, 'metrics'>) => plan.metrics.some((m) => SKETCH_METRICS.has(m));

/**
 * The visit dimension the rollup's rows are read under ('' for the totals), or null when it
 * cannot answer; with `approximate`, visitor counts are answered from the sketches.
 */
export function rollupDimension(plan: Shape, range: Range, approximate = false): string | null {
  const answerable = (m: string) => ROLLUP_METRICS.has(m) || (approximate && SKETCH_METRICS.has(m));
  if (range.realtime || !onHour(range.from) || !plan.metrics.every(answerable)) return null;
  const visit = plan.dimensions.filter((d) => DIMENSIONS[d].scope !== 'time');
  if (visit.length > 1 || (visit[0] && !ROLLUP_DIMENSIONS.has(visit[0]))) return null;
  const filtered = [...new Set(plan.filters.map((f) => f.dimension))];
  if (filtered.length > 1 || (filtered[0] && !ROLLUP_DIMENSIONS.has(filtered[0]))) return null;
  if (visit[0] && filtered[0] && filtered[0] !== visit[0]) return null;
  const dimension = visit[0] ?? filtered[0] ?? '';
  if (countsVisitors(plan) && MOVING_DIMENSIONS.has(dimension)) return null;
  if (!daysStartOnHours(range, plan.timeZone)) return null;
  return dimension;
}

/**
 * Whether the plan's visitor counts would be answered from the sketches were the period large:
 * it asks for visitors and the rollup could answer it so. The caller then looks the period's
 * visits up (visitsInSql) and weighs them (approximates).
 */
export const couldApproximate = (plan: Shape, range: Range) =>
  countsVisitors(plan) && rollupDimension(plan, range, false) === null && rollupDimension(plan, range, true) !== null;

const wholeHoursEnd = (range: Range) => Math.max(range.from, Math.floor(range.to / HOUR_MS) * HOUR_MS);

/** The range's whole hours (those the rollup holds). */
export const wholeHours = (range: Range) => (wholeHoursEnd(range) - range.from) / HOUR_MS;

/** The visits stored in the rollup's whole hours of the range (one totals row per hour). */
export function visitsInSql(range: Range, engine: EngineProfile): string {
  return `SELECT toString(sum(visits)) AS visits FROM visit_hours WHERE dimension = ''
  AND hour >= toDateTime(${Math.floor(range.from / 1000)}, 'UTC') AND hour < toDateTime(${wholeHoursEnd(range) / 1000}, 'UTC')
  ${engine.readSettings}`;
}

/**
 * The statement answering the plan from the rollup, with the rows and aggregates statsSql's
 * has (d0…dN, visits, pageviews, event_count, bounces, duration, total_rows); null when the
 * rollup cannot answer it.
 */
export function rollupSql(
  plan: Plan,
  range: Range,
  engine: EngineProfile,
  page: { limit: number; offset: number } = plan,
  approximate = false,
): Statement | null {
  const dimension = rollupDimension(plan, range, approximate);
  if (dimension === null) return null;
  // Only a query that counts visitors pays for merging the sketches.
  const sketch = approximate && countsVisitors(plan);
  const params = new Params();
  const visitExpr = dimension ? DIMENSIONS[dimension as StatsDimension].expr(plan.timeZone) : "''";
  const kept = (expr: string) => plan.filters.map((f) => valueCondition(f, expr, params));
  // The last whole hour of the period: the rollup up to it, the visits after it.
  const wholeTo = wholeHoursEnd(range);
  const stored = [
    `dimension = '${dimension}'`,
    `hour >= toDateTime(${range.from / 1000}, 'UTC')`,
    `hour < toDateTime(${wholeTo / 1000}, 'UTC')`,
    ...kept('value'),
  ];
  const recent = [`s.start >= ${instant(wholeTo)}`, `s.start < ${instant(Math.ceil(range.to))}`, ...kept(visitExpr)];
  // Rows of the union are named as the visits row `s` the time buckets read (`s.start`: the hour).
  const dims = plan.dimensions.map((d, i) => ({
    sql: DIMENSIONS[d].scope === 'time' ? DIMENSIONS[d].expr(plan.timeZone) : 's.value',
    alias: `d${i}`,
    skipEmpty: DIMENSIONS[d].skipEmpty ?? false,
  }));
  const group = dims.map((d) => d.alias);
  const where = dims.filter((d) => d.skipEmpty).map((d) => `${d.sql} != ''`);
  const sql = `
SELECT ${dims.map((d) => `${d.sql} AS ${d.alias}, `).join('')}sum(s.visits) AS visits, sum(s.pageviews) AS pageviews,
       sum(s.events) AS event_count, sum(s.bounces) AS bounces, sum(s.duration) AS duration
       ${sketch ? `, ${SKETCH.replace('(', 'Merge(')}(s.sketch) AS visitors` : ''}
       ${plan.totalRows ? ', count() OVER () AS total_rows' : ''}
FROM (
  SELECT hour AS start, value, visits, pageviews, events, bounces, duration${sketch ? ', visitors AS sketch' : ''}
  FROM visit_hours WHERE ${stored.join(' AND ')}
  UNION ALL
  SELECT toStartOfHour(toDateTime(s.start, 'UTC')) AS start, ${visitExpr} AS value,
         sum(toInt64(s.sign)) AS visits, sum(s.sign * toInt64(s.pageviews)) AS pageviews, sum(s.sign * toInt64(s.events)) AS events,
         sum(s.sign * toInt64(s.bounce)) AS bounces, sum(s.sign * s.duration) AS duration
         ${sketch ? `, ${SKETCH.replace('(', 'StateIf(')}(s.visitor, s.sign > 0) AS sketch` : ''}
  FROM visits AS s WHERE ${recent.join(' AND ')}
  GROUP BY start, value
) AS s
${where.length ? `WHERE ${where.join(' AND ')}` : ''}
${group.length ? `GROUP BY ${group.join(', ')}\nHAVING sum(s.visits) > 0` : ''}`;
  return { sql: `${sql}\n${orderAndPage(plan, page, engine)}`, params: params.values };
}
