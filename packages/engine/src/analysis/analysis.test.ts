import { describe, expect, it } from 'vitest';
import { unwrap } from '../errors/index.js';
import { cards, formatCards, handOf, toHand } from '../notation/index.js';
import { createSeededRng, shuffle } from '../rng/index.js';
import { newDeck } from '../cards/index.js';
import { houseWay } from '../house-way/index.js';
import { settingValues } from '../setting/index.js';
import { scoreHands } from '../settle/index.js';
import { bankerOutcome, LOW_CLASSES } from './banker.js';
import { valueClasses } from './classes.js';
import { analyzeHand, bankerHistogram, BANKER_HANDS } from './exact.js';
import { estimateSettings } from './sample.js';
import { mergeSimulations, simulate, summarizePlayerBanker, summarizeSimulation } from './simulate.js';

describe('value classes', () => {
  it('order values exactly: class order is value order', () => {
    const { highValues, lowValues } = valueClasses();
    for (let i = 1; i < highValues.length; i++) expect(highValues[i]).toBeGreaterThan(highValues[i - 1]);
    expect(lowValues).toHaveLength(LOW_CLASSES);
  });
});

describe('fast banker outcome', () => {
  it('equals the house way evaluated in full, on random hands (flush and non-flush paths)', () => {
    const { highClass, lowClass } = valueClasses();
    const rng = createSeededRng(11);
    for (let n = 0; n < 100_000; n++) {
      const hand = unwrap(toHand(shuffle(newDeck(), rng).slice(0, 7)));
      const values = settingValues(houseWay(hand));
      expect(bankerOutcome(hand)).toBe((highClass.get(values.high) as number) * LOW_CLASSES + (lowClass.get(values.low) as number));
    }
  });
});

describe('banker histogram', () => {
  /** Every 7-subset of `live`, each set by the house way in full: the histogram the sweep must equal. */
  function directHistogram(live: readonly number[]): Float64Array {
    const { highValues, highClass, lowClass } = valueClasses();
    const histogram = new Float64Array(highValues.length * LOW_CLASSES);
    const pick: number[] = [];
    const walk = (from: number): void => {
      if (pick.length === 7) {
        const values = settingValues(houseWay(unwrap(toHand(pick))));
        histogram[(highClass.get(values.high) as number) * LOW_CLASSES + (lowClass.get(values.low) as number)]++;
        return;
      }
      for (let i = from; i <= live.length - (7 - pick.length); i++) {
        pick.push(live[i]);
        walk(i + 1);
        pick.pop();
      }
    };
    walk(0);
    return histogram;
  }

  // Small decks (22 live cards, 170,544 hands), rich in flushes, straights and the joker, so that every
  // path of the sweep (flush memo, a suit of four before the sixth card, the joker last) is exercised.
  const decks: [string, number[]][] = [
    ['hearts and spades with the joker', [...newDeck().filter((c) => c < 52 && c % 4 < 2 && c >> 2 >= 2), 52]],
    ['three suits of low cards', newDeck().filter((c) => c % 4 < 3 && c >> 2 <= 6)],
    ['random, with the joker', [...shuffle(newDeck().slice(0, 52), createSeededRng(21)).slice(0, 21), 52]],
  ];
  for (const [name, live] of decks) {
    it(`equals the house way hand by hand: ${name}`, () => {
      const dead = newDeck().filter((c) => !live.includes(c));
      expect(Array.from(bankerHistogram(dead))).toEqual(Array.from(directHistogram([...live].sort((a, b) => a - b))));
    });
  }
});

describe('exact analysis', () => {
  const hand = handOf('As Kd 9c 7h 5s 3d 2c');
  const analysis = analyzeHand(hand);

  it('counts every banker hand from the 46 other cards', () => {
    expect(analysis.bankerHands).toBe(BANKER_HANDS);
  });
  it('gives each setting win + push + loss = 1, and fouls lose', () => {
    for (const s of analysis.settings) {
      expect(s.win + s.push + s.loss).toBeCloseTo(1, 12);
      if (!s.legal) expect([s.win, s.push, s.loss, s.ev]).toEqual([0, 0, 1, -1]);
    }
    expect(analysis.settings.filter((s) => !s.legal)).toHaveLength(6);
  });
  it('marks the best setting and the house way, and what the house way gives up', () => {
    expect(formatCards(analysis.houseWay.low)).toBe('Kd 9c');
    expect(analysis.best.ev).toBe(Math.max(...analysis.settings.map((s) => s.ev)));
    expect(analysis.houseWayGivesUp).toBeCloseTo(analysis.best.ev - analysis.houseWay.ev, 15);
    expect(analysis.houseWayGivesUp).toBeGreaterThan(0);
  });
  it('agrees with a sampled estimate within its 95% interval', () => {
    const sampled = estimateSettings(hand, createSeededRng(5), 60_000);
    for (let k = 0; k < 21; k++) {
      const exact = analysis.settings[k];
      expect(Math.abs(sampled[k].ev - exact.ev)).toBeLessThanOrEqual(Math.max(sampled[k].evMargin * 1.5, 1e-12));
    }
  });
  it("matches a per-hand simulation of the house way's setting (rules.md §3 scoring, dealt one by one)", () => {
    const rng = createSeededRng(8);
    const player = settingValues(houseWay(hand));
    const live = newDeck().filter((c) => !hand.includes(c));
    let total = 0;
    const rounds = 40_000;
    for (let n = 0; n < rounds; n++) {
      const banker = unwrap(toHand(shuffle([...live], rng).slice(0, 7)));
      const { outcome } = scoreHands(player, settingValues(houseWay(banker)));
      total += outcome === 'win' ? 0.95 : outcome === 'lose' ? -1 : 0;
    }
    const ev = total / rounds;
    expect(Math.abs(ev - analysis.houseWay.ev)).toBeLessThan(0.015);
  });
  it('splits into shares that add up to the whole', () => {
    const dead = cards('Jk As Ks Qs Js Ts 9s');
    const a = bankerHistogram(dead, 0, 3);
    const b = bankerHistogram(dead, 1, 3);
    const c = bankerHistogram(dead, 2, 3);
    const sum = [a, b, c].reduce((acc, h) => acc + h.reduce((x, y) => x + y, 0), 0);
    expect(sum).toBe(BANKER_HANDS);
    expect(a.reduce((x, y) => x + y, 0)).toBeGreaterThan(0);
  });
});

describe('simulation', () => {
  it('is repeatable from its seed and lands near the published 2.73% edge', () => {
    const a = simulate(200_000, createSeededRng(42));
    const b = simulate(200_000, createSeededRng(42));
    expect(a).toEqual(b);
    const counts = mergeSimulations([a, simulate(200_000, createSeededRng(43))]);
    const summary = summarizeSimulation(counts);
    expect(summary.win + summary.push + summary.loss).toBeCloseTo(1, 12);
    // A banking player keeps the copies' advantage, about 1.28% (50 M rounds), within this run's ±0.24%.
    const banker = summarizePlayerBanker(counts);
    expect(banker.edgeBeforeFee).toBeGreaterThan(0.0128 - 0.005);
    expect(banker.edgeBeforeFee).toBeLessThan(0.0128 + 0.005);
    expect(summary.ci95[0]).toBeLessThan(summary.houseEdge);
    expect(summary.houseEdge).toBeGreaterThan(0.0273 - 0.01);
    expect(summary.houseEdge).toBeLessThan(0.0273 + 0.01);
  });
  it('the banking player: a player loss gains it a unit, a win costs one, then it pays 1.5% of the action', () => {
    // 100 rounds of one unit: 30 player wins, 30 pushes, 40 losses: the banker gains 40 − 30 = 10 units and pays 1.50.
    const summary = summarizePlayerBanker({ rounds: 100, win: 30, push: 30, loss: 40 });
    expect(summary.feeBps).toBe(150);
    expect(summary.edgeBeforeFee).toBeCloseTo(0.1, 12);
    expect(summary.edge).toBeCloseTo(0.085, 12);
    // Per round: +1 (p 0.4), −1 (p 0.3), 0 (p 0.3): variance 0.7 − 0.01 = 0.69.
    const margin = 1.959964 * Math.sqrt(0.69 / 100);
    expect(summary.ci95[0]).toBeCloseTo(0.085 - margin, 12);
    expect(summary.ci95[1]).toBeCloseTo(0.085 + margin, 12);
    expect(summarizePlayerBanker({ rounds: 100, win: 30, push: 30, loss: 40 }, 0).edge).toBeCloseTo(0.1, 12);
  });
  it('cuts an interval to the values the edge can take (a few rounds)', () => {
    // 3 rounds, one push and two losses: the normal approximation gives 13% … 120%; no edge passes 100%.
    const few = { rounds: 3, win: 0, push: 1, loss: 2 };
    expect(summarizeSimulation(few).ci95[1]).toBe(1);
    expect(summarizeSimulation(few).ci95[0]).toBeGreaterThan(0.13);
    // A banking player's edge lies between −1 − fee (every player won) and 1 − fee (every player lost).
    expect(summarizePlayerBanker(few).ci95[1]).toBeCloseTo(1 - 0.015, 12);
    const won = { rounds: 3, win: 2, push: 1, loss: 0 };
    expect(summarizeSimulation(won).ci95[0]).toBeCloseTo(-0.95, 12);
    expect(summarizePlayerBanker(won).ci95[0]).toBeCloseTo(-1.015, 12);
  });
  it('refuses a negative number of rounds and an optimal player without a chooser', () => {
    expect(() => simulate(-1, createSeededRng(1))).toThrow(RangeError);
    expect(() => simulate(10, createSeededRng(1), 'optimal')).toThrow(RangeError);
  });
});
