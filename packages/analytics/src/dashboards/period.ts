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

/**
 * How many of a period's last days a closed-days run leaves open, for each request to read from
 * the daily rollups: yesterday and today (2), or today alone (1). Events can reach yesterday all
 * day (the collector keeps a timestamp up to a day old), so a run through yesterday goes out of
 * date with one such event, and the run that leaves yesterday open stands in for it; no event
 * reaches the days before yesterday except a late spool flush or an import.
 */
export type OpenDays = 1 | 2;
/** Both, in the order they are computed: a run through yesterday is the later (see run-dictionary.ts). */
export const OPEN_DAYS: readonly OpenDays[] = [2, 1];

/** Human traffic on the closed days (all but the `open` last) of the period that ends on `asOf` (an SQL Date expression). */
export function closedDays(days: number, asOf: string, open: OpenDays = 2): string {
  return `is_bot = 0 AND date >= ${asOf} - ${days - 1} AND date <= ${asOf} - ${open}`;
}

/** Human traffic on the `open` last days up to `asOf`, which a run leaves open. */
export function openDays(asOf: string, open: OpenDays = 2): string {
  return `is_bot = 0 AND date >= ${asOf} - ${open - 1} AND date <= ${asOf}`;
}

/**
 * Fingerprints of the events stored on the closed days of the period that ends on `asOf`, for
 * each of OPEN_DAYS (the run through the day before yesterday's, then through yesterday's), with
 * `version` (the SQL that depends on them): their count per hour, from the events_hourly rollup
 * (a few thousand rows, where the daily rollups hold a row per name, source and campaign), read
 * once for both. One changes when an event reaches its closed days late or retention removes one.
 * SQL: a tuple, read as `${name}.1` and `${name}.2` (fingerprintOf).
 */
export function closedDaysFingerprints(days: number, asOf: string, version: string): string {
  return `(SELECT (cityHash64('${version}', 2, arraySort(groupArrayIf((hour, n), hour < toDateTime(${asOf} - 1, 'UTC')))),
                cityHash64('${version}', 1, arraySort(groupArray((hour, n)))))
   FROM (SELECT hour, sum(events) AS n FROM events_hourly
         WHERE is_bot = 0 AND hour >= toDateTime(${asOf} - ${days - 1}, 'UTC') AND hour < toDateTime(${asOf}, 'UTC')
         GROUP BY hour))`;
}

/** SQL: the fingerprint for `open` in the tuple `fingerprints` (closedDaysFingerprints). */
export const fingerprintOf = (fingerprints: string, open: OpenDays) => `${fingerprints}.${OPEN_DAYS.indexOf(open) + 1}`;

/** Percent with `digits` decimals; 0 when the denominator is 0. */
export function percent(part: number, whole: number, digits = 2): number {
  if (!whole) return 0;
  const f = 10 ** digits;
  return Math.round((part / whole) * 100 * f) / f;
}

export const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
