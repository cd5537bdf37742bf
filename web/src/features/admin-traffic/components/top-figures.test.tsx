// @vitest-environment node
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { StatsResponse } from '@curb/contracts/stats';
import { TOP_METRICS, TopFigures } from './top-figures';

const metric = (name: (typeof TOP_METRICS)[number]) => TOP_METRICS.indexOf(name);

function answer(now: number[], before: number[], change: Array<number | null>): StatsResponse {
  return {
    results: [{ dimensions: [], metrics: now, comparison: { dimensions: [], metrics: before, change } }],
    meta: { time_zone: 'UTC', date_range: ['2026-11-23', '2026-11-29'] },
    query: { metrics: [...TOP_METRICS], date_range: '7d' },
  };
}

/** The text of the card for `label`. */
const card = (html: string, label: string) =>
  new RegExp(`data-testid="stat-${label}">(.*?)</div>`).exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '';

describe('TopFigures', () => {
  const now = TOP_METRICS.map(() => 0);
  const before = TOP_METRICS.map(() => 0);
  const change: Array<number | null> = TOP_METRICS.map(() => 0);
  now[metric('visitors')] = 120;
  before[metric('visitors')] = 100;
  change[metric('visitors')] = 20;
  now[metric('bounce_rate')] = 45;
  before[metric('bounce_rate')] = 40;
  change[metric('bounce_rate')] = 5;
  now[metric('visit_duration')] = 95;
  now[metric('leads')] = 3;
  change[metric('leads')] = null;

  const html = renderToStaticMarkup(<TopFigures data={answer(now, before, change)} comparing />);

  it('tells a count’s change in per cent and a rate’s in points, each with its direction', () => {
    expect(card(html, 'Unique visitors')).toBe('Unique visitors120▲ 20% up');
    // A higher bounce rate is bad news, and says so by its colour class, in points.
    expect(card(html, 'Bounce rate')).toBe('Bounce rate45.0%▲ 5 pts up');
    expect(html).toMatch(/class="[^"]*down[^"]*" data-change="5"/);
  });

  it('says what a figure was when the API gives no change (from nothing)', () => {
    expect(card(html, 'Leads')).toBe('Leads3was 0');
    expect(card(html, 'Visit duration')).toBe('Visit duration1m 35s= 0%');
  });

  it('shows no change at all without a comparison', () => {
    const plain = renderToStaticMarkup(<TopFigures data={answer(now, before, change)} comparing={false} />);
    expect(card(plain, 'Unique visitors')).toBe('Unique visitors120');
  });
});
