// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { StatsResponse } from '@curb/contracts/stats';
import { seriesOf } from './visitors-chart';

const answer = (range: [string, string], rows: Array<[string, number]>): StatsResponse => ({
  results: rows.map(([label, n]) => ({ dimensions: [label], metrics: [n] })),
  meta: { time_zone: 'UTC', date_range: range },
  query: { metrics: ['visitors'], date_range: range },
});

describe('seriesOf', () => {
  it('fills the days without visits with 0', () => {
    expect(seriesOf(answer(['2026-11-23', '2026-11-25'], [['2026-11-24', 3]]), 'day')).toEqual([
      { label: '2026-11-23', value: 0 },
      { label: '2026-11-24', value: 3 },
      { label: '2026-11-25', value: 0 },
    ]);
  });

  it('fills a day with its 24 hours, weeks from their Monday, months from their first day', () => {
    const hours = seriesOf(answer(['2026-11-29', '2026-11-29'], [['2026-11-29 05:00:00', 2]]), 'hour');
    expect(hours).toHaveLength(24);
    expect(hours[5]).toEqual({ label: '2026-11-29 05:00:00', value: 2 });
    expect(seriesOf(answer(['2026-11-04', '2026-11-18'], []), 'week').map((p) => p.label)).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    expect(seriesOf(answer(['2026-01-15', '2026-03-02'], [['2026-02-01', 9]]), 'month')).toEqual([
      { label: '2026-01-01', value: 0 },
      { label: '2026-02-01', value: 9 },
      { label: '2026-03-01', value: 0 },
    ]);
  });

  it('keeps a bucket the calendar does not foresee, in order', () => {
    const labels = seriesOf(answer(['2026-11-01', '2026-11-01'], [['2026-11-01 01:30:00', 1]]), 'hour').map((p) => p.label);
    expect(labels).toHaveLength(25);
    expect(labels.indexOf('2026-11-01 01:30:00')).toBe(2);
  });
});
