import { loaderCaption } from '../hooks/use-loader-stage';
import styles from './marketing-audit.module.css';

/** The analysis animation: a house is built stage by stage until the SOLD sign goes up. */
export function BuildingLoader({ stage }: { stage: number }) {
  return (
    <div className={styles.loader} data-stage={stage} data-testid="audit-loader" role="status" aria-live="polite">
      <svg viewBox="0 0 200 140" width="200" height="140" aria-hidden="true">
        <rect className={styles.s1} x="30" y="118" width="110" height="8" fill="#6b7280" />
        <rect className={`${styles.s2} ${styles.wall}`} x="40" y="70" width="90" height="48" strokeWidth="2" />
        <path className={`${styles.s3} ${styles.brandFill}`} d="M32 72 85 30l53 42z" />
        <g className={styles.s3}>
          <rect x="54" y="82" width="16" height="14" fill="#fff" />
          <rect x="98" y="82" width="16" height="14" fill="#fff" />
          <rect x="76" y="94" width="16" height="24" className={styles.door} />
        </g>
        <rect className={styles.s4} x="160" y="60" width="4" height="66" fill="#374151" />
        <g className={styles.s5}>
          <rect x="146" y="66" width="40" height="20" rx="2" className={styles.brandFill} />
          <text x="166" y="80" textAnchor="middle" fontSize="10" fontWeight="700" fill="#fff">
            SOLD
          </text>
        </g>
      </svg>
      <p className={styles.caption}>{loaderCaption(stage)}</p>
    </div>
  );
}
