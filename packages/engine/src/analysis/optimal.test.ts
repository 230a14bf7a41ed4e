import { describe, expect, it } from 'vitest';
import { DECK_SIZE, type Card } from '../cards/index.js';
import { cards, handOf } from '../notation/index.js';
import type { Rng } from '../rng/index.js';
import { houseWays } from '../house-way/index.js';
import { analyzeHand, bankerHistogram } from './exact.js';
import { mergeOptimal, simulateOptimal, summarizeGain } from './optimal.js';
import { optimalChooser, simulate } from './simulate.js';

/** An Rng that makes the simulators' Fisher–Yates deal the given fourteen cards (player's seven, then the banker's). */
function dealing(order: readonly Card[]): Rng {
  const deck = Array.from({ length: DECK_SIZE }, (_, c) => c);
  let i = 0;
  return {
    nextInt: (bound) => {
      expect(bound).toBe(DECK_SIZE - i);
      const j = deck.indexOf(order[i]);
      [deck[i], deck[j]] = [deck[j], deck[i]];
      return j - i++;
    },
  };
}

describe('the optimal player with card removal (issue 16, point 5)', () => {
  // Over all 154,143,080 banker hands Q-2 in front (8-high straight behind, the joker as the seven) is the best
  // setting of this hand; over the 53,524,680 hands of the 46 cards it leaves, Q-8 in front (6-high straight) is.
  const player = handOf('Jk 6h 2d 5d 4s Qh 8c');
  // The banker's house way: kings behind, Q-5 in front. Q-8 wins both hands; Q-2 wins behind and loses in front.
  const banker = cards('Kd Kc Qc 5h 4d 3h 2c');

  it('plays the setting that is best over the cards the player leaves, and wins where the old choice pushed', () => {
    expect(analyzeHand(player).best.low.slice().sort()).toEqual(cards('Qh 8c').sort());
    const counts = simulateOptimal(1, dealing([...player, ...banker]));
    expect(counts).toMatchObject({ rounds: 1, win: 1, push: 0, loss: 0 });
    // The simulator's former optimal player chose over all hands (card removal ignored): Q-2, a push.
    const ignoringRemoval = simulate(1, dealing([...player, ...banker]), 'optimal', optimalChooser(bankerHistogram([])));
    expect(ignoringRemoval).toMatchObject({ win: 0, push: 1, loss: 0 });
  });

  it('measures the exact gain over the house way per hand, with its interval', () => {
    const a = simulateOptimal(1, dealing([...cards('As Ad Kh 7c 7d 3s 2h'), ...cards('Jk 6h 2d 5d 4s Qh 8c')]), 500, houseWays.foxwoods);
    const b = simulateOptimal(1, dealing([...player, ...banker]), 500, houseWays.foxwoods);
    const total = mergeOptimal([a, b]);
    expect(total.rounds).toBe(2);
    expect(total.win + total.push + total.loss).toBe(2);
    expect(total.gain).toBeGreaterThanOrEqual(0);
    const gain = summarizeGain(total);
    expect(gain.ci95[0]).toBeLessThanOrEqual(gain.mean);
    expect(gain.ci95[1]).toBeGreaterThanOrEqual(gain.mean);
    expect(() => simulateOptimal(-1, dealing([]))).toThrow(RangeError);
    expect(() => summarizeGain(mergeOptimal([]))).toThrow(RangeError);
  });
});
