import { STATS_RATE_METRICS, type StatsMetric, type StatsResponse } from '@curb/contracts/stats';
import { StatCard, StatGrid } from '@/components/admin/stat-card';
import { formatMetric, METRIC_LABELS } from '../lib/labels';
import styles from './traffic.module.css';

/** The figures at the top, in this order (the query asks for them in the same order). */
export const TOP_METRICS = [
  'visitors',
  'visits',
  'pageviews',
  'views_per_visit',
  'bounce_rate',
  'visit_duration',
  'leads',
  'audit_requests',
  'consultations',
  'conversion_rate',
] as const satisfies readonly StatsMetric[];

/** A figure that going down is good news (coloured the other way round). */
const LOWER_IS_BETTER: ReadonlySet<StatsMetric> = new Set(['bounce_rate']);

function Change({ metric, change, before }: { metric: StatsMetric; change: number | null | undefined; before: number | null | undefined }) {
  // The API gives no % change from nothing: say what it was instead.
  if (change === null || change === undefined) {
    return (
      <span className={styles.muted}>
        {before === null || before === undefined ? 'no comparison' : `was ${formatMetric(metric, before)}`}
      </span>
    );
  }
  const unit = STATS_RATE_METRICS.has(metric) ? ' pts' : '%';
  const rounded = Math.round(change * 10) / 10;
  if (rounded === 0) return <span className={styles.flat}>= 0{unit}</span>;
  const good = rounded > 0 !== LOWER_IS_BETTER.has(metric);
  return (
    <span className={good ? styles.up : styles.down} data-change={rounded}>
      <span aria-hidden="true">{rounded > 0 ? '▲' : '▼'}</span> {Math.abs(rounded)}
      {unit}
      <span className="visually-hidden">{rounded > 0 ? ' up' : ' down'}</span>
    </span>
  );
}

export function TopFigures({ data, comparing }: { data: StatsResponse; comparing: boolean }) {
  const row = data.results[0];
  return (
    <StatGrid>
      {TOP_METRICS.map((metric, i) => (
        <StatCard
          key={metric}
          label={METRIC_LABELS[metric]}
          value={<span data-metric={metric}>{formatMetric(metric, row?.metrics[i] ?? 0)}</span>}
          hint={comparing ? <Change metric={metric} change={row?.comparison?.change[i]} before={row?.comparison?.metrics[i]} /> : undefined}
        />
      ))}
    </StatGrid>
  );
}
