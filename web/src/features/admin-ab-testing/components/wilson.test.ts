import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson';

describe('wilsonInterval', () => {
  it('matches hand-computed values', () => {
    // 20 of 100: Wilson 95 % interval is [13.29 %, 28.92 %].
    const { low, high } = wilsonInterval(20, 100);
    expect(low).toBeCloseTo(13.29, 1);
    expect(high).toBeCloseTo(28.92, 1);
  });

  it('stays inside 0-100 at the extremes and is empty without exposures', () => {
    expect(wilsonInterval(0, 10).low).toBe(0);
    expect(wilsonInterval(10, 10).high).toBe(100);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 0 });
  });
});
