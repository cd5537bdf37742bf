// Statistics of the A/B dashboard (after GrowthBook's engine): two-proportion z-test,
// relative uplift with a 95 % interval on the log rate ratio (delta method), Bayesian chance
// to beat control with Beta(1 + conversions, 1 + failures) posteriors, and the
// sample-ratio-mismatch chi-square.

const Z95 = 1.959963984540054;

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9; ~15 significant digits). */
export function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const z = x - 1;
  let a = c[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

const lnBeta = (a: number, b: number) => lnGamma(a) + lnGamma(b) - lnGamma(a + b);

/** Regularised upper incomplete gamma Q(a, x) (series below a + 1, continued fraction above). */
export function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + a * Math.log(x) - lnGamma(a));
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 10_000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
    }
    return 1 - sum * front;
  }
  // Lentz's method for the continued fraction.
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return front * h;
}

/** Complementary error function, exact to double precision via Q(1/2, x²). */
export function erfc(x: number): number {
  return x >= 0 ? gammaQ(0.5, x * x) : 2 - gammaQ(0.5, x * x);
}

/** Standard normal cumulative distribution. */
export const normalCdf = (z: number) => 0.5 * erfc(-z / Math.SQRT2);

/** Upper tail of the chi-square distribution with `df` degrees of freedom. */
export const chiSquareSurvival = (x: number, df: number) => gammaQ(df / 2, x / 2);

export interface Arm {
  exposures: number;
  conversions: number;
}

/** Two-sided p-value of the pooled two-proportion z-test; 1 when there is no variance at all. */
export function twoProportionPValue(control: Arm, treatment: Arm): number | null {
  if (control.exposures === 0 || treatment.exposures === 0) return null;
  const pooled = (control.conversions + treatment.conversions) / (control.exposures + treatment.exposures);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / control.exposures + 1 / treatment.exposures));
  if (se === 0) return 1;
  const z = (treatment.conversions / treatment.exposures - control.conversions / control.exposures) / se;
  return erfc(Math.abs(z) / Math.SQRT2);
}

/**
 * Relative uplift of the treatment over control (rate ratio − 1) with its 95 % interval, as
 * fractions. The interval is taken on the log of the rate ratio, where the delta method gives
 * var(log RR) = (1 − pT)/xT + (1 − pC)/xC = 1/xT − 1/nT + 1/xC − 1/nC (x conversions, n
 * exposures), and mapped back as exp(log RR ± z·se) − 1: it never reaches below −100 % and is
 * skewed as a ratio is, unlike a symmetric interval on the ratio itself, which small samples
 * push far below −100 %.
 *
 * Null when there is no uplift to speak of: an arm without exposures, or a control without
 * conversions (no rate to compare with). A treatment without conversions has an uplift of
 * −100 % but no interval (`low` and `high` null): its log rate ratio is −∞ and the variance
 * above undefined.
 */
export function relativeUplift(control: Arm, treatment: Arm): { uplift: number; low: number | null; high: number | null } | null {
  if (control.exposures === 0 || treatment.exposures === 0 || control.conversions === 0) return null;
  const pc = control.conversions / control.exposures;
  const pt = treatment.conversions / treatment.exposures;
  const uplift = pt / pc - 1;
  if (treatment.conversions === 0) return { uplift, low: null, high: null };
  const logRatio = Math.log(pt / pc);
  const se = Math.sqrt(Math.max(0, 1 / treatment.conversions - 1 / treatment.exposures + 1 / control.conversions - 1 / control.exposures));
  return { uplift, low: Math.exp(logRatio - Z95 * se) - 1, high: Math.exp(logRatio + Z95 * se) - 1 };
}

/**
 * P(treatment rate > control rate) with uniform priors. Exact sum (Evan Miller) while the
 * treatment has at most 5,000 conversions; beyond that the normal approximation, which by
 * then agrees to many decimals.
 */
export function chanceToBeatControl(control: Arm, treatment: Arm): number | null {
  if (control.exposures === 0 || treatment.exposures === 0) return null;
  const aA = 1 + control.conversions;
  const bA = 1 + control.exposures - control.conversions;
  const aB = 1 + treatment.conversions;
  const bB = 1 + treatment.exposures - treatment.conversions;
  if (aB - 1 > 5000) {
    const mean = (a: number, b: number) => a / (a + b);
    const variance = (a: number, b: number) => (a * b) / ((a + b) ** 2 * (a + b + 1));
    return normalCdf((mean(aB, bB) - mean(aA, bA)) / Math.sqrt(variance(aA, bA) + variance(aB, bB)));
  }
  let total = 0;
  const constant = lnBeta(aA, bA);
  for (let i = 0; i < aB; i++) {
    total += Math.exp(lnBeta(aA + i, bA + bB) - Math.log(bB + i) - lnBeta(1 + i, bB) - constant);
  }
  return Math.min(1, Math.max(0, total));
}

/** Sample-ratio mismatch against the split (equal without one): chi-square statistic and its p-value. */
export function sampleRatioMismatch(exposures: number[], shares?: number[]): { chiSquare: number; pValue: number | null } {
  const total = exposures.reduce((a, b) => a + b, 0);
  if (exposures.length < 2 || total === 0) return { chiSquare: 0, pValue: null };
  // The owner's split, as fractions; an equal split without one. A variant meant to
  // get no units cannot be checked this way.
  const fractions = shares ?? exposures.map(() => 1 / exposures.length);
  if (fractions.length !== exposures.length || fractions.some((f) => !(f > 0))) return { chiSquare: 0, pValue: null };
  const chiSquare = exposures.reduce((sum, n, i) => {
    const expected = total * fractions[i]!;
    return sum + (n - expected) ** 2 / expected;
  }, 0);
  return { chiSquare, pValue: chiSquareSurvival(chiSquare, exposures.length - 1) };
}
