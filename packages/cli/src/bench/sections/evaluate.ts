/**
 * Hand evaluation: five-card high hands (random hands dealt from the 53-card deck, so the joker
 * appears in its natural share, 5/53 ≈ 9.4%) and seven-card best hands (the full 154,143,080-hand
 * sweep, and random hands), ours against the npm package `pokersolver` (game `paigowpokerhi`:
 * Pai Gow high-hand rules with the joker `Or`).
 */

import pokersolver from 'pokersolver';
import {
  bestHighHand,
  bestHighValueBySweepTables,
  countBestHandCategories,
  evaluateHighHand5,
  JOKER,
  type Card,
} from '@paigow/engine';
import { dealHands, dealSevenCardHands, measureRate, now, sink, toPokersolver, type BenchRow, type BenchSection } from '../measure.js';

const { Hand, Game } = pokersolver;

const SEVEN_CARD_HANDS = 154_143_080;

/** pokersolver's hands per second (`paigowpokerhi`) on the first `count` of `hands`; one trial, it is slow. */
function pokersolverRate(hands: readonly (readonly Card[])[], count: number): number {
  const game = new Game('paigowpokerhi');
  const texts = hands.slice(0, count).map((h) => h.map(toPokersolver));
  return measureRate(() => {
    for (const t of texts) sink.value += Hand.solve(t, game).rank;
  }, texts.length, 1000, 1);
}

function fiveCardRows(): BenchRow[] {
  const hands = dealHands(1 << 18, 5, 5);
  const flat = Int32Array.from(hands.flat());
  const withJoker = hands.filter((h) => h.includes(JOKER)).length / hands.length;
  const ours = measureRate(() => {
    let s = 0;
    for (let i = 0; i < flat.length; i += 5) s += evaluateHighHand5(flat[i], flat[i + 1], flat[i + 2], flat[i + 3], flat[i + 4]);
    sink.value += s;
  }, hands.length);
  const theirs = pokersolverRate(hands, 20_000);
  return [
    {
      measure: '5-card high hand, random hands (evaluations/s, one thread)',
      unit: 'rate',
      paigow: ours,
      baseline: { name: 'pokersolver', value: theirs },
      goal: 20e6,
      note: `5-card sample: ${hands.length.toLocaleString('en-US')} hands dealt from the 53-card deck, ${(100 * withJoker).toFixed(1)}% holding the joker.`,
    },
  ];
}

function sevenCardRows(): BenchRow[] {
  const start = now();
  const counts = countBestHandCategories();
  const sweepSeconds = (now() - start) / 1000;
  const swept = Object.values(counts).reduce((a, b) => a + b, 0);
  if (swept !== SEVEN_CARD_HANDS) throw new Error(`the sweep counted ${swept} hands`);

  const hands = dealSevenCardHands(100_000, 7);
  const best = measureRate(() => {
    for (const h of hands) sink.value += bestHighHand(h).value;
  }, hands.length);
  const byTables = measureRate(() => {
    for (const h of hands) sink.value += bestHighValueBySweepTables(h);
  }, hands.length);
  const theirs = pokersolverRate(hands, 10_000);
  return [
    {
      measure: '7-card best hand, full sweep of 154,143,080 hands (s)',
      unit: 'seconds',
      paigow: sweepSeconds,
      baseline: { name: 'pokersolver', value: SEVEN_CARD_HANDS / theirs, estimated: true },
      goal: 5,
      note: `Sweep: ${(SEVEN_CARD_HANDS / sweepSeconds / 1e6).toFixed(0)} M hands/s, first call (its tables built inside the timing). pokersolver's sweep is estimated from its random-hand rate.`,
    },
    { measure: '7-card best hand, random hands, bestHighHand (hands/s)', unit: 'rate', paigow: best, baseline: { name: 'pokersolver', value: theirs } },
    { measure: '7-card best hand, random hands, sweep tables (hands/s)', unit: 'rate', paigow: byTables, baseline: { name: 'pokersolver', value: theirs } },
  ];
}

/** The evaluation section of `npm run bench`. */
export const evaluateSection: BenchSection = {
  name: 'evaluate',
  title: 'Hand evaluation (rules.md §2.1–§2.2)',
  run: () => [...fiveCardRows(), ...sevenCardRows()],
};
