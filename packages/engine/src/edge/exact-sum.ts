/**
 * An exact integer accumulator: plain numbers while they are exact (below 2^52 in size), a BigInt beyond.
 * The exact edge count adds billions of terms of up to ~10^16, past 2^53, the last exact double.
 */

const SMALL = 2 ** 52;

/** A running exact integer sum of safe integers and their products. */
export class ExactSum {
  private small = 0;
  private big = 0n;

  /** Adds a safe integer (|x| ≤ 2^53 − 1). */
  add(x: number): void {
    if (x >= SMALL || x <= -SMALL) {
      this.big += BigInt(x);
      return;
    }
    // |small| < 2^52 and |x| < 2^52: the sum is exact.
    this.small += x;
    if (this.small >= SMALL || this.small <= -SMALL) {
      this.big += BigInt(this.small);
      this.small = 0;
    }
  }

  /** Adds a × b exactly (a and b safe integers). */
  addProduct(a: number, b: number): void {
    const p = a * b;
    // A true product of 2^53 or more rounds to 2^53 or more: the test only lets exact products through.
    if (p < Number.MAX_SAFE_INTEGER && p > -Number.MAX_SAFE_INTEGER) this.add(p);
    else this.big += BigInt(a) * BigInt(b);
  }

  /** The sum so far. */
  value(): bigint {
    return this.big + BigInt(this.small);
  }
}
