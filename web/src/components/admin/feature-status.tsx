import { DATA_SOURCES, type FeatureStatus } from '@curb/contracts/analytics';
import { Badge, type BadgeTone } from './badge';
import styles from './admin-ui.module.css';

/** Green when every data source of the feature is live and holds data, yellow while some are, red when none is. */
export function functionalityTone(feature: Pick<FeatureStatus, 'hasRealData' | 'missingDataSources' | 'connectedDataSources'>): BadgeTone {
  if (!feature.hasRealData || feature.connectedDataSources.length === 0) return 'red';
  return feature.missingDataSources.length === 0 ? 'green' : 'yellow';
}

/** The feature's state in a few words for its badge; the card lists the missing sources by name. */
export function featureStatusText(feature: Pick<FeatureStatus, 'missingDataSources' | 'connectedDataSources'>): string {
  const missing = feature.missingDataSources.length;
  if (missing === 0) return 'Working';
  return `Waiting for ${missing} data source${missing === 1 ? '' : 's'}`;
}

const ICONS: Partial<Record<BadgeTone, string>> = { green: '●', yellow: '◐', red: '○' };

export const sourceLabel = (id: string) => (DATA_SOURCES as Record<string, string>)[id] ?? id.replace(/_/g, ' ');

/** One feature's data-connection status, or a plain line saying none could be loaded. */
export function FeatureStatusCard({ feature }: { feature: FeatureStatus | null | undefined }) {
  if (!feature) {
    return (
      <section className={styles.panel}>
        <p className={styles.muted}>No data connection information available for this feature.</p>
      </section>
    );
  }
  const tone = functionalityTone(feature);
  return (
    <section className={styles.panel} aria-label={`${feature.featureName} data connections`}>
      <div className={styles.header}>
        <h2 className={styles.panelTitle}>
          <span aria-hidden="true" className={styles[`${tone}Icon`]}>
            {ICONS[tone]}
          </span>{' '}
          {feature.featureName}
        </h2>
        <div className={styles.actions}>
          <Badge tone={tone}>{featureStatusText(feature)}</Badge>
        </div>
      </div>
      <p className={styles.muted}>{feature.description}</p>
      <div className={styles.grid}>
        <div>
          <strong>Connected</strong>
          <ul>
            {feature.connectedDataSources.length ? (
              feature.connectedDataSources.map((s) => <li key={s}>{sourceLabel(s)}</li>)
            ) : (
              <li className={styles.muted}>None yet</li>
            )}
          </ul>
        </div>
        <div>
          <strong>Missing</strong>
          <ul>
            {feature.missingDataSources.length ? (
              feature.missingDataSources.map((s) => <li key={s}>{sourceLabel(s)}</li>)
            ) : (
              <li className={styles.muted}>Nothing missing</li>
            )}
          </ul>
        </div>
      </div>
    </section>
  );
}
