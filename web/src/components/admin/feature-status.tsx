import { DATA_SOURCES, type FeatureStatus } from '@curb/contracts/analytics';
import { Badge, type BadgeTone } from './badge';
import styles from './admin-ui.module.css';

/** Spec: complete green, partial yellow, anything else red. */
export function implementationTone(status: string): BadgeTone {
  return status === 'complete' ? 'green' : status === 'partial' ? 'yellow' : 'red';
}

/** Spec: the status icon follows real data and functionality: green at 75 or more, yellow at 50 or more, else red. */
export function functionalityTone(feature: Pick<FeatureStatus, 'hasRealData' | 'functionalityLevel'>): BadgeTone {
  if (!feature.hasRealData) return 'red';
  return feature.functionalityLevel >= 75 ? 'green' : feature.functionalityLevel >= 50 ? 'yellow' : 'red';
}

const ICONS: Partial<Record<BadgeTone, string>> = { green: '●', yellow: '◐', red: '○' };

export const sourceLabel = (id: string) => (DATA_SOURCES as Record<string, string>)[id] ?? id.replace(/_/g, ' ');

/** One feature's data-connection status, or the spec's text when none could be loaded. */
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
          <Badge tone={implementationTone(feature.implementationStatus)}>{feature.implementationStatus}</Badge>
          <Badge tone={tone}>{feature.functionalityLevel}% functional</Badge>
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
