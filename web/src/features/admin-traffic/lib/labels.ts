// How the page names dimensions, metrics and values for the owner.
import { STATS_RATE_METRICS, type StatsDimension, type StatsMetric } from '@curb/contracts/stats';
import { formatCount, formatPercent } from '@/components/admin/format';
import type { FilterDimension, FilterOperator } from './search';

export const DIMENSION_LABELS: Record<FilterDimension, string> = {
  'event:page': 'Page',
  'event:goal': 'Goal',
  'visit:entry_page': 'Entry page',
  'visit:exit_page': 'Exit page',
  'visit:channel': 'Channel',
  'visit:source': 'Source',
  'visit:referrer': 'Referrer',
  'visit:utm_source': 'UTM source',
  'visit:utm_medium': 'UTM medium',
  'visit:utm_campaign': 'UTM campaign',
  'visit:utm_content': 'UTM content',
  'visit:utm_term': 'UTM term',
  'visit:country': 'Country',
  'visit:browser': 'Browser',
  'visit:os': 'Operating system',
  'visit:device': 'Device',
  'visit:screen_size': 'Screen size',
};

export const OPERATOR_LABELS: Record<FilterOperator, string> = { is: 'is', is_not: 'is not', contains: 'contains' };

export const METRIC_LABELS: Record<StatsMetric, string> = {
  visitors: 'Unique visitors',
  visits: 'Visits',
  pageviews: 'Pageviews',
  views_per_visit: 'Views per visit',
  bounce_rate: 'Bounce rate',
  visit_duration: 'Visit duration',
  events: 'Events',
  conversion_rate: 'Conversion rate',
  percentage: 'Share',
  leads: 'Leads',
  audit_requests: 'Audit requests',
  consultations: 'Consultations',
};

export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

export function formatMetric(metric: StatsMetric, value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (STATS_RATE_METRICS.has(metric)) return formatPercent(value);
  if (metric === 'visit_duration') return formatDuration(value);
  if (metric === 'views_per_visit') return value.toFixed(2);
  return formatCount(value);
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** A dimension's value as the owner reads it: a country's name from its ISO code; "(none)" for empty. */
export function formatDimensionValue(dimension: StatsDimension, value: string): string {
  if (value === '') return '(none)';
  if (dimension === 'visit:country' && /^[A-Z]{2}$/.test(value)) {
    try {
      return regionNames.of(value) ?? value;
    } catch {
      return value;
    }
  }
  return value;
}
