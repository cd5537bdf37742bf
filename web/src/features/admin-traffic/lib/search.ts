// The Traffic page's state as it lives in the address bar: period, comparison, chart interval
// and filters. A copied link opens the same view and back/forward step through the owner's
// changes, so everything here is parsed from an address anyone could type: unknown keys and
// values are dropped, never trusted.
import { STATS_DIMENSIONS, STATS_MAX_FILTERS, STATS_PERIODS, type StatsDimension, type StatsPeriod } from '@curb/contracts/stats';

export type TrafficPeriod = StatsPeriod | 'custom';
export const COMPARISONS = ['previous_period', 'year_over_year', 'custom', 'off'] as const;
export type TrafficComparison = (typeof COMPARISONS)[number];
export const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];

/** The operators the page offers (Plausible's `contains_not` is reachable through the API). */
export const FILTER_OPERATORS = ['is', 'is_not', 'contains'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export type FilterDimension = Exclude<StatsDimension, `time${string}`>;
export const FILTER_DIMENSIONS = STATS_DIMENSIONS.filter((d): d is FilterDimension => !d.startsWith('time'));
export type TrafficFilter = [FilterOperator, FilterDimension, string];
/** The page's tabs: the visits overview, the leads' sources, the owner's funnels. */
export const TRAFFIC_VIEWS = ['overview', 'attribution', 'funnels'] as const;
export type TrafficView = (typeof TRAFFIC_VIEWS)[number];

export interface TrafficSearch {
  period?: TrafficPeriod;
  from?: string;
  to?: string;
  compare?: TrafficComparison;
  cfrom?: string;
  cto?: string;
  interval?: Interval;
  filters?: TrafficFilter[];
  view?: TrafficView;
}

export const DEFAULT_PERIOD: StatsPeriod = '7d';
export const DEFAULT_COMPARISON: TrafficComparison = 'previous_period';
/** As the API's own limit on a filter's value. */
const MAX_FILTER_VALUE = 500;

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** A real calendar day written YYYY-MM-DD, or nothing. */
export function isoDay(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : undefined;
}

// Control characters, lone surrogates and NUL would only make the API refuse the query.
const UNPRINTABLE = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function parseFilter(value: unknown): TrafficFilter | undefined {
  if (!Array.isArray(value) || value.length !== 3) return undefined;
  const operator = oneOf(FILTER_OPERATORS, value[0]);
  const dimension = oneOf(FILTER_DIMENSIONS, value[1]);
  const text = typeof value[2] === 'string' ? value[2].replace(UNPRINTABLE, '').trim() : '';
  if (!operator || !dimension || text === '' || text.length > MAX_FILTER_VALUE) return undefined;
  return [operator, dimension, text];
}

/** The address's search part as the page's state: only what is valid survives. */
export function parseTrafficSearch(raw: Record<string, unknown>): TrafficSearch {
  const search: TrafficSearch = {};
  const period = raw.period === 'custom' ? 'custom' : oneOf(STATS_PERIODS, raw.period);
  const from = isoDay(raw.from);
  const to = isoDay(raw.to);
  if (period === 'custom') {
    // A custom range needs both ends in order; without them the default period shows.
    if (from && to && from <= to) Object.assign(search, { period, from, to });
  } else if (period) search.period = period;
  const compare = oneOf(COMPARISONS, raw.compare);
  const cfrom = isoDay(raw.cfrom);
  const cto = isoDay(raw.cto);
  if (compare === 'custom') {
    if (cfrom && cto && cfrom <= cto) Object.assign(search, { compare, cfrom, cto });
  } else if (compare) search.compare = compare;
  const view = oneOf(TRAFFIC_VIEWS, raw.view);
  if (view && view !== 'overview') search.view = view;
  const interval = oneOf(INTERVALS, raw.interval);
  if (interval) search.interval = interval;
  if (Array.isArray(raw.filters)) {
    const filters: TrafficFilter[] = [];
    for (const item of raw.filters.slice(0, STATS_MAX_FILTERS)) {
      const filter = parseFilter(item);
      if (filter && !filters.some((f) => f[0] === filter[0] && f[1] === filter[1] && f[2] === filter[2])) filters.push(filter);
    }
    if (filters.length > 0) search.filters = filters;
  }
  return search;
}

/** The search with one `is` filter on `dimension` set to `value` (replacing an earlier one on it). */
export function withFilter(search: TrafficSearch, filter: TrafficFilter): TrafficSearch {
  const [operator, dimension] = filter;
  const others = (search.filters ?? []).filter(
    (f) => !(f[1] === dimension && (operator === 'is' ? f[0] === 'is' : f[0] === operator && f[2] === filter[2])),
  );
  return { ...search, filters: [...others, filter].slice(-STATS_MAX_FILTERS) };
}

export function withoutFilter(search: TrafficSearch, index: number): TrafficSearch {
  const filters = (search.filters ?? []).filter((_, i) => i !== index);
  return { ...search, filters: filters.length > 0 ? filters : undefined };
}

/** The chart intervals that make sense for a period, the first being the default. */
export function intervalsFor(period: TrafficPeriod, from?: string, to?: string): readonly Interval[] {
  switch (period) {
    case 'realtime':
    case 'day':
    case 'yesterday':
      return ['hour'];
    case '7d':
      return ['day', 'hour'];
    case '30d':
    case 'month':
    case 'last_month':
      return ['day', 'week'];
    case '90d':
      return ['day', 'week', 'month'];
    case 'year':
    case '12mo':
      return ['month', 'week', 'day'];
    case 'all':
      return ['month', 'week'];
    case 'custom': {
      const days = from && to ? (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 : 30;
      if (days <= 2) return ['hour', 'day'];
      if (days <= 40) return ['day', 'week'];
      if (days <= 120) return ['day', 'week', 'month'];
      return ['month', 'week', 'day'];
    }
  }
}
