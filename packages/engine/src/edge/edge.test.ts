import { describe, expect, it } from 'vitest';
import { JOKER } from '../cards/index.js';
import { unwrap } from '../errors/index.js';
import { evaluateHighHand, evaluateLowHand } from '../evaluate/index.js';
import { WHEEL_LOW_RANKING } from '../evaluate/ranking.js';
import { foxwoodsHouseWay, houseWays, houseWayVariant, type HouseWay } from '../house-way/index.js';
import { toHand } from '../notation/index.js';
import { createSeededRng } from '../rng/index.js';
import {
  binomial,
  colexRank,
  countEdgeShare,
  edgeDeck,
  edgeWork,
  fillOutcomes,
  forEachCommonSet,
  FULL_DECK,
  mergeEdgeShares,
  summarizeEdge,
  type EdgeCounts,
  type EdgeDeck,
} from './index.js';

/** Every hand's (high value, low value) by the house way's full setting, by colex rank. */
function settingValues(deck: EdgeDeck, way: HouseWay): { high: Float64Array; low: Float64Array } {
  const high = new Float64Array(deck.hands);
  const low = new Float64Array(deck.hands);
  const n = deck.cards.length;
  const pos: number[] = [];
  const walk = (from: number): void => {
    if (pos.length === 7) {
      const setting = way.set(unwrap(toHand(pos.map((p) => deck.cards[p]))));
      const r = colexRank(pos);
      high[r] = evaluateHighHand(setting.high, way.ranking);
      low[r] = evaluateLowHand(setting.low);
      return;
    }
    for (let p = from; p < n; p++) {
      pos.push(p);
      walk(p + 1);
      pos.pop();
    }
  };
  walk(0);
  return { high, low };
}

/** Win, push and loss over every ordered pair of disjoint hands, one pair at a time (rules.md §3). */
function bruteForce(deck: EdgeDeck, way: HouseWay): { win: bigint; push: bigint; loss: bigint } {
  const { high, low } = settingValues(deck, way);
  const n = deck.cards.length;
  const m = n - 7;
  // Every 7-subset of the m cards the player leaves, as increasing indexes into that remainder, 7 per subset.
  const picked: number[] = [];
  const pick = (from: number, acc: number[]): void => {
    if (acc.length === 7) picked.push(...acc);
    else for (let i = from; i < m; i++) pick(i + 1, [...acc, i]);
  };
  pick(0, []);
  const subsets = Int32Array.from(picked);
  let win = 0;
  let push = 0;
  let loss = 0;
  // term[j * 7 + i]: what the remainder's card j adds to a banker hand's colex rank at place i (colexRank's sum).
  const term = new Float64Array(m * 7);
  const players = (from: number, player: number[]): void => {
    if (player.length < 7) {
      for (let c = from; c < n; c++) players(c + 1, [...player, c]);
      return;
    }
    const p = colexRank(player);
    let j = 0;
    for (let c = 0; c < n; c++) {
      if (player.includes(c)) continue;
      for (let i = 0; i < 7; i++) term[j * 7 + i] = binomial(c, i + 1);
      j++;
    }
    for (let s = 0; s < subsets.length; s += 7) {
      let b = 0;
      for (let i = 0; i < 7; i++) b += term[subsets[s + i] * 7 + i];
      const highWins = high[p] > high[b];
      const lowWins = low[p] > low[b];
      if (highWins && lowWins) win++;
      else if (!highWins && !lowWins) loss++;
      else push++;
    }
  };
  players(0, []);
  return { win: BigInt(win), push: BigInt(push), loss: BigInt(loss) };
}

function exactCount(deck: EdgeDeck, way: HouseWay, parts = 3): EdgeCounts {
  const outcomes = new Int32Array(deck.hands);
  for (let part = 0; part < 2; part++) fillOutcomes(deck, way, outcomes, part, 2);
  return mergeEdgeShares(
    deck,
    Array.from({ length: parts }, (_, part) => countEdgeShare(deck, outcomes, part, parts)),
  );
}

describe('exact edge count (inclusion–exclusion) against a brute force over every pair of disjoint hands', () => {
  const decks: [string, EdgeDeck][] = [
    ['J Q K A and the joker (royal flush and broadway with the joker)', edgeDeck([9, 10, 11, 12], true)],
    ['2 3 4 A and the joker (the wheel, flushes with the joker)', edgeDeck([0, 1, 2, 12], true)],
    ['5 6 7 8, no joker', edgeDeck([3, 4, 5, 6], false)],
    ['T J Q K A, no joker (natural straights and flushes)', edgeDeck([8, 9, 10, 11, 12], false)],
  ];
  for (const way of [houseWays.seeds, houseWays.foxwoods]) {
    for (const [name, deck] of decks) {
      it(`${way.id}: ${name}`, () => {
        const counts = exactCount(deck, way);
        const brute = bruteForce(deck, way);
        expect({ win: counts.win, push: counts.push, loss: counts.loss }).toEqual(brute);
        expect(counts.win + counts.push + counts.loss).toBe(BigInt(deck.hands) * BigInt(binomial(deck.cards.length - 7, 7)));
      });
    }
  }
});

describe('the exact count under the wheel-low ranking (evaluate/ranking.ts), against the same brute force', () => {
  const deck = edgeDeck([0, 1, 2, 12], true);
  for (const way of [houseWayVariant('seeds', WHEEL_LOW_RANKING), foxwoodsHouseWay({}, WHEEL_LOW_RANKING)]) {
    it(`${way.id} (${way.variant}): 2 3 4 A and the joker`, () => {
      expect(way.variant).toBe('wheel=low');
      const counts = exactCount(deck, way);
      expect({ win: counts.win, push: counts.push, loss: counts.loss }).toEqual(bruteForce(deck, way));
    });
  }
  it('the ranking reaches the count: with 2-3-4-5-6 and the joker (the wheel or a six-high straight) the two rankings count differently', () => {
    const wider = edgeDeck([0, 1, 2, 3, 4], true);
    const standard = exactCount(wider, houseWays.foxwoods);
    const wheelLow = exactCount(wider, foxwoodsHouseWay({}, WHEEL_LOW_RANKING));
    expect(wheelLow.deals).toBe(standard.deals);
    expect(wheelLow.win).not.toBe(standard.win);
  });
});

describe('the pieces of the count', () => {
  it('the classes of common sets weigh up to every set of each size, for the full deck', () => {
    const bySize = new Array<number>(7).fill(0);
    forEachCommonSet(FULL_DECK, 6, (_, size, weight) => (bySize[size] += weight));
    expect(bySize).toEqual([0, 1, 2, 3, 4, 5, 6].map((k) => binomial(53, k)));
  });

  it('the inclusion–exclusion over the full deck counts all 8,250,459,031,214,400 deals', () => {
    // The count's `total`: Σ ± weight × (hands containing S)², plus −C(53,7) for |S| = 7.
    let total = -BigInt(FULL_DECK.hands);
    forEachCommonSet(FULL_DECK, 6, (_, size, weight) => {
      const m = BigInt(binomial(53 - size, 7 - size));
      total += BigInt(size % 2 === 0 ? weight : -weight) * m * m;
    });
    expect(total).toBe(8_250_459_031_214_400n);
    expect(Number(total)).toBeLessThan(Number.MAX_SAFE_INTEGER);
    expect(edgeWork(FULL_DECK)).toBeGreaterThan(FULL_DECK.hands);
  });

  it('the house way sets suit-permuted hands to the same values (what weighting sets by suit class needs)', () => {
    const rng = createSeededRng(16);
    const perms: number[][] = [];
    const permute = (rest: number[], acc: number[]): void => {
      if (!rest.length) perms.push(acc);
      rest.forEach((s, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...acc, s]));
    };
    permute([0, 1, 2, 3], []);
    for (const way of [houseWays.seeds, houseWays.foxwoods]) {
      for (let t = 0; t < 1500; t++) {
        const deck = Array.from({ length: 53 }, (_, c) => c);
        // Hands rich in one suit, so that flushes and straight flushes come up often.
        const suit = rng.nextInt(4);
        const hand: number[] = [];
        while (hand.length < 7) {
          const c = rng.nextInt(3) === 0 ? deck[rng.nextInt(53)] : rng.nextInt(13) * 4 + suit;
          if (!hand.includes(c) && (c !== JOKER || rng.nextInt(2) === 0)) hand.push(c);
        }
        const values = (cards: number[]): string => {
          const s = way.set(unwrap(toHand(cards)));
          return `${evaluateHighHand(s.high)}/${evaluateLowHand(s.low)}`;
        };
        const expected = values(hand);
        for (const perm of perms) expect(values(hand.map((c) => (c === JOKER ? c : (c & ~3) | perm[c & 3])))).toBe(expected);
      }
    }
  });

  it('mergeEdgeShares refuses shares that do not cover every deal', () => {
    const deck = edgeDeck([3, 4, 5, 6], false);
    const outcomes = new Int32Array(deck.hands);
    fillOutcomes(deck, houseWays.seeds, outcomes);
    expect(() => mergeEdgeShares(deck, [countEdgeShare(deck, outcomes, 0, 2)])).toThrow(/deals/);
  });

  it('summarizeEdge: the house edge with commission and the banking player edge, exactly', () => {
    const s = summarizeEdge({ deals: 1000n, win: 300n, push: 390n, loss: 310n, highCopies: 0n, lowCopies: 0n }, 500, 150);
    // (310 − 0.95 × 300) / 1000 = 0.025
    expect(s.houseEdge).toEqual({ numerator: 1n, denominator: 40n, value: 0.025 });
    expect(s.playerBanker.edgeBeforeFee).toEqual({ numerator: 1n, denominator: 100n, value: 0.01 });
    expect(s.playerBanker.edge.value).toBeCloseTo(-0.005, 15);
    expect(() => summarizeEdge({ deals: 1n, win: 0n, push: 0n, loss: 1n, highCopies: 0n, lowCopies: 0n }, 10001)).toThrow(RangeError);
  });
});
