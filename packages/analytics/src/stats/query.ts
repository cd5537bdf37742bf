// Checks a stats query beyond its JSON shape (the contract's schema): every name known, each
// filter's operator and dimension, order_by naming what is asked for, the period a real one.
// What it refuses is a StatsQueryError naming the part, which the api answers as a 400.
import {
  STATS_DIMENSIONS,
  STATS_FILTER_OPERATORS,
  STATS_MAX_LIMIT,
  STATS_METRICS,
  type StatsDimension,
  type StatsFilterOperator,
  type StatsMetric,
  type StatsQuery,
} from '@curb/contracts/stats';
import { StatsQueryError } from './errors.ts';
import type { Goal } from './goals.ts';
import { type Range, comparisonRange, daysBetween, resolveDateRange } from './periods.ts';

export interface Filter {
  op: StatsFilterOperator;
  dimension: StatsDimension;
  values: string[];
}

export interface Plan {
  metrics: StatsMetric[];
  dimensions: StatsDimension[];
  filters: Filter[];
  range: Range;
  comparison?: Range;
  orderBy: Array<[StatsMetric | StatsDimension, 'asc' | 'desc']>;
  limit: number;
  offset: number;
  totalRows: boolean;
  timeZone: string;
  goals: Goal[];
}

const known = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);
const quoted = (value: string) => JSON.stringify(value.slice(0, 60));

/** The bucket `time` stands for: hours within a day, days up to three months, months beyond. */
export function autoTimeBucket(range: Range): StatsDimension {
  if (range.realtime || daysBetween(range.firstDay, range.lastDay) <= 1) return 'time:hour';
  return daysBetween(range.firstDay, range.lastDay) <= 92 ? 'time:day' : 'time:month';
}

export function planQuery(query: StatsQuery, context: { timeZone: string; now: number; goals: Goal[]; firstEventDay?: string }): Plan {
  const metrics = query.metrics.map((m) => {
    if (!known(STATS_METRICS, m)) throw new StatsQueryError(`metrics: unknown metric ${quoted(m)} (one of ${STATS_METRICS.join(', ')}).`);
    return m;
  });
  if (new Set(metrics).size !== metrics.length) throw new StatsQueryError('metrics: a metric is asked for twice.');
  const range = resolveDateRange(query.date_range, context.timeZone, context.now, context.firstEventDay);
  const dimensions = (query.dimensions ?? []).map((d) => {
    if (!known(STATS_DIMENSIONS, d))
      throw new StatsQueryError(`dimensions: unknown dimension ${quoted(d)} (one of ${STATS_DIMENSIONS.join(', ')}).`);
    return d === 'time' ? autoTimeBucket(range) : d;
  });
  if (new Set(dimensions).size !== dimensions.length) throw new StatsQueryError('dimensions: a dimension is asked for twice.');
  if (dimensions.filter((d) => d.startsWith('time')).length > 1) throw new StatsQueryError('dimensions: at most one time dimension.');
  const goalNames = new Set(context.goals.map((g) => g.name));
  // A filter is [operator, dimension, values]: a refusal names the filter and the part of it.
  const filters = (query.filters ?? []).map(([op, dimension, values], i): Filter => {
    if (!known(STATS_FILTER_OPERATORS, op)) {
      throw new StatsQueryError(`filters: unknown operator ${quoted(op)} (one of ${STATS_FILTER_OPERATORS.join(', ')}).`, `filters.${i}.0`);
    }
    if (!known(STATS_DIMENSIONS, dimension) || dimension.startsWith('time')) {
      throw new StatsQueryError(`filters: cannot filter on ${quoted(dimension)} (an event: or visit: dimension).`, `filters.${i}.1`);
    }
    if (dimension === 'event:goal' && (op === 'is' || op === 'is_not')) {
      const unknown = values.find((v) => !goalNames.has(v));
      if (unknown !== undefined) throw new StatsQueryError(`filters: no goal is named ${quoted(unknown)}.`, `filters.${i}.2`);
    }
    return { op, dimension, values };
  });
  const orderBy = (query.order_by ?? []).map(([name, direction]): [StatsMetric | StatsDimension, 'asc' | 'desc'] => {
    if (known(STATS_METRICS, name) && metrics.includes(name)) return [name, direction];
    const dimension =
      name === 'time' && dimensions.some((d) => d.startsWith('time:')) ? dimensions.find((d) => d.startsWith('time:'))! : name;
    if (known(STATS_DIMENSIONS, dimension) && dimensions.includes(dimension)) return [dimension, direction];
    throw new StatsQueryError(`order_by: ${quoted(name)} is not one of the query's metrics or dimensions.`);
  });
  if (orderBy.length === 0) {
    const time = dimensions.find((d) => d.startsWith('time:'));
    if (time) orderBy.push([time, 'asc']);
    else if (dimensions.length > 0) orderBy.push([metrics[0]!, 'desc']);
  }
  return {
    metrics,
    dimensions,
    filters,
    range,
    comparison: query.comparison ? comparisonRange(query.comparison, range, context.timeZone, context.now) : undefined,
    orderBy,
    limit: query.pagination?.limit ?? STATS_MAX_LIMIT,
    offset: query.pagination?.offset ?? 0,
    totalRows: query.include?.total_rows ?? false,
    timeZone: context.timeZone,
    goals: context.goals,
  };
}
