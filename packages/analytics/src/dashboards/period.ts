// The time window every dashboard query binds as {from:DateTime64(3)} and {to:DateTime64(3)}.
const DAY_MS = 86_400_000;

/** ClickHouse DateTime64(3) text for a UTC instant. */
export const chTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

/** Parses a DateTime64 value as ClickHouse returns it (UTC, no zone) into ISO 8601. */
export const isoTime = (value: string) => new Date(`${value.replace(' ', 'T')}Z`).toISOString();

export type Window = {
  from: string;
  to: string;
};

/** The last `days` days up to `now`. */
export function lastDays(days: number, now = Date.now()): Window {
  return { from: chTime(now - days * DAY_MS), to: chTime(now) };
}

/** Human traffic in the window: the filter every dashboard starts from. */
export const HUMAN_EVENTS_IN_WINDOW = 'is_bot = 0 AND ts > {from:DateTime64(3)} AND ts <= {to:DateTime64(3)}';

/** Percent with `digits` decimals; 0 when the denominator is 0. */
export function percent(part: number, whole: number, digits = 2): number {
  if (!whole) return 0;
  const f = 10 ** digits;
  return Math.round((part / whole) * 100 * f) / f;
}

export const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
