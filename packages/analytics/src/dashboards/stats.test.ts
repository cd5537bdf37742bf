// Reference values computed independently in Python (math.erfc, math.lgamma). The Bayesian
// probability for 10 % vs 13 % on 1,000 each is the integral of f_A(x)·P(B > x) over a
// 400,000-point midpoint grid of the two Beta posteriors' densities: 0.982165065881 (grid
// error well under 1e-9), where the code sums Evan Miller's closed form.
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

  // The uplift's interval is taken on the log of the rate ratio. Reference values from Python,
  // written apart from stats.ts: z = statistics.NormalDist().inv_cdf(0.975),
  // se = math.sqrt((1 - pC) / xC + (1 - pT) / xT), interval = math.exp(math.log(pT / pC) ± z * se) - 1.
  it('computes the relative uplift and its 95 % interval on the log rate ratio: +30 % [+1.70 %, +66.18 %]', () => {
    const u = relativeUplift(control, treatment)!;
    expect(u.uplift).toBeCloseTo(0.3, 12);
    expect(u.low).toBeCloseTo(0.01698427097104549, 10);
    expect(u.high).toBeCloseTo(0.6617759470226021, 10);
    // The other way round: 13 % → 10 %, −23.08 % [−39.82 %, −1.67 %].
    const down = relativeUplift(treatment, control)!;
    expect(down.uplift).toBeCloseTo(-0.23076923076923073, 12);
    expect(down.low).toBeCloseTo(-0.3982341591887304, 10);
    expect(down.high).toBeCloseTo(-0.016700623063548914, 10);
  });

  it('keeps a small sample’s interval above −100 %: 1 of 4 vs 2 of 3 → +166.67 % [−59.17 %, +1641.53 %]', () => {
    // The symmetric interval on the ratio itself gave −333.7 % to +667.1 % here.
    const u = relativeUplift({ exposures: 4, conversions: 1 }, { exposures: 3, conversions: 2 })!;
    expect(u.uplift).toBeCloseTo(1.6666666666666665, 12);
    expect(u.low).toBeCloseTo(-0.5916756300327847, 10);
    expect(u.high).toBeCloseTo(16.41534827245816, 8);
  });

  it('never puts the lower bound below −100 %, and always brackets the uplift', () => {
    for (const [nc, nt] of [
      [3, 3],
      [4, 7],
      [20, 30],
      [150, 150],
    ] as const) {
      for (let xc = 1; xc <= nc; xc++) {
        for (let xt = 1; xt <= nt; xt++) {
          const u = relativeUplift({ exposures: nc, conversions: xc }, { exposures: nt, conversions: xt })!;
          expect(u.low).not.toBeNull();
          expect(u.low!).toBeGreaterThanOrEqual(-1);
          expect(u.low!).toBeLessThanOrEqual(u.uplift + 1e-12);
          expect(u.high!).toBeGreaterThanOrEqual(u.uplift - 1e-12);
        }
      }
    }
  });

  it('gives no uplift against a control without conversions, and −100 % without an interval for a variant without any', () => {
    expect(relativeUplift({ exposures: 100, conversions: 0 }, treatment)).toBeNull();
    expect(relativeUplift({ exposures: 0, conversions: 0 }, treatment)).toBeNull();
    expect(relativeUplift(control, { exposures: 100, conversions: 0 })).toEqual({ uplift: -1, low: null, high: null });
    // Every visitor converting in both arms: no variance, the interval is the point.
    expect(relativeUplift({ exposures: 10, conversions: 10 }, { exposures: 10, conversions: 10 })).toEqual({ uplift: 0, low: 0, high: 0 });
  });

  it('computes the chance to beat control exactly, and by the normal approximation for large counts', () => {
    expect(chanceToBeatControl(control, treatment)).toBeCloseTo(0.982165065881, 8);
    expect(chanceToBeatControl(treatment, control)).toBeCloseTo(1 - 0.982165065881, 8);
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
