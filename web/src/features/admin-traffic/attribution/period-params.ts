// The Traffic page's period and filters (from its address) as the lead views' query string.
import { viewState } from '../lib/query';
import { DEFAULT_PERIOD, type TrafficSearch } from '../lib/search';

export function periodParams(search: TrafficSearch): URLSearchParams {
  const params = new URLSearchParams({ period: search.period ?? DEFAULT_PERIOD });
  if (search.period === 'custom' && search.from && search.to) {
    params.set('from', search.from);
    params.set('to', search.to);
  }
  return params;
}

/** The period and the page's filters (JSON, as POST /api/stats takes them). */
export function leadViewParams(search: TrafficSearch): URLSearchParams {
  const params = periodParams(search);
  const { filters } = viewState(search);
  if (filters.length > 0) params.set('filters', JSON.stringify(filters));
  return params;
}
