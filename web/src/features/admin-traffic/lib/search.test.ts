// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseTrafficSearch, withFilter, withoutFilter } from './search';

describe('parseTrafficSearch', () => {
  it('keeps a valid view whole', () => {
    const search = {
      period: 'custom',
      from: '2026-11-01',
      to: '2026-11-28',
      compare: 'custom',
      cfrom: '2025-11-01',
      cto: '2025-11-28',
      interval: 'week',
      view: 'attribution',
      filters: [
        ['is', 'visit:source', 'Google'],
        ['contains', 'event:page', '/blog'],
      ],
    };
    expect(parseTrafficSearch(search)).toEqual(search);
  });

  it('drops what an edited address makes invalid, keeping the rest', () => {
    expect(
      parseTrafficSearch({
        period: 'fortnight',
        compare: 'custom',
        cfrom: '2026-02-30',
        cto: '2026-03-01',
        interval: 'minute',
        view: 'settings',
        filters: [
          ['is', 'visit:source'],
          ['matches', 'visit:source', 'x'],
          ['is', 'time:day', '2026-11-01'],
          ['is', 'visit:os', '  '],
          ['is', 'visit:os', 'Linux'],
        ],
        extra: 'ignored',
      }),
    ).toEqual({ filters: [['is', 'visit:os', 'Linux']] });
  });

  it('refuses a custom range without both ends in order', () => {
    expect(parseTrafficSearch({ period: 'custom', from: '2026-11-10', to: '2026-11-01' })).toEqual({});
    expect(parseTrafficSearch({ period: 'custom', from: '2026-11-10' })).toEqual({});
  });

  it('cleans control characters and lone surrogates from a value, caps length and count', () => {
    const filters = Array.from({ length: 30 }, (_, i) => ['is', 'visit:source', `s${i}`]);
    expect(parseTrafficSearch({ filters }).filters).toHaveLength(10);
    expect(parseTrafficSearch({ filters: [['is', 'visit:source', 'Goo\u0000gle\ud800']] }).filters).toEqual([
      ['is', 'visit:source', 'Google'],
    ]);
    expect(parseTrafficSearch({ filters: [['is', 'visit:source', 'x'.repeat(501)]] })).toEqual({});
    expect(parseTrafficSearch({ filters: 'visit:source' })).toEqual({});
  });
});

describe('withFilter / withoutFilter', () => {
  it('a clicked row replaces the earlier is-filter on its dimension and keeps the others', () => {
    const start = {
      period: '30d' as const,
      filters: [['is', 'visit:source', 'Google'] as const, ['contains', 'event:page', 'blog'] as const],
    };
    const next = withFilter({ ...start, filters: start.filters.map((f) => [...f]) as never }, ['is', 'visit:source', 'Bing']);
    expect(next.filters).toEqual([
      ['contains', 'event:page', 'blog'],
      ['is', 'visit:source', 'Bing'],
    ]);
    expect(withoutFilter(next, 0).filters).toEqual([['is', 'visit:source', 'Bing']]);
    expect(withoutFilter(withoutFilter(next, 0), 0).filters).toBeUndefined();
  });
});
