import styles from './admin-ui.module.css';

/** Spec: period choices 7, 30 and 90 days; 30 by default. */
export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = 30;

export function PeriodPicker({ value, onChange }: { value: Period; onChange: (days: Period) => void }) {
  return (
    <div className={styles.segmented} role="group" aria-label="Period">
      {PERIODS.map((days) => (
        <button key={days} type="button" className={styles.segment} aria-pressed={days === value} onClick={() => onChange(days)}>
          {days} days
        </button>
      ))}
    </div>
  );
}
