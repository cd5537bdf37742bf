// Reference values computed independently (Python: math.erfc, math.lgamma, and a 400,000-draw
// Monte Carlo for the Bayesian probability: 0.9819).
import { describe, expect, it } from 'vitest';
import { chanceToBeatControl, erfc, normalCdf, relativeUplift, sampleRatioMismatch, twoProportionPValue } from './stats.ts';

const control = { exposures: 1000, conversions: 100 };
const treatment = { exposures: 1000, conversions: 130 };

describe('A/B statistics', () => {
  it('matches the normal distribution', () => {
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021048517795, 12);
    expect(normalCdf(0)).toBeCloseTo(0.5, 15);
    expect(erfc(-1)).toBeCloseTo(1.8427007929497148, 12);
  });

  it('computes the two-proportion p-value: 10 % vs 13 % on 1,000 each → z = 2.1027, p = 0.03549', () => {
    expect(twoProportionPValue(control, treatment)).toBeCloseTo(0.03548845046647473, 10);
    expect(twoProportionPValue({ exposures: 10, conversions: 0 }, { exposures: 10, conversions: 0 })).toBe(1);
    expect(twoProportionPValue({ exposures: 0, conversions: 0 }, treatment)).toBeNull();
  });

  it('computes the relative uplift and its 95 % delta-method interval: +30 % [-1.92 %, +61.92 %]', () => {
    const u = relativeUplift(control, treatment)!;
    expect(u.uplift).toBeCloseTo(0.3, 12);
    expect(u.low).toBeCloseTo(-0.01917939771358701, 10);
    expect(u.high).toBeCloseTo(0.6191793977135871, 10);
    expect(relativeUplift({ exposures: 100, conversions: 0 }, treatment)).toBeNull();
  });

  it('computes the chance to beat control exactly, and by the normal approximation for large counts', () => {
    expect(chanceToBeatControl(control, treatment)).toBeCloseTo(0.9821650661158386, 10);
    expect(chanceToBeatControl(treatment, control)).toBeCloseTo(1 - 0.9821650661158386, 10);
    expect(chanceToBeatControl({ exposures: 50, conversions: 5 }, { exposures: 50, conversions: 5 })).toBeCloseTo(0.5, 10);
    // 10 % vs 10.2 % on 100,000 each (normal approximation; Python: 0.9311071226).
    expect(chanceToBeatControl({ exposures: 100_000, conversions: 10_000 }, { exposures: 100_000, conversions: 10_200 })).toBeCloseTo(
      0.9311071226009133,
      9,
    );
  });

  it('flags a sample-ratio mismatch: 1,000 vs 1,100 → χ² 4.762, p 0.0291; 1,000/1,000/1,150 → χ² 14.286, p 0.00079', () => {
    const two = sampleRatioMismatch([1000, 1100]);
    expect(two.chiSquare).toBeCloseTo(4.761904761904762, 12);
    expect(two.pValue).toBeCloseTo(0.02909633174125221, 10);
    const three = sampleRatioMismatch([1000, 1000, 1150]);
    expect(three.chiSquare).toBeCloseTo(14.285714285714285, 10);
    expect(three.pValue).toBeCloseTo(0.0007904903231199669, 12);
    expect(sampleRatioMismatch([500, 500]).pValue).toBeCloseTo(1, 12);
    expect(sampleRatioMismatch([0, 0]).pValue).toBeNull();
  });
});
