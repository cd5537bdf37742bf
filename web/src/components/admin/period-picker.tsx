import { PERIOD_DAYS, type PeriodDays } from '@curb/contracts/analytics';
import styles from './admin-ui.module.css';

/** Period choices 7, 30 and 90 days (30 by default, DEFAULT_PERIOD_DAYS). */
export function PeriodPicker({ value, onChange }: { value: PeriodDays; onChange: (days: PeriodDays) => void }) {
  return (
    <div className={styles.segmented} role="group" aria-label="Period">
      {PERIOD_DAYS.map((days) => (
        <button key={days} type="button" className={styles.segment} aria-pressed={days === value} onClick={() => onChange(days)}>
          {days} days
        </button>
      ))}
    </div>
  );
}
