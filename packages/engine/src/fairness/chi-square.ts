/**
 * Pearson's chi-square goodness-of-fit test, for the fairness audit (issue 15: dealt frequencies
 * against the exact ones) and the shuffle's uniformity tests. Pure arithmetic.
 */

/** ln Γ(x) for x > 0 (Lanczos approximation, g = 7, 9 terms; relative error below 1e-13). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0];
  for (let i = 1; i < 9; i++) sum += c[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a), a > 0, x ≥ 0 (series below a + 1, continued fraction above). */
export function upperGammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const lead = a * Math.log(x) - x - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.max(0, 1 - sum * Math.exp(lead));
  }
  // Lentz's method for the continued fraction of Γ(a, x).
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
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(lead) * h;
}

/** A chi-square test's statistic, degrees of freedom and p-value. */
export interface ChiSquare {
  readonly statistic: number;
  readonly degreesOfFreedom: number;
  /** P(χ² ≥ statistic) under the expected frequencies: small (e.g. < 0.001) flags a difference. */
  readonly pValue: number;
}

/**
 * Pearson's chi-square test of observed counts against expected probabilities: statistic
 * Σ (observed − N·p)² / (N·p) over the categories with p > 0, degrees of freedom = categories − 1, p-value
 * = Q(df / 2, statistic / 2). An observation in a category of probability 0 makes the p-value 0.
 * @param observed counts per category (non-negative integers)
 * @param probabilities the expected probability of each category (same length; they sum to 1)
 * @throws RangeError when the lengths differ, fewer than two categories have p > 0, or no observation
 */
export function chiSquareTest(observed: readonly number[], probabilities: readonly number[]): ChiSquare {
  if (observed.length !== probabilities.length) throw new RangeError('observed and expected have different lengths');
  const total = observed.reduce((sum, count) => sum + count, 0);
  if (total <= 0) throw new RangeError('no observations');
  let statistic = 0;
  let categories = 0;
  let impossible = false;
  observed.forEach((count, i) => {
    const p = probabilities[i];
    if (p > 0) {
      const expected = total * p;
      statistic += (count - expected) ** 2 / expected;
      categories++;
    } else if (count > 0) impossible = true;
  });
  if (categories < 2) throw new RangeError('a chi-square test needs two categories or more');
  const degreesOfFreedom = categories - 1;
  return { statistic, degreesOfFreedom, pValue: impossible ? 0 : upperGammaQ(degreesOfFreedom / 2, statistic / 2) };
}
