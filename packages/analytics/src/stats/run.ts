// Runs a stats query: plans it, runs its statement (and the comparison period's, and the
// visitors total a share or a goal's conversion rate divides by), and shapes the answer as
// Plausible's Stats API v2 does.
import {
  DEFAULT_TIME_ZONE,
  STATS_MAX_LIMIT,
  STATS_RATE_METRICS,
  type GoalDefinition,
  type StatsMetric,
  type StatsQuery,
  type StatsResponse,
  type StatsRow,
} from '@curb/contracts/stats';
import type { ClickHouse } from '../clickhouse.ts';
import { StatsQueryError } from './errors.ts';
import { conversionGoals, type Goal } from './goals.ts';
import { CURRENT_VISITOR_MINUTES, isTimeZone, type Range } from './periods.ts';
import { type Plan, planQuery } from './query.ts';
import {
  APPROXIMATE_FROM,
  type ApproximateFrom,
  approximates,
  couldApproximate,
  rollupSql,
  SKETCH_METRICS,
  visitsInSql,
  wholeHours,
} from './rollup.ts';
import { selectedVisitsSql, type Statement, statsSql, visitFiltersSql } from './sql.ts';

export interface StatsContext {
  /** The owner's IANA time zone; periods are its calendar days. */
  timeZone?: string;
  /** The owner's goals (event names or page paths). */
  goals?: GoalDefinition[];
  /** The forms whose submit is an audit request. */
  auditForms?: readonly string[];
  now?: number;
  /** `visits`: read every query from the visits, even one the hourly rollup answers (the bench compares the two). */
  source?: 'planned' | 'visits';
  /** From how many visits (and more per hour) a period's visitor counts are merged from the rollup's sketches (APPROXIMATE_FROM). */
  approximateFrom?: ApproximateFrom;
  /** Told the table each statement reads. */
  onRead?: (table: 'visits' | 'visit_hours') => void;
}

interface Aggregates {
  visitors: number;
  visits: number;
  pageviews: number;
  event_count: number;
  bounces: number;
  duration: number;
  leads: number;
  audits: number;
  consultations: number;
  converted: number;
  total_rows: number;
  [dimension: `d${number}`]: string;
}

const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** The metric's value from a row's aggregates; `total` is the visitors a share or a goal's rate divides by. */
function metricValue(metric: StatsMetric, a: Aggregates, plan: Plan, total: number | undefined): number {
  switch (metric) {
    case 'visitors':
      return a.visitors;
    case 'visits':
      return a.visits;
    case 'pageviews':
      return a.pageviews;
    case 'events':
      return a.event_count;
    case 'views_per_visit':
      return round(ratio(a.pageviews, a.visits), 2);
    case 'bounce_rate':
      return round(100 * ratio(a.bounces, a.visits));
    case 'visit_duration':
      return round(ratio(a.duration, a.visits));
    case 'leads':
      return a.leads;
    case 'audit_requests':
      return a.audits;
    case 'consultations':
      return a.consultations;
    case 'conversion_rate':
      return plan.dimensions.includes('event:goal')
        ? round(100 * ratio(a.visitors, total ?? 0), 2)
        : round(100 * ratio(a.converted, a.visitors), 2);
    case 'percentage':
      return plan.dimensions.length ? round(100 * ratio(a.visitors, total ?? 0), 1) : 100;
  }
}

/** The change against the comparison: points for a rate, else % (null from nothing to something). */
function change(metric: StatsMetric, now: number, before: number): number | null {
  if (STATS_RATE_METRICS.has(metric)) return round(now - before, 1);
  if (before === 0) return now === 0 ? 0 : null;
  return round((100 * (now - before)) / before);
}

const toNumbers = (row: Record<string, unknown>): Aggregates => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = /^d\d+$/.test(k) ? String(v) : Number(v);
  return out as unknown as Aggregates;
};

async function oldestDay(ch: ClickHouse): Promise<string | undefined> {
  const [row] = await ch.query<{ day: string }>(
    `SELECT toString(min(date)) AS day FROM events_daily WHERE is_bot = 0 HAVING count() > 0 ${ch.engine.readSettings}`,
  );
  return row?.day;
}

/** Whether the plan could count its visitors from the sketches and its period holds enough visits that they pay. */
async function isLarge(ch: ClickHouse, plan: Plan, from: ApproximateFrom): Promise<boolean> {
  if (!couldApproximate(plan, plan.range)) return false;
  const [row] = await ch.query<{ visits: string | null }>(visitsInSql(plan.range, ch.engine));
  return approximates(Number(row?.visits ?? 0), wholeHours(plan.range), from);
}

export async function runStats(ch: ClickHouse, query: StatsQuery, context: StatsContext = {}): Promise<StatsResponse> {
  const timeZone = context.timeZone ?? DEFAULT_TIME_ZONE;
  if (!isTimeZone(timeZone)) throw new StatsQueryError(`time zone: unknown zone "${timeZone}".`);
  const now = context.now ?? Date.now();
  const conversions = conversionGoals(context.auditForms ?? []);
  const goals: Goal[] = [...conversions, ...(context.goals ?? [])];
  const plan = planQuery(query, { timeZone, now, goals, firstEventDay: query.date_range === 'all' ? await oldestDay(ch) : undefined });
  plan.goals = goals;

  // A large period's visitor counts come from the sketches, each statement of the query alike
  // (its comparison and the total a share divides by), so its figures agree with each other.
  const approximate = context.source !== 'visits' && (await isLarge(ch, plan, context.approximateFrom ?? APPROXIMATE_FROM));
  const run = async (range: Range, p: Plan = plan, page?: { limit: number; offset: number }) => {
    const fromRollup = context.source === 'visits' ? null : rollupSql(p, range, ch.engine, page, approximate);
    context.onRead?.(fromRollup ? 'visit_hours' : 'visits');
    const { sql, params } = fromRollup ?? statsSql(p, range, conversions, ch.engine, page);
    return (await ch.query<Record<string, unknown>>(sql, Object.keys(params).length ? params : undefined)).map(toNumbers);
  };
  // A share divides by every visitor under the filters; a goal's rate by every visitor under the filters other than goals.
  const needsTotal = plan.dimensions.length > 0 && (plan.metrics.includes('percentage') || plan.metrics.includes('conversion_rate'));
  const totalOf = async (range: Range) => {
    if (!needsTotal) return undefined;
    const goalRate = plan.dimensions.includes('event:goal') && plan.metrics.includes('conversion_rate');
    const filters = goalRate ? plan.filters.filter((f) => f.dimension !== 'event:goal') : plan.filters;
    const [row] = await run(range, { ...plan, dimensions: [], filters, orderBy: [] }, { limit: 1, offset: 0 });
    return row?.visitors ?? 0;
  };

  const [rows, total] = await Promise.all([run(plan.range), totalOf(plan.range)]);
  const shape = (a: Aggregates, t: number | undefined) => ({
    dimensions: plan.dimensions.map((_, i) => a[`d${i}`] ?? ''),
    metrics: plan.metrics.map((m) => metricValue(m, a, plan, t)),
  });
  let results: StatsRow[] = rows.map((a) => shape(a, total));

  if (plan.comparison) {
    const [before, beforeTotal] = await Promise.all([
      run(plan.comparison, plan, { limit: STATS_MAX_LIMIT, offset: 0 }),
      totalOf(plan.comparison),
    ]);
    const timeIndex = plan.dimensions.findIndex((d) => d.startsWith('time:'));
    const shapedBefore = before.map((a) => shape(a, beforeTotal));
    // Time buckets are matched by position (the first day with the first day); other rows by their values.
    const byKey = new Map(shapedBefore.map((r) => [JSON.stringify(r.dimensions.filter((_, i) => i !== timeIndex)), r]));
    results = results.map((row, n) => {
      const match =
        timeIndex >= 0 && plan.dimensions.length === 1
          ? shapedBefore[n]
          : byKey.get(JSON.stringify(row.dimensions.filter((_, i) => i !== timeIndex)));
      const metrics = match?.metrics ?? plan.metrics.map(() => 0);
      return {
        ...row,
        comparison: {
          dimensions: match?.dimensions ?? row.dimensions,
          metrics,
          change: plan.metrics.map((m, i) => change(m, row.metrics[i] as number, metrics[i] as number)),
        },
      };
    });
  }

  const dayText = (r: Range): [string, string] => [r.firstDay, r.lastDay];
  return {
    results,
    meta: {
      time_zone: timeZone,
      date_range: dayText(plan.range),
      ...(plan.comparison && { comparison_date_range: dayText(plan.comparison) }),
      ...(plan.totalRows && { total_rows: rows[0]?.total_rows ?? 0 }),
      ...(approximate && { approximate_metrics: plan.metrics.filter((m) => SKETCH_METRICS.has(m)) }),
    },
    query,
  };
}

/**
 * The visitors on the site now: those of the visits active in the last five minutes (Plausible's
 * GET /api/v1/stats/realtime/visitors answers the same number).
 */
export async function currentVisitors(ch: ClickHouse, context: Pick<StatsContext, 'now'> = {}): Promise<number> {
  const now = context.now ?? Date.now();
  const plan = planQuery({ metrics: ['visitors'], date_range: 'realtime' }, { timeZone: DEFAULT_TIME_ZONE, now, goals: [] });
  plan.goals = [];
  const range = { ...plan.range, from: now - CURRENT_VISITOR_MINUTES * 60_000 };
  const { sql, params } = statsSql(plan, range, conversionGoals([]), ch.engine);
  const [row] = await ch.query<{ visitors: string }>(sql, Object.keys(params).length ? params : undefined);
  return Number(row?.visitors ?? 0);
}

/**
 * The session keys of the visits in `range` that the Traffic page's `filters` keep, as a
 * statement another query can read (`session IN (…)`); null without filters. The filters are
 * checked as a stats query's are (a StatsQueryError names what is wrong).
 */
export function filteredVisits(filters: StatsQuery['filters'], range: Range, context: StatsContext = {}): Statement | null {
  const checked = checkedFilters(filters, context);
  return checked && selectedVisitsSql(checked.plan, range, checked.conversions);
}

/**
 * The Traffic page's `filters` as one condition on a visits row `s` (no period), for a reader
 * that looks up its own few visits; null without filters. Checked as filteredVisits checks them.
 */
export function visitFilters(filters: StatsQuery['filters'], context: StatsContext = {}): Statement | null {
  const checked = checkedFilters(filters, context);
  return checked && visitFiltersSql(checked.plan, checked.conversions);
}

/** The filters checked as a stats query's are, with the goals they may name. */
function checkedFilters(filters: StatsQuery['filters'], context: StatsContext) {
  if (!filters?.length) return null;
  const timeZone = context.timeZone ?? DEFAULT_TIME_ZONE;
  const conversions = conversionGoals(context.auditForms ?? []);
  const goals: Goal[] = [...conversions, ...(context.goals ?? [])];
  const plan = planQuery({ metrics: ['visitors'], date_range: 'day', filters }, { timeZone, now: context.now ?? Date.now(), goals });
  return { plan: { filters: plan.filters, timeZone, goals }, conversions };
}
