import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Line } from '@visx/shape';
import { useLayoutEffect, useRef, useState } from 'react';
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

/** Side by side: the label, its bar, the caption, one row each; labels get up to this share of the width. */
const WIDE = { row: 36, labelShare: 0.35 };
/** Narrower than this (a phone) each row stacks its label above its bar and caption. */
const STACK_BELOW = 480;
const STACKED = { row: 46, labelHeight: 20, bar: 16 };
/** Roughly the width of a character at the chart's 13 px (a label's; a caption's, bold). */
const CHAR_PX = 7.5;
const BOLD_CHAR_PX = 8;
/** The width drawn before the figure is measured (the server's render). */
const FALLBACK_WIDTH = 640;

const clip = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, chars - 1)}…` : text);

/**
 * The figure's width in CSS pixels, followed as it changes: the chart is drawn at that
 * width, one unit a pixel, so its text is the size the stylesheet says on any screen (a
 * fixed drawing scaled down to a phone shrank 12 px labels to 6 px).
 */
function useWidth() {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const figure = ref.current;
    if (!figure) return;
    const measure = () => setWidth(Math.floor(figure.clientWidth) || null);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(figure);
    return () => observer.disconnect();
  }, []);
  return [ref, width ?? FALLBACK_WIDTH] as const;
}

/**
 * Horizontal bars drawn with visx: one row per datum, a label on the left, the figure on
 * the right (on a phone, the label above its bar). `max` fixes the scale (e.g. 100 for
 * percentages). The chart fills its container's width, its text unscaled.
 */
export function BarChart({ data, title, max }: { data: BarDatum[]; title: string; max?: number }) {
  if (data.length === 0) return <p className={styles.empty}>No data for this period.</p>;
  return <Bars data={data} title={title} max={max} />;
}

function Bars({ data, title, max }: { data: BarDatum[]; title: string; max?: number }) {
  const [ref, width] = useWidth();
  const stacked = width < STACK_BELOW;
  // Room for the longest label (within its share) and the longest caption.
  const longest = (texts: string[]) => Math.max(...texts.map((t) => t.length));
  const labelWidth = stacked ? 0 : Math.min(longest(data.map((d) => d.label)) * CHAR_PX + 12, width * WIDE.labelShare);
  const captionWidth = Math.min(longest(data.map((d) => d.caption ?? String(d.value))) * BOLD_CHAR_PX + 16, 160);
  const labelChars = Math.floor((stacked ? width : labelWidth - 12) / CHAR_PX);
  const row = stacked ? STACKED.row : WIDE.row;
  const height = data.length * row + 8;
  const plotWidth = Math.max(80, width - labelWidth - captionWidth);
  const top = max ?? Math.max(...data.map((d) => Math.max(d.value, d.high ?? 0)), 1);
  const x = scaleLinear<number>({ domain: [0, top], range: [0, plotWidth], clamp: true });
  const y = scaleBand<string>({ domain: data.map((_, i) => String(i)), range: [4, height - 4], padding: 0.25 });
  return (
    <figure ref={ref} className={styles.figure}>
      <figcaption className={styles.caption}>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={title} className={styles.svg}>
        {data.map((d, i) => {
          // Stacked: the label on the row's first line, the bar under it; else the bar fills the band.
          const rowTop = stacked ? 4 + i * row : (y(String(i)) ?? 0);
          const barTop = stacked ? rowTop + STACKED.labelHeight : rowTop;
          const barHeight = stacked ? STACKED.bar : y.bandwidth();
          const mid = barTop + barHeight / 2;
          const label = clip(d.label, labelChars);
          return (
            <Group key={`${d.label}-${i}`}>
              <text
                x={stacked ? 0 : labelWidth - 8}
                y={stacked ? rowTop + STACKED.labelHeight / 2 : mid}
                textAnchor={stacked ? 'start' : 'end'}
                dominantBaseline="middle"
                className={styles.label}
              >
                {label !== d.label && <title>{d.label}</title>}
                {label}
              </text>
              <Bar
                x={labelWidth}
                y={barTop}
                width={Math.max(1, x(d.value))}
                height={barHeight}
                rx={3}
                className={d.highlight ? styles.barHighlight : styles.bar}
              />
              {d.low !== undefined && d.high !== undefined && (
                <Group className={styles.whisker}>
                  <Line from={{ x: labelWidth + x(d.low), y: mid }} to={{ x: labelWidth + x(d.high), y: mid }} />
                  <Line from={{ x: labelWidth + x(d.low), y: mid - 5 }} to={{ x: labelWidth + x(d.low), y: mid + 5 }} />
                  <Line from={{ x: labelWidth + x(d.high), y: mid - 5 }} to={{ x: labelWidth + x(d.high), y: mid + 5 }} />
                </Group>
              )}
              <text x={labelWidth + plotWidth + 8} y={mid} dominantBaseline="middle" className={styles.value}>
                {d.caption ?? d.value}
              </text>
            </Group>
          );
        })}
      </svg>
    </figure>
  );
}
