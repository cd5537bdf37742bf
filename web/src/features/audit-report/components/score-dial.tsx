import { dialLevel, DIAL_TONE } from '../utils/levels';
import styles from './audit-report.module.css';

const R = 42;
const CIRCUMFERENCE = 2 * Math.PI * R;

/**
 * A circular score. Level from the report's thresholds (@curb/contracts/grades); under 40 the dial pulses as a warning,
 * at 90 or more it celebrates.
 */
export function ScoreDial({
  score,
  label,
  size = 'md',
  caption,
}: {
  score: number;
  label: string;
  size?: 'sm' | 'md' | 'lg';
  caption?: string;
}) {
  const value = Math.max(0, Math.min(100, Math.round(score)));
  const level = dialLevel(value);
  const effect = value < 40 ? styles.pulse : value >= 90 ? styles.celebrate : '';
  return (
    <figure
      className={`${styles.dial} ${styles[`dial-${size}`]} ${effect}`}
      data-level={level}
      data-testid={`dial-${label.toLowerCase().replace(/\s+/g, '-')}`}
    >
      <svg viewBox="0 0 100 100" role="img" aria-label={`${label}: ${value} out of 100`}>
        <circle cx="50" cy="50" r={R} className={styles.dialTrack} />
        <circle
          cx="50"
          cy="50"
          r={R}
          className={`${styles.dialValue} ${styles[`tone-${DIAL_TONE[level]}`]}`}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - value / 100)}
          transform="rotate(-90 50 50)"
        />
        <text x="50" y="50" className={styles.dialNumber} dominantBaseline="central" textAnchor="middle">
          {value}
        </text>
      </svg>
      <figcaption>
        <span className={styles.dialLabel}>{label}</span>
        {caption && <span className={styles.dialCaption}>{caption}</span>}
      </figcaption>
    </figure>
  );
}
