// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { leadViewParams, periodParams } from './period-params';

describe('the lead views’ query string', () => {
  it('carries the period, a custom one with both days', () => {
    expect(periodParams({}).toString()).toBe('period=7d');
    expect(periodParams({ period: 'custom', from: '2026-11-01', to: '2026-11-28' }).toString()).toBe(
      'period=custom&from=2026-11-01&to=2026-11-28',
    );
  });

  it('carries the page’s filters as the stats API takes them, and nothing without any', () => {
    const params = leadViewParams({
      period: '30d',
      filters: [
        ['is', 'visit:source', 'Google'],
        ['contains', 'event:page', '/blog'],
      ],
    });
    expect(params.get('period')).toBe('30d');
    expect(JSON.parse(params.get('filters')!)).toEqual([
      ['is', 'visit:source', ['Google']],
      ['contains', 'event:page', ['/blog']],
    ]);
    expect(leadViewParams({ period: '30d' }).has('filters')).toBe(false);
  });
});
