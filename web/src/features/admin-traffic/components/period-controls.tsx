import { useId } from 'react';
import { STATS_PERIODS } from '@curb/contracts/stats';
import {
  COMPARISONS,
  DEFAULT_COMPARISON,
  DEFAULT_PERIOD,
  isoDay,
  type TrafficComparison,
  type TrafficPeriod,
  type TrafficSearch,
} from '../lib/search';
import styles from './traffic.module.css';

export const PERIOD_LABELS: Record<TrafficPeriod, string> = {
  realtime: 'Realtime',
  day: 'Today',
  yesterday: 'Yesterday',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  month: 'Month to date',
  last_month: 'Last month',
  year: 'Year to date',
  '12mo': 'Last 12 months',
  all: 'All time',
  custom: 'Custom range',
};

export const COMPARISON_LABELS: Record<TrafficComparison, string> = {
  previous_period: 'Previous period',
  year_over_year: 'Same period last year',
  custom: 'Custom range',
  off: 'No comparison',
};

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Period and comparison pickers; a custom choice shows its two dates. */
export function PeriodControls({ search, onChange }: { search: TrafficSearch; onChange: (next: TrafficSearch) => void }) {
  const id = useId();
  const period = search.period ?? DEFAULT_PERIOD;
  const compare = search.compare ?? DEFAULT_COMPARISON;
  const setPeriod = (value: TrafficPeriod) => {
    const { from: _f, to: _t, interval: _i, ...rest } = search;
    onChange(
      value === 'custom'
        ? { ...rest, period: value, from: search.from ?? daysAgo(13), to: search.to ?? today() }
        : { ...rest, period: value },
    );
  };
  const setCompare = (value: TrafficComparison) => {
    const { cfrom: _f, cto: _t, ...rest } = search;
    onChange(
      value === 'custom'
        ? { ...rest, compare: value, cfrom: search.cfrom ?? daysAgo(27), cto: search.cto ?? daysAgo(14) }
        : { ...rest, compare: value },
    );
  };
  // A date input gives '' while being edited; only a whole, ordered range is applied.
  const setDates = (keys: ['from', 'to'] | ['cfrom', 'cto'], first: string | undefined, last: string | undefined) => {
    const a = isoDay(first);
    const b = isoDay(last);
    if (a && b && a <= b) onChange({ ...search, [keys[0]]: a, [keys[1]]: b });
  };
  return (
    <div className={styles.periodControls}>
      <div className={styles.control}>
        <label htmlFor={`${id}-period`}>Period</label>
        <select id={`${id}-period`} value={period} onChange={(e) => setPeriod(e.target.value as TrafficPeriod)}>
          {[...STATS_PERIODS, 'custom' as const].map((p) => (
            <option key={p} value={p}>
              {PERIOD_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      {period === 'custom' && (
        <span className={styles.dates}>
          <label htmlFor={`${id}-from`} className="visually-hidden">
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={search.from}
            max={search.to}
            onChange={(e) => setDates(['from', 'to'], e.target.value, search.to)}
          />
          <span aria-hidden="true">–</span>
          <label htmlFor={`${id}-to`} className="visually-hidden">
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={search.to}
            min={search.from}
            onChange={(e) => setDates(['from', 'to'], search.from, e.target.value)}
          />
        </span>
      )}
      {period !== 'realtime' && (
        <div className={styles.control}>
          <label htmlFor={`${id}-compare`}>Compare with</label>
          <select id={`${id}-compare`} value={compare} onChange={(e) => setCompare(e.target.value as TrafficComparison)}>
            {COMPARISONS.map((c) => (
              <option key={c} value={c}>
                {COMPARISON_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
      )}
      {period !== 'realtime' && compare === 'custom' && (
        <span className={styles.dates}>
          <label htmlFor={`${id}-cfrom`} className="visually-hidden">
            Compare from
          </label>
          <input
            id={`${id}-cfrom`}
            type="date"
            value={search.cfrom}
            max={search.cto}
            onChange={(e) => setDates(['cfrom', 'cto'], e.target.value, search.cto)}
          />
          <span aria-hidden="true">–</span>
          <label htmlFor={`${id}-cto`} className="visually-hidden">
            Compare to
          </label>
          <input
            id={`${id}-cto`}
            type="date"
            value={search.cto}
            min={search.cfrom}
            onChange={(e) => setDates(['cfrom', 'cto'], search.cfrom, e.target.value)}
          />
        </span>
      )}
    </div>
  );
}
