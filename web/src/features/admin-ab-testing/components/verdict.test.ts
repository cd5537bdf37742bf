import type { AbTestSummary, AbVariantStats } from '@curb/contracts/analytics';
import { describe, expect, it } from 'vitest';
import { leaderVerdict, upliftText } from './verdict';

const variant = (over: Partial<AbVariantStats>): AbVariantStats => ({
  variant: 'B',
  isControl: false,
  exposures: 2000,
  conversions: 130,
  conversionRate: 6.5,
  uplift: 30,
  upliftLow: 0.92,
  upliftHigh: 67.46,
  pValue: 0.0412,
  chanceToBeatControl: 0.98,
  ...over,
});
const summary = (over: Partial<AbTestSummary>): AbTestSummary => ({
  testType: 'popup',
  control: 'A',
  winner: 'B',
  totalExposures: 4000,
  underpowered: false,
  srm: { chiSquare: 0, pValue: 1, mismatch: false },
  significant: true,
  variants: [
    variant({ variant: 'A', isControl: true, uplift: null, upliftLow: null, upliftHigh: null, pValue: null, chanceToBeatControl: null }),
    variant({}),
  ],
  ...over,
});

describe('leaderVerdict', () => {
  it('says the highest rate once, and that it is not yet significant', () => {
    expect(leaderVerdict('B', summary({ significant: false }))).toEqual({ tone: 'yellow', text: 'Highest rate: B — not yet significant' });
    expect(leaderVerdict('B', undefined)).toEqual({ tone: 'yellow', text: 'Highest rate: B — not yet significant' });
  });

  it('calls a significant leader the winner, with its p-value against control', () => {
    expect(leaderVerdict('B', summary({}))).toEqual({ tone: 'green', text: 'Winner: B — significant at 95% (p = 0.041)' });
    const strong = summary({ variants: [summary({}).variants[0]!, variant({ pValue: 0.00002 })] });
    expect(leaderVerdict('B', strong).text).toBe('Winner: B — significant at 95% (p < 0.001)');
  });

  it('gives a leading control the weakest of its leads', () => {
    const s = summary({
      winner: 'A',
      variants: [summary({}).variants[0]!, variant({ variant: 'B', pValue: 0.003 }), variant({ variant: 'C', pValue: 0.021 })],
    });
    expect(leaderVerdict('A', s).text).toBe('Winner: A — significant at 95% (p = 0.021)');
  });

  it('names no winner while the rates are equal', () => {
    expect(leaderVerdict(null, summary({ winner: null, significant: false }))).toEqual({ tone: 'gray', text: 'No winner yet' });
  });
});

describe('upliftText', () => {
  it('gives the uplift with its interval, or says why there is none', () => {
    expect(upliftText(variant({}))).toBe('30.0% (0.9% to 67.5%)');
    expect(upliftText(variant({ uplift: 166.67, upliftLow: -59.17, upliftHigh: 1641.53 }))).toBe('166.7% (-59.2% to 1641.5%)');
    expect(upliftText(variant({ conversions: 0, uplift: -100, upliftLow: null, upliftHigh: null }))).toBe(
      '-100.0% (no interval: no conversions yet)',
    );
    expect(upliftText(variant({ uplift: null, upliftLow: null, upliftHigh: null }))).toBe('— (control has no conversions)');
    expect(upliftText(variant({ isControl: true, uplift: null, upliftLow: null, upliftHigh: null }))).toBe('—');
  });
});
