// The Traffic page's period (from its address) as the lead views' query string.
import { DEFAULT_PERIOD, type TrafficSearch } from '../lib/search';

export function periodParams(search: TrafficSearch): URLSearchParams {
  const params = new URLSearchParams({ period: search.period ?? DEFAULT_PERIOD });
  if (search.period === 'custom' && search.from && search.to) {
    params.set('from', search.from);
    params.set('to', search.to);
  }
  return params;
}
