import type { CSSProperties } from 'react';
import type { Funnel, FunnelStats } from '@curb/contracts/analytics';
import { Badge } from '@/components/admin/badge';
import styles from '@/components/admin/admin-ui.module.css';
import { formatCount, formatPercent } from '@/components/admin/format';
import { funnelRate } from '@/components/admin/rates';
import cardStyles from './funnels.module.css';

export function FunnelCard({
  funnel,
  stats,
  onEdit,
  onAnalytics,
  onHistory,
}: {
  funnel: Funnel;
  stats: FunnelStats | undefined;
  onEdit: () => void;
  onAnalytics: () => void;
  onHistory: () => void;
}) {
  return (
    <article className={`${styles.panel} ${cardStyles.card}`} aria-labelledby={`funnel-${funnel.id}`}>
      <span className={cardStyles.accent} style={{ '--accent': funnel.primaryColor } as CSSProperties} />
      <div className={styles.header}>
        <div>
          <h2 id={`funnel-${funnel.id}`} className={styles.panelTitle}>
            {funnel.name}
          </h2>
          <p className={styles.muted}>{funnel.subtitle}</p>
        </div>
        <Badge tone={funnel.isActive ? 'green' : 'gray'}>{funnel.isActive ? 'Active' : 'Inactive'}</Badge>
      </div>
      <p>{funnel.description}</p>
      {!funnel.isActive && (
        <p className={styles.muted} data-testid="funnel-inactive-note">
          Inactive: /{funnel.id} shows the generic audit page and this funnel&apos;s popup does not open.
        </p>
      )}
      <dl className={cardStyles.figures}>
        <div>
          <dt>Submissions</dt>
          <dd>{stats ? formatCount(stats.totalSubmissions) : '—'}</dd>
        </div>
        <div>
          <dt>Landing visitors</dt>
          <dd data-testid="funnel-views">{stats ? formatCount(stats.views) : '—'}</dd>
        </div>
        <div title={funnelRate(stats?.conversionEvent).hint}>
          <dt>{funnelRate(stats?.conversionEvent).label}</dt>
          <dd data-testid="funnel-rate">{stats ? formatPercent(stats.conversionRate) : '—'}</dd>
        </div>
        <div>
          <dt>Recent</dt>
          <dd>{stats ? formatCount(stats.recentSubmissions) : '—'}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <button type="button" className={`button button-outline ${styles.smallButton}`} onClick={onEdit}>
          Edit
        </button>
        <button type="button" className={`button button-outline ${styles.smallButton}`} onClick={onAnalytics}>
          Analytics
        </button>
        <button
          type="button"
          className={`button button-outline ${styles.smallButton}`}
          onClick={onHistory}
          aria-label={`History of ${funnel.name}`}
        >
          History
        </button>
        <a
          className={`button button-outline ${styles.smallButton}`}
          href={`/${encodeURIComponent(funnel.id)}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Open ${funnel.name} in a new tab`}
        >
          Open ↗
        </a>
      </div>
    </article>
  );
}
