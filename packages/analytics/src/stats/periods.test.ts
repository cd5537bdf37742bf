// Named periods and comparisons as calendar days of the owner's time zone.
import { describe, expect, it } from 'vitest';
import { StatsQueryError } from './errors.ts';
import { comparisonRange, resolveDateRange, startOfDay } from './periods.ts';

const iso = (ms: number) => new Date(ms).toISOString();
// 2026-03-10 15:30 UTC: 11:30 in New York (EDT since 8 March), 2026-03-11 04:30 in Auckland.
const NOW = Date.parse('2026-03-10T15:30:00Z');

describe('periods in the owner time zone', () => {
  it('starts a day at the zone midnight, across a change of clocks', () => {
    expect(iso(startOfDay('2026-03-08', 'America/New_York'))).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(startOfDay('2026-03-09', 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z');
    expect(iso(startOfDay('2026-03-11', 'Pacific/Auckland'))).toBe('2026-03-10T11:00:00.000Z');
  });

  it.each([
    ['day', '2026-03-10', '2026-03-10'],
    ['yesterday', '2026-03-09', '2026-03-09'],
    ['7d', '2026-03-04', '2026-03-10'],
    ['30d', '2026-02-09', '2026-03-10'],
    ['month', '2026-03-01', '2026-03-10'],
    ['last_month', '2026-02-01', '2026-02-28'],
    ['year', '2026-01-01', '2026-03-10'],
    ['12mo', '2025-04-01', '2026-03-10'],
  ])('reads %s as %s to %s in New York', (period, first, last) => {
    const range = resolveDateRange(period, 'America/New_York', NOW);
    expect([range.firstDay, range.lastDay]).toEqual([first, last]);
    expect(range.from).toBe(startOfDay(first, 'America/New_York'));
    expect(range.to).toBe(Math.min(startOfDay(last, 'America/New_York') + 86_400_000, NOW + 1));
  });

  it('takes today from the zone: already the 11th in Auckland', () => {
    expect(resolveDateRange('day', 'Pacific/Auckland', NOW).firstDay).toBe('2026-03-11');
  });

  it('reads realtime as the last 30 minutes', () => {
    const range = resolveDateRange('realtime', 'UTC', NOW);
    expect([range.from, range.to]).toEqual([NOW - 30 * 60_000, NOW + 1]);
  });

  it('compares today so far with yesterday up to the same time, and with a year before', () => {
    const today = resolveDateRange('day', 'UTC', NOW);
    const before = comparisonRange('previous_period', today, 'UTC', NOW);
    expect([iso(before.from), iso(before.to)]).toEqual(['2026-03-09T00:00:00.000Z', '2026-03-09T15:30:00.001Z']);
    const year = comparisonRange('year_over_year', resolveDateRange('7d', 'UTC', NOW), 'UTC', NOW);
    expect([year.firstDay, year.lastDay]).toEqual(['2025-03-04', '2025-03-10']);
    expect(iso(year.to)).toBe('2025-03-10T15:30:00.001Z');
    const custom = comparisonRange(['2025-12-01', '2025-12-31'], today, 'UTC', NOW);
    expect([custom.firstDay, custom.lastDay]).toEqual(['2025-12-01', '2025-12-31']);
  });

  it.each([
    [['2026-02-30', '2026-03-01'], 'not a date'],
    [['2026-03-05', '2026-03-01'], 'first date is after the last'],
    [['2023-01-01', '2026-03-01'], 'at most 1098 days'],
    ['fortnight', 'unknown period'],
  ])('refuses %j', (range, message) => {
    expect(() => resolveDateRange(range as never, 'UTC', NOW)).toThrow(StatsQueryError);
    expect(() => resolveDateRange(range as never, 'UTC', NOW)).toThrow(message);
  });
});
