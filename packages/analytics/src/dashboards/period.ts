// The time window every dashboard query binds: whole UTC days, today included, so the raw
// events ({from}/{to}) and the daily rollups ({fromDate}/{toDate}) cover the same period.
import { PERIOD_DAYS } from '@curb/contracts/analytics';

export const DAY_MS = 86_400_000;

/** ClickHouse DateTime64(3) text for a UTC instant. */
export const chTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
export const chDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Parses a DateTime64 value as ClickHouse returns it (UTC, no zone) into ISO 8601. */
export const isoTime = (value: string) => new Date(`${value.replace(' ', 'T')}Z`).toISOString();

/** The calendar days (UTC, as Date text) from one ClickHouse time to another, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = Date.parse(`${first.slice(0, 10)}T00:00:00Z`); day <= Date.parse(`${last.slice(0, 10)}T00:00:00Z`); day += DAY_MS)
    days.push(chDate(day));
  return days;
}

export type Window = {
  from: string;
  to: string;
  fromDate: string;
  toDate: string;
};

/** The last `days` calendar days (UTC) up to `now`. */
export function lastDays(days: number, now = Date.now()): Window {
  const start = Math.floor(now / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;
  return { from: chTime(start), to: chTime(now), fromDate: chDate(start), toDate: chDate(now) };
}

/** Human traffic in the window, for the daily rollups (events_daily, sessions, page_visitors, funnel_steps, sources_daily,
 *  traffic_daily, ab_units). */
export const HUMAN_DAYS_IN_WINDOW = 'is_bot = 0 AND date >= {fromDate:Date} AND date <= {toDate:Date}';

/**
 * The same window as literal SQL on the server's clock (UTC), for a query that must run
 * without bound parameters (see the retargeting funnel). `days` must be one of the closed
 * set PERIOD_DAYS: it is the only value that reaches the text, as an integer literal.
 */
export function serverClockWindow(days: number): { events: string; days: string } {
  if (!(PERIOD_DAYS as readonly number[]).includes(days)) throw new Error(`Unsupported period: ${days} days`);
  const fromDate = `toDate(now('UTC')) - ${days - 1}`;
  return {
    events: `is_bot = 0 AND ts >= toDateTime64(${fromDate}, 3, 'UTC') AND ts <= now64(3, 'UTC')`,
    days: `is_bot = 0 AND date >= ${fromDate} AND date <= toDate(now('UTC'))`,
  };
}

/** Percent with `digits` decimals; 0 when the denominator is 0. */
export function percent(part: number, whole: number, digits = 2): number {
  if (!whole) return 0;
  const f = 10 ** digits;
  return Math.round((part / whole) * 100 * f) / f;
}

export const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
