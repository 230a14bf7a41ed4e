/**
 * The Fortune bonus (rules.md §4): the exact analysis over all 154,143,080 seven-card hands, as
 * `paigow fortune --exact --json` runs it (a fresh process per trial, since the engine memoizes the
 * sweep within a process), and `fortuneLine` on random hands.
 */

import { fortuneLine } from '@paigow/engine';
import { dealSevenCardHands, measureRate, runPaigowJson, sink, type BenchRow, type BenchSection } from '../measure.js';

const TRIALS = 3;
const HANDS = 100_000;

/** One run of `paigow fortune --exact --json`: the sweep's own time and the whole process's, in seconds. */
function runExact(): { sweep: number; process: number } {
  const { seconds: wall, report } = runPaigowJson<{ seconds: number; losing: number }>(['fortune', '--exact']);
  if (report.losing !== 124556196) throw new Error(`paigow fortune --exact: losing ${report.losing}, expected 124,556,196`);
  return { sweep: report.seconds, process: wall };
}

/**
 * The Fortune figures: the exact analysis (best of three fresh processes; goal ≤ 3 s for the sweep,
 * "a few seconds on one thread") and `fortuneLine` on random seven-card hands.
 */
export function benchFortune(): BenchRow[] {
  let sweep = Infinity;
  let whole = Infinity;
  for (let t = 0; t < TRIALS; t++) {
    const run = runExact();
    sweep = Math.min(sweep, run.sweep);
    whole = Math.min(whole, run.process);
  }
  const hands = dealSevenCardHands(HANDS, 7);
  const rate = measureRate(() => {
    let s = 0;
    for (const hand of hands) s += fortuneLine(hand).pays;
    sink.value += s;
  }, HANDS);
  return [
    {
      measure: 'Fortune exact analysis, 154,143,080 hands (s, sweep)',
      unit: 'seconds',
      paigow: sweep,
      goal: 3,
      note: `Fortune: best of ${TRIALS} runs of \`paigow fortune --exact --json\`; whole process ${whole.toFixed(2)} s.`,
    },
    { measure: '`paigow fortune --exact --json` (s, whole process)', unit: 'seconds', paigow: whole },
    { measure: 'fortuneLine, random 7-card hands (hands/s)', unit: 'rate', paigow: rate },
  ];
}

/** The Fortune section of `npm run bench`. */
export const fortuneSection: BenchSection = {
  name: 'fortune',
  title: 'Fortune bonus (rules.md §4)',
  run: benchFortune,
};
