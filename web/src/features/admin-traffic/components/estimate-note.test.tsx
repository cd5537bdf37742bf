// @vitest-environment node
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { StatsResponse } from '@curb/contracts/stats';
import { EstimateNote } from './estimate-note';

const meta = (approximate?: StatsResponse['meta']['approximate_metrics']): Pick<StatsResponse, 'meta'> => ({
  meta: { time_zone: 'UTC', date_range: ['2026-11-01', '2026-11-29'], ...(approximate && { approximate_metrics: approximate }) },
});

describe('EstimateNote', () => {
  it('says the visitors are estimated when the answer names them', () => {
    expect(renderToStaticMarkup(<EstimateNote data={meta(['visitors', 'percentage'])} />)).toContain('Visitors here are estimated');
  });
  it('says nothing when every figure is exact', () => {
    expect(renderToStaticMarkup(<EstimateNote data={meta()} />)).toBe('');
    expect(renderToStaticMarkup(<EstimateNote data={meta([])} />)).toBe('');
  });
});
