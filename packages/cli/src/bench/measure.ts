/**
 * What a benchmark section reports, and the timing, dealing and `paigow`-running helpers the sections share.
 * A section is one module in `sections/` returning `BenchRow`s; `index.ts` prints them.
 */

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createSeededRng, formatCard, HAND_SIZE, JOKER, shuffledDeck, toHand, unwrap, type Card, type Hand } from '@paigow/engine';

/** One line of the benchmark table. */
export interface BenchRow {
  /** What is measured, e.g. "5-card high hands, random (evaluations/s)". */
  readonly measure: string;
  /**
   * `rate`: operations per second (higher is better); `seconds`: a duration, `kilobytes` and `megabytes`: a
   * size, `count`: a number of things (lower is better).
   */
  readonly unit: 'rate' | 'seconds' | 'kilobytes' | 'megabytes' | 'count';
  /** Our figure. */
  readonly paigow: number;
  /** The same measure for another implementation, when there is one (e.g. pokersolver). */
  readonly baseline?: { readonly name: string; readonly value: number; readonly estimated?: boolean };
  /** A target from the issue: at least `value` for a rate, at most `value` for seconds. */
  readonly goal?: number;
  /** A remark printed under the table (sample composition, how an estimate was made). */
  readonly note?: string;
}

/** Options given on the command line after the section names (`npm run bench -- server --seconds 20`). */
export interface BenchArgs {
  /** `--seconds N`: how long each load level of the server section runs. */
  readonly seconds?: number;
  /** `--minutes N`: how long the soak runs. */
  readonly minutes?: number;
  /** `--players N`: players of the soak. */
  readonly players?: number;
}

/** A group of benchmark rows, run and printed together. */
export interface BenchSection {
  /** Short name, used to pick sections on the command line (`npm run bench -- seven`). */
  readonly name: string;
  readonly title: string;
  /** Runs only when named on the command line (a long run such as the soak). */
  readonly onlyWhenNamed?: boolean;
  run(args: BenchArgs): BenchRow[] | Promise<BenchRow[]>;
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
    let elapsed: number;
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

/** The built `paigow` command (`packages/cli/bin/paigow.js`). */
export const BIN = fileURLToPath(new URL('../../bin/paigow.js', import.meta.url));

/**
 * Runs `paigow <args> --json` in a fresh process and parses its JSON document.
 * @returns the whole process's wall time in seconds and the document
 * @throws when the command exits with a status other than 0
 */
export function runPaigowJson<T = Record<string, unknown>>(args: readonly string[]): { seconds: number; report: T } {
  const start = now();
  const r = spawnSync(process.execPath, [BIN, ...args, '--json'], { encoding: 'utf8' });
  const seconds = (now() - start) / 1000;
  if (r.status !== 0) throw new Error(`paigow ${args.join(' ')} exited with ${r.status}: ${r.stderr}`);
  return { seconds, report: JSON.parse(r.stdout) as T };
}

/** `count` random hands of `size` cards, each from a freshly shuffled 53-card deck (seeded, repeatable). */
export function dealHands(count: number, size: number, seed: number): Card[][] {
  const rng = createSeededRng(seed);
  const hands: Card[][] = [];
  for (let i = 0; i < count; i++) hands.push(shuffledDeck(rng).slice(0, size));
  return hands;
}

/** `count` hands of seven cards (`Hand`s, checked once here, outside any timing), seeded by `seed`. */
export function dealSevenCardHands(count: number, seed: number): Hand[] {
  return dealHands(count, HAND_SIZE, seed).map((cards) => unwrap(toHand(cards)));
}

/** Our notation to pokersolver's: `As`, `Td` are the same; the joker is `Or`. */
export const toPokersolver = (c: Card): string => (c === JOKER ? 'Or' : formatCard(c));
