// A query's period as UTC instants: named periods and custom ranges are calendar days in the
// owner's time zone, so "today" starts at the owner's midnight, not the server's.
import { STATS_MAX_RANGE_DAYS, STATS_PERIODS, type StatsPeriod, type StatsQuery } from '@curb/contracts/stats';
import { StatsQueryError } from './errors.ts';

const DAY_MS = 86_400_000;
export const REALTIME_MINUTES = 30;
/** "Visitors now": those active in the last few minutes, as Plausible's realtime counter. */
export const CURRENT_VISITOR_MINUTES = 5;

/** [from, to) in epoch ms, and the first and last calendar day (owner's zone) it covers. */
export interface Range {
  from: number;
  to: number;
  firstDay: string;
  lastDay: string;
  realtime: boolean;
}

/** Whether the runtime knows the IANA zone name (chDB uses the same tz database names). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(zone);
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function parts(ms: number, zone: string): { y: number; m: number; d: number; hh: number; mm: number; ss: number } {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(ms).map((x) => [x.type, Number(x.value)]));
  return { y: p.year!, m: p.month!, d: p.day!, hh: p.hour!, mm: p.minute!, ss: p.second! };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(ms: number, zone: string): number {
  const p = parts(ms, zone);
  return Date.UTC(p.y, p.m - 1, p.d, p.hh, p.mm, p.ss) - Math.floor(ms / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD) starts in the zone. */
export function startOfDay(day: string, zone: string): number {
  const local = Date.parse(`${day}T00:00:00Z`);
  let guess = local - offsetAt(local, zone);
  // Once more at the guess: the offset may differ there (a change of clocks between the two).
  guess = local - offsetAt(guess, zone);
  return guess;
}

/** The calendar day (YYYY-MM-DD) of an instant in the zone. */
export function dayOf(ms: number, zone: string): string {
  const p = parts(ms, zone);
  return `${String(p.y).padStart(4, '0')}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

/** Calendar arithmetic on YYYY-MM-DD text. */
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const addMonths = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n, 1);
  return d.toISOString().slice(0, 10);
};
export const daysBetween = (first: string, last: string) =>
  Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS) + 1;

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;
function validDay(text: string): boolean {
  return DAY_TEXT.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
}

/** Whole calendar days first..last in the zone; the last one ends at `now` when it is today. */
export function dayRange(first: string, last: string, zone: string, now: number): Range {
  const end = startOfDay(addDays(last, 1), zone);
  return {
    from: startOfDay(first, zone),
    to: Math.min(end, Math.max(now + 1, startOfDay(first, zone))),
    firstDay: first,
    lastDay: last,
    realtime: false,
  };
}

/**
 * The period a date_range names. `all` starts at `firstEvent` (the day of the oldest stored
 * event, or today when there is none).
 */
export function resolveDateRange(dateRange: StatsQuery['date_range'], zone: string, now: number, firstEvent?: string): Range {
  const today = dayOf(now, zone);
  if (Array.isArray(dateRange)) {
    const [first, last] = dateRange;
    for (const day of [first, last]) {
      if (!validDay(day)) throw new StatsQueryError(`date_range: "${day}" is not a date (YYYY-MM-DD).`);
    }
    if (first > last) throw new StatsQueryError('date_range: the first date is after the last.');
    if (daysBetween(first, last) > STATS_MAX_RANGE_DAYS)
      throw new StatsQueryError(`date_range: at most ${STATS_MAX_RANGE_DAYS} days (about 3 years) may be asked for.`);
    return dayRange(first, last, zone, Number.POSITIVE_INFINITY);
  }
  if (!(STATS_PERIODS as readonly string[]).includes(dateRange)) {
    throw new StatsQueryError(`date_range: unknown period "${dateRange}" (one of ${STATS_PERIODS.join(', ')}, or [first, last] dates).`);
  }
  const period = dateRange as StatsPeriod;
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (period) {
    case 'realtime':
      return {
        from: now - REALTIME_MINUTES * 60_000,
        to: now + 1,
        firstDay: dayOf(now - REALTIME_MINUTES * 60_000, zone),
        lastDay: today,
        realtime: true,
      };
    case 'day':
      return dayRange(today, today, zone, now);
    case 'yesterday':
      return dayRange(addDays(today, -1), addDays(today, -1), zone, now);
    case '7d':
      return dayRange(addDays(today, -6), today, zone, now);
    case '30d':
      return dayRange(addDays(today, -29), today, zone, now);
    case '90d':
      return dayRange(addDays(today, -89), today, zone, now);
    case 'month':
      return dayRange(monthStart, today, zone, now);
    case 'last_month':
      return dayRange(addMonths(monthStart, -1), addDays(monthStart, -1), zone, now);
    case 'year':
      return dayRange(`${today.slice(0, 4)}-01-01`, today, zone, now);
    case '12mo':
      return dayRange(addMonths(monthStart, -11), today, zone, now);
    case 'all': {
      const first = firstEvent && firstEvent < today ? firstEvent : today;
      const capped = daysBetween(first, today) > STATS_MAX_RANGE_DAYS ? addDays(today, -(STATS_MAX_RANGE_DAYS - 1)) : first;
      return dayRange(capped, today, zone, now);
    }
  }
}

/**
 * The period to compare with: the one just before (as long), the same days a year earlier,
 * or a custom range of dates.
 */
export function comparisonRange(comparison: NonNullable<StatsQuery['comparison']>, range: Range, zone: string, now: number): Range {
  if (Array.isArray(comparison)) return resolveDateRange(comparison, zone, now);
  if (range.realtime) {
    const length = range.to - range.from;
    return { ...range, from: range.from - length, to: range.from };
  }
  if (comparison === 'year_over_year') {
    const back = (day: string) => `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`.replace(/-02-29$/, '-02-28');
    const first = back(range.firstDay);
    const last = back(range.lastDay);
    const r = dayRange(first, last, zone, Number.POSITIVE_INFINITY);
    // As far into the last day as the current period is into its own (today so far).
    const intoLast = range.to - startOfDay(range.lastDay, zone);
    return { ...r, to: Math.min(r.to, startOfDay(last, zone) + intoLast) };
  }
  const days = daysBetween(range.firstDay, range.lastDay);
  const last = addDays(range.firstDay, -1);
  const first = addDays(range.firstDay, -days);
  const r = dayRange(first, last, zone, Number.POSITIVE_INFINITY);
  const intoLast = range.to - startOfDay(range.lastDay, zone);
  return { ...r, to: Math.min(r.to, startOfDay(last, zone) + intoLast) };
}
