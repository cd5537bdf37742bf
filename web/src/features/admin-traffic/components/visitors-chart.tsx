import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Line, LinePath } from '@visx/shape';
import { type PointerEvent, useLayoutEffect, useRef, useState } from 'react';
import type { StatsResponse } from '@curb/contracts/stats';
import { formatCount } from '@/components/admin/format';
import type { Interval } from '../lib/search';
import styles from './traffic.module.css';

const HEIGHT = 240;
const MARGIN = { top: 12, right: 16, bottom: 28, left: 44 };
const FALLBACK_WIDTH = 640;

export interface SeriesPoint {
  label: string;
  value: number;
}

const DAY_MS = 86_400_000;
/** A period's hours are filled in only for short periods (a week has 168). */
const MAX_FILLED = 1200;

const dayText = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The start of every bucket from `first` to `last` (calendar days), as the API writes them. */
function bucketsBetween(first: string, last: string, interval: Interval): string[] {
  const buckets: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  let t = Date.parse(`${first}T00:00:00Z`);
  if (Number.isNaN(t) || Number.isNaN(end)) return buckets;
  if (interval === 'week') t -= ((new Date(t).getUTCDay() + 6) % 7) * DAY_MS;
  if (interval === 'month') t = Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth(), 1);
  while (t <= end && buckets.length < MAX_FILLED) {
    if (interval === 'hour') {
      for (let h = 0; h < 24; h++) buckets.push(`${dayText(t)} ${String(h).padStart(2, '0')}:00:00`);
      t += DAY_MS;
    } else {
      buckets.push(dayText(t));
      if (interval === 'month') {
        const d = new Date(t);
        t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
      } else t += (interval === 'week' ? 7 : 1) * DAY_MS;
    }
  }
  return buckets;
}

/**
 * The buckets of a time breakdown as points, one per bucket of the answered period: the API
 * answers only the buckets it has visits in, and the line must show the others as 0.
 */
export function seriesOf(data: StatsResponse | undefined, interval: Interval): SeriesPoint[] {
  if (!data) return [];
  const values = new Map(data.results.map((r) => [r.dimensions[0] ?? '', r.metrics[0] ?? 0]));
  const [first, last] = data.meta.date_range;
  // A bucket the calendar does not foresee (a clock change's extra hour) is kept too.
  const labels = [...new Set([...bucketsBetween(first.slice(0, 10), last.slice(0, 10), interval), ...values.keys()])].sort();
  return labels.map((label) => ({ label, value: values.get(label) ?? 0 }));
}

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A bucket's label as a tick reads: "14:00", "Nov 3", "Nov 2026". */
export function bucketLabel(label: string, interval: Interval): string {
  const time = /[ T](\d{2}:\d{2})/.exec(label)?.[1];
  if (interval === 'hour' && time) return time;
  const day = Date.parse(`${label.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day)) return label;
  return interval === 'month' ? monthYear.format(day) : shortDate.format(day);
}

/** The first and last labels are kept inside the plot's edges. */
const tickAnchor = (i: number, count: number) => (i === 0 && count > 1 ? 'start' : i === count - 1 && count > 1 ? 'end' : 'middle');

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setWidth(Math.floor(box.clientWidth) || FALLBACK_WIDTH);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Unique visitors per bucket, a line drawn with visx, and the comparison period's line dashed
 * beside it (bucket by bucket, its first bucket under the period's first). Hovering or
 * touching shows a bucket's figures.
 */
export function VisitorsChart({
  series,
  comparison,
  interval,
  comparisonLabel,
}: {
  series: SeriesPoint[];
  comparison?: SeriesPoint[];
  interval: Interval;
  comparisonLabel?: string;
}) {
  const [ref, width] = useWidth();
  const [active, setActive] = useState<number | null>(null);
  const plotWidth = Math.max(60, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const count = Math.max(series.length, comparison?.length ?? 0, 2);
  const top = Math.max(1, ...series.map((p) => p.value), ...(comparison ?? []).map((p) => p.value));
  const x = scaleLinear<number>({ domain: [0, count - 1], range: [0, plotWidth] });
  const y = scaleLinear<number>({ domain: [0, top], range: [plotHeight, 0], nice: true });
  const yTicks = y.ticks(4).filter(Number.isInteger);
  // As many x labels as fit at about 70 px each.
  const step = Math.max(1, Math.ceil(series.length / Math.max(1, Math.floor(plotWidth / 70))));
  const total = series.reduce((sum, p) => sum + p.value, 0);

  const onPointer = (event: PointerEvent<SVGRectElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const index = Math.round(x.invert(event.clientX - box.left));
    setActive(Math.min(series.length - 1, Math.max(0, index)));
  };
  const point = active !== null ? series[active] : undefined;

  return (
    <div ref={ref} className={styles.chart}>
      <div className={styles.chartReadout} aria-live="polite">
        {point ? (
          <>
            <strong>{bucketLabel(point.label, interval)}</strong>: {formatCount(point.value)} visitors
            {comparison?.[active!] && (
              <span className={styles.muted}>
                {' '}
                · {comparisonLabel}: {formatCount(comparison[active!]!.value)}
              </span>
            )}
          </>
        ) : (
          <span className={styles.muted}>
            <span className={styles.legendMain} /> This period
            {comparison && (
              <>
                {' '}
                <span className={styles.legendCompare} /> {comparisonLabel}
              </>
            )}
          </span>
        )}
      </div>
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-label={`Unique visitors by ${interval}: ${formatCount(total)} in ${series.length} buckets`}
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          {yTicks.map((tick) => (
            <Group key={tick}>
              <Line from={{ x: 0, y: y(tick) }} to={{ x: plotWidth, y: y(tick) }} className={styles.gridLine} />
              <text x={-8} y={y(tick)} textAnchor="end" dominantBaseline="middle" className={styles.tick}>
                {formatCount(tick)}
              </text>
            </Group>
          ))}
          {series.map((p, i) =>
            i % step === 0 ? (
              <text key={p.label} x={x(i)} y={plotHeight + 18} textAnchor={tickAnchor(i, series.length)} className={styles.tick}>
                {bucketLabel(p.label, interval)}
              </text>
            ) : null,
          )}
          {comparison && comparison.length > 0 && (
            <LinePath data={comparison} x={(_, i) => x(i)} y={(p) => y(p.value)} className={styles.compareLine} />
          )}
          <LinePath data={series} x={(_, i) => x(i)} y={(p) => y(p.value)} className={styles.mainLine} />
          {point && (
            <>
              <Line from={{ x: x(active!), y: 0 }} to={{ x: x(active!), y: plotHeight }} className={styles.cursor} />
              <circle cx={x(active!)} cy={y(point.value)} r={4} className={styles.dot} />
            </>
          )}
          <rect
            width={plotWidth}
            height={plotHeight}
            fill="transparent"
            onPointerMove={onPointer}
            onPointerDown={onPointer}
            onPointerLeave={() => setActive(null)}
          />
        </Group>
      </svg>
    </div>
  );
}
