/**
 * What a benchmark section reports, and the timing helpers the sections share.
 * A section is one module in `sections/` returning `BenchRow`s; `index.ts` prints them.
 */

/** One line of the benchmark table. */
export interface BenchRow {
  /** What is measured, e.g. "5-card high hands, random (evaluations/s)". */
  readonly measure: string;
  /** `rate`: operations per second (higher is better); `seconds`: a duration, `kilobytes`: a size (lower is better). */
  readonly unit: 'rate' | 'seconds' | 'kilobytes';
  /** Our figure. */
  readonly paigow: number;
  /** The same measure for another implementation, when there is one (e.g. pokersolver). */
  readonly baseline?: { readonly name: string; readonly value: number; readonly estimated?: boolean };
  /** A target from the issue: at least `value` for a rate, at most `value` for seconds. */
  readonly goal?: number;
  /** A remark printed under the table (sample composition, how an estimate was made). */
  readonly note?: string;
}

/** A group of benchmark rows, run and printed together. */
export interface BenchSection {
  /** Short name, used to pick sections on the command line (`npm run bench -- seven`). */
  readonly name: string;
  readonly title: string;
  run(): BenchRow[] | Promise<BenchRow[]>;
}

/** Milliseconds since an arbitrary origin (monotonic). */
export const now = (): number => performance.now();

/**
 * Operations per second of `batch` (which performs `opsPerBatch` operations), repeating it for at
 * least `minMs` per trial; the best of `trials` trials (other processes only ever slow a trial down).
 */
export function measureRate(batch: () => void, opsPerBatch: number, minMs = 1000, trials = 3): number {
  batch(); // warm-up: let the JIT compile the hot path
  let best = 0;
  for (let t = 0; t < trials; t++) {
    let ops = 0;
    const start = now();
    let elapsed = 0;
    do {
      batch();
      ops += opsPerBatch;
      elapsed = now() - start;
    } while (elapsed < minMs);
    best = Math.max(best, (ops * 1000) / elapsed);
  }
  return best;
}

/** Keeps results alive so that the JIT cannot drop the work being timed. */
export const sink = { value: 0 };
