import type { StatsResponse } from '@curb/contracts/stats';
import styles from './traffic.module.css';

/**
 * On a busy period the server counts visitors from hourly sketches instead of every visit, and
 * says which figures it estimated: the owner is told beside the figures, not left to compare
 * them with an exact count elsewhere.
 */
export function EstimateNote({ data }: { data: Pick<StatsResponse, 'meta'> }) {
  const estimated = data.meta.approximate_metrics ?? [];
  if (!estimated.includes('visitors')) return null;
  return (
    <p className={styles.muted} data-testid="estimate-note">
      Visitors here are estimated for this busy period (usually within 2 %); visits and page views are exact.
    </p>
  );
}
