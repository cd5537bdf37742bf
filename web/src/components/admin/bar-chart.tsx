import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Line } from '@visx/shape';
import styles from './chart.module.css';

export interface BarDatum {
  label: string;
  value: number;
  /** An interval drawn as a whisker across the bar's end, in the value's units. */
  low?: number;
  high?: number;
  /** Text after the bar; the value itself when absent. */
  caption?: string;
  highlight?: boolean;
}

const ROW = 34;
const LABEL_WIDTH = 150;
const CAPTION_WIDTH = 120;

/**
 * Horizontal bars drawn with visx: one row per datum, a label on the left, the figure on
 * the right. `max` fixes the scale (e.g. 100 for percentages).
 */
export function BarChart({ data, title, max, width = 640 }: { data: BarDatum[]; title: string; max?: number; width?: number }) {
  if (data.length === 0) return <p className={styles.empty}>No data for this period.</p>;
  const height = data.length * ROW + 8;
  const plotWidth = Math.max(120, width - LABEL_WIDTH - CAPTION_WIDTH);
  const top = max ?? Math.max(...data.map((d) => Math.max(d.value, d.high ?? 0)), 1);
  const x = scaleLinear<number>({ domain: [0, top], range: [0, plotWidth], clamp: true });
  const y = scaleBand<string>({ domain: data.map((_, i) => String(i)), range: [4, height - 4], padding: 0.25 });
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={title} className={styles.svg}>
        {data.map((d, i) => {
          const top = y(String(i)) ?? 0;
          const mid = top + y.bandwidth() / 2;
          return (
            <Group key={`${d.label}-${i}`}>
              <text x={LABEL_WIDTH - 8} y={mid} textAnchor="end" dominantBaseline="middle" className={styles.label}>
                {d.label.length > 22 ? `${d.label.slice(0, 21)}…` : d.label}
              </text>
              <Bar
                x={LABEL_WIDTH}
                y={top}
                width={Math.max(1, x(d.value))}
                height={y.bandwidth()}
                rx={3}
                className={d.highlight ? styles.barHighlight : styles.bar}
              />
              {d.low !== undefined && d.high !== undefined && (
                <Group className={styles.whisker}>
                  <Line from={{ x: LABEL_WIDTH + x(d.low), y: mid }} to={{ x: LABEL_WIDTH + x(d.high), y: mid }} />
                  <Line from={{ x: LABEL_WIDTH + x(d.low), y: mid - 5 }} to={{ x: LABEL_WIDTH + x(d.low), y: mid + 5 }} />
                  <Line from={{ x: LABEL_WIDTH + x(d.high), y: mid - 5 }} to={{ x: LABEL_WIDTH + x(d.high), y: mid + 5 }} />
                </Group>
              )}
              <text x={LABEL_WIDTH + plotWidth + 8} y={mid} dominantBaseline="middle" className={styles.value}>
                {d.caption ?? d.value}
              </text>
            </Group>
          );
        })}
      </svg>
    </figure>
  );
}
