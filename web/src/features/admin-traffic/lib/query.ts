// From the page's state to the API's query (Plausible's Stats API v2 shape, POST /api/stats).
import type { StatsDimension, StatsMetric, StatsQuery } from '@curb/contracts/stats';
import { DEFAULT_COMPARISON, DEFAULT_PERIOD, type Interval, intervalsFor, type TrafficSearch } from './search';

export interface ViewState {
  dateRange: StatsQuery['date_range'];
  comparison: StatsQuery['comparison'];
  filters: NonNullable<StatsQuery['filters']>;
  interval: Interval;
  realtime: boolean;
}

/** The search with its defaults filled in. */
export function viewState(search: TrafficSearch): ViewState {
  const period = search.period ?? DEFAULT_PERIOD;
  const dateRange: StatsQuery['date_range'] = period === 'custom' ? [search.from!, search.to!] : period;
  const compare = search.compare ?? DEFAULT_COMPARISON;
  const comparison: StatsQuery['comparison'] =
    period === 'realtime' || compare === 'off' ? undefined : compare === 'custom' ? [search.cfrom!, search.cto!] : compare;
  const allowed = intervalsFor(period, search.from, search.to);
  const interval = search.interval && allowed.includes(search.interval) ? search.interval : allowed[0]!;
  const filters = (search.filters ?? []).map(
    ([operator, dimension, value]) => [operator, dimension, [value]] as [string, string, string[]],
  );
  return { dateRange, comparison, filters, interval, realtime: period === 'realtime' };
}

export function statsQuery(
  view: ViewState,
  metrics: readonly StatsMetric[],
  options: { dimensions?: StatsDimension[]; comparison?: boolean; limit?: number; dateRange?: StatsQuery['date_range'] } = {},
): StatsQuery {
  return {
    metrics: [...metrics],
    date_range: options.dateRange ?? view.dateRange,
    ...(view.filters.length > 0 && { filters: view.filters }),
    ...(options.dimensions && { dimensions: options.dimensions }),
    ...(options.comparison && view.comparison && { comparison: view.comparison }),
    ...(options.limit && { pagination: { limit: options.limit } }),
  };
}
