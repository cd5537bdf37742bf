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
import { SelectField, TextField } from '@/components/ui/form/field';
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
  const range = (keys: ['from', 'to'] | ['cfrom', 'cto'], labels: [string, string]) => {
    const [first, last] = [search[keys[0]], search[keys[1]]];
    return (
      <span className={styles.dates}>
        <TextField
          compact
          hideLabel
          label={labels[0]}
          type="date"
          value={first}
          max={last}
          onChange={(e) => setDates(keys, e.target.value, last)}
        />
        <span aria-hidden="true">–</span>
        <TextField
          compact
          hideLabel
          label={labels[1]}
          type="date"
          value={last}
          min={first}
          onChange={(e) => setDates(keys, first, e.target.value)}
        />
      </span>
    );
  };
  return (
    <div className={styles.periodControls}>
      <SelectField compact label="Period" value={period} onChange={(e) => setPeriod(e.target.value as TrafficPeriod)}>
        {[...STATS_PERIODS, 'custom' as const].map((p) => (
          <option key={p} value={p}>
            {PERIOD_LABELS[p]}
          </option>
        ))}
      </SelectField>
      {period === 'custom' && range(['from', 'to'], ['From', 'To'])}
      {period !== 'realtime' && (
        <SelectField compact label="Compare with" value={compare} onChange={(e) => setCompare(e.target.value as TrafficComparison)}>
          {COMPARISONS.map((c) => (
            <option key={c} value={c}>
              {COMPARISON_LABELS[c]}
            </option>
          ))}
        </SelectField>
      )}
      {period !== 'realtime' && compare === 'custom' && range(['cfrom', 'cto'], ['Compare from', 'Compare to'])}
    </div>
  );
}
