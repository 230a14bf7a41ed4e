import { describe, expect, test } from 'vitest';
import { JOKER, newDeck, type Card, type Hand } from '../cards/index.js';
import { unwrap } from '../errors/index.js';
import { handOf, toHand } from '../notation/index.js';
import { createSeededRng, shuffle, type Rng } from '../rng/index.js';
import { bestHighHand } from '../evaluate/seven.js';
import { categoryOf } from '../evaluate/value.js';
import { heldMaskBySweepTables } from './analysis.js';
import { FORTUNE_LINES, fortuneLinesHeld, heldMaskOf, type FortuneLine } from './lines.js';
import { FORTUNE_PAY_TABLE, type FortunePayTable } from './pay-table.js';
import { fortuneLine } from './settle.js';

const line = (text: string, table?: FortunePayTable) => fortuneLine(handOf(text), table);

describe('fortuneLine: each line of rules.md §4, without and with the joker', () => {
  test.each([
    // [hand, line, pays]
    ['As Ks Qs Js Ts 9s 8s', 'seven_card_straight_flush_natural', 8000],
    ['7h 6h 5h 4h 3h 2h Ah', 'seven_card_straight_flush_natural', 8000],
    ['Tc 9c 8c 7c 6c 5c 4c', 'seven_card_straight_flush_natural', 8000],
    ['As Ks Qs Js Ts Kh Qh', 'royal_flush_plus_royal_match', 2000],
    ['As Ks Jk Js Ts Kh Qh', 'royal_flush_plus_royal_match', 2000],
    ['Jk Kd Qd Jd Td Ks Qs', 'royal_flush_plus_royal_match', 2000],
    ['Jk 6d 5d 4d 3d 2d Ad', 'seven_card_straight_flush_with_joker', 1000],
    ['9c 8c Jk 6c 5c 4c 3c', 'seven_card_straight_flush_with_joker', 1000],
    ['As Ks Qs Js Ts 9s Jk', 'seven_card_straight_flush_with_joker', 1000],
    ['Jk Ks Qs Js Ts 9s 8s', 'seven_card_straight_flush_with_joker', 1000],
    ['As Ah Ad Ac Jk 7d 2c', 'five_aces', 400],
    ['As Ks Qs Js Ts 4d 2c', 'royal_flush', 150],
    ['Jk Ks Qs Js Ts 4d 2c', 'royal_flush', 150],
    ['Ah Kh Qh Jh Th 9h 7h', 'royal_flush', 150],
    ['9h 8h 7h 6h 5h Kd 2c', 'straight_flush', 50],
    ['9h 8h Jk 6h 5h Kd 2c', 'straight_flush', 50],
    ['Ad 2d 3d 4d 5d Kc 9h', 'straight_flush', 50],
    ['Jk 2d 3d 4d 5d Kc 9h', 'straight_flush', 50],
    ['7s 7h 7d 7c Kd 2c 9h', 'four_of_a_kind', 25],
    ['As Ah Ad Jk Kd 2c 9h', 'four_of_a_kind', 25],
    ['Ks Kh Kd 2c 2d 9h 5s', 'full_house', 5],
    ['As Ah Jk Kd Kc 9h 5s', 'full_house', 5],
    ['Ks Kh Kd Qc Qd Qh 5s', 'full_house', 5],
    ['Ah 9h 7h 4h 2h Kd Qc', 'flush', 4],
    ['Jk 9h 7h 4h 2h Kd Qc', 'flush', 4],
    ['8s 8h 8d Kd 2c 9h 4s', 'three_of_a_kind', 3],
    ['As Ad Jk 9c 6h 4s 2d', 'three_of_a_kind', 3],
    ['9s 8h 7d 6c 5s Kd 2c', 'straight', 2],
    ['9s 8h Jk 6c 5s Kd 2c', 'straight', 2],
    ['As 2h 3d 4c 5s 9d Jc', 'straight', 2],
    ['Jk 2h 3d 4c 5s 9d 9c', 'straight', 2],
  ] as const)('%s → %s (%i to 1)', (hand, expected, pays) => {
    expect(line(hand)).toEqual({ line: expected, pays });
  });

  test.each([
    ['As Kd 9c 7h 5s 3d 2c', 'high card'],
    ['As Ad Kc Kh 5s 3d 2c', 'two pair'],
    ['Ks Kh Jk 2c 2d 9h 5s', 'two pair and the joker: the joker is an ace, not a third king'],
    ['Jk Kd 9c 7h 5s 3d 2c', 'the joker and no straight or flush: a pair of aces'],
    ['Ah Kh Qh Jh 9d 8c 3s', 'four to a royal without the joker'],
  ])('%s (%s) holds no line: the bet loses', (hand) => {
    expect(line(hand)).toEqual({ line: null, pays: 0 });
  });

  test('the joker is not wild for groups: three sevens and the joker are three of a kind, not four', () => {
    expect(line('7s 7h 7d Jk Kd 2c 9h')).toEqual({ line: 'three_of_a_kind', pays: 3 });
  });

  test('a 7-card straight flush does not wrap around the ace: 3-2-A-K-Q-J-T is a royal flush', () => {
    expect(line('3s 2s As Ks Qs Js Ts')).toEqual({ line: 'royal_flush', pays: 150 });
  });

  test('a royal flush with a suited natural king-queen beside it pays the royal match; offsuit does not', () => {
    expect(line('As Ks Qs Js Ts Kh Qh').line).toBe('royal_flush_plus_royal_match');
    expect(line('As Ks Qs Js Ts Kh Qd').line).toBe('royal_flush');
    expect(line('Ah Kh Qh Jk Th Kc Qd').line).toBe('royal_flush');
    // The joker never counts in the match: natural royal, king of hearts and the joker.
    expect(line('As Ks Qs Js Ts Kh Jk').line).toBe('royal_flush');
  });

  test('three of a kind and a straight are paid as three of a kind (the highest-PAYING line)', () => {
    expect(fortuneLinesHeld(handOf('9s 9h 9d 8c 7s 6h 5d'))).toEqual(['three_of_a_kind', 'straight']);
    expect(line('9s 9h 9d 8c 7s 6h 5d')).toEqual({ line: 'three_of_a_kind', pays: 3 });
    // With the joker as the third ace, and A-K-Q-J-T natural.
    expect(line('As Ad Jk Kc Qs Jh Td')).toEqual({ line: 'three_of_a_kind', pays: 3 });
    // bestHighHand ranks the straight higher (rules.md §2.1); the Fortune bet follows the money.
    expect(categoryOf(bestHighHand(handOf('9s 9h 9d 8c 7s 6h 5d')).value)).toBe('straight');
  });

  test('an operator table that pays the straight more turns the same hand into a straight', () => {
    const table = { ...FORTUNE_PAY_TABLE, straight: 4 };
    expect(line('9s 9h 9d 8c 7s 6h 5d', table)).toEqual({ line: 'straight', pays: 4 });
    // Equal pays: the line listed higher in the seed's table wins the tie.
    expect(line('9s 9h 9d 8c 7s 6h 5d', { ...FORTUNE_PAY_TABLE, straight: 3 })).toEqual({ line: 'three_of_a_kind', pays: 3 });
  });

  test('held lines are monotone: a 7-card straight flush also holds a royal, a straight flush, a flush, a straight', () => {
    expect(fortuneLinesHeld(handOf('As Ks Qs Js Ts 9s 8s'))).toEqual([
      'seven_card_straight_flush_natural',
      'royal_flush',
      'straight_flush',
      'flush',
      'straight',
    ]);
    expect(fortuneLinesHeld(handOf('As Ah Ad Ac Jk 7d 7c'))).toEqual(['five_aces', 'four_of_a_kind', 'full_house', 'three_of_a_kind']);
  });

  test('refuses a malformed pay table', () => {
    const bad = { ...FORTUNE_PAY_TABLE, flush: -1 };
    expect(() => line('Ah 9h 7h 4h 2h Kd Qc', bad)).toThrow(expect.objectContaining({ code: 'config/invalid' }));
  });
});

// ---------------------------------------------------------------------------------------------
// An independent, slow implementation written from the rules text (rules.md §2.2, §4): the joker
// is tried as every card it could stand for; five-card subsets are checked one by one.

const ACE = 12;
/** One card as the rules read it: the joker becomes the card it stands for, flagged. */
interface Plain {
  rank: number;
  suit: number;
  joker: boolean;
}

/** Whether a 13-bit rank mask is one run of `length` consecutive ranks. */
function isRun(mask: number, length: number): boolean {
  return mask / (mask & -mask) === 2 ** length - 1;
}

/** Whether distinct ranks run in sequence, the ace high or low (A-2-3-4-5, 7-6-5-4-3-2-A). */
function isSequence(ranks: readonly number[]): boolean {
  let mask = 0;
  for (const r of ranks) mask |= 1 << r;
  let distinct = 0;
  for (let m = mask; m; m &= m - 1) distinct++;
  if (distinct !== ranks.length) return false;
  // Ace low: ranks shifted up by one, the ace moved to the bottom.
  return isRun(mask, ranks.length) || (mask & (1 << ACE) ? isRun(((mask & ~(1 << ACE)) << 1) | 1, ranks.length) : false);
}

/** Index lists of the k-subsets of n items. */
function subsetIndexes(n: number, k: number): number[][] {
  if (k === 0) return [[]];
  if (n < k) return [];
  return [...subsetIndexes(n - 1, k - 1).map((s) => [...s, n - 1]), ...subsetIndexes(n - 1, k)];
}
const FIVES = subsetIndexes(7, 5);
const FIVES_WITH_JOKER = FIVES.filter((idx) => idx.includes(6));

function slowHeld(hand: readonly Card[]): Set<FortuneLine> {
  const held = new Set<FortuneLine>();
  const naturals: Plain[] = hand.filter((c) => c !== JOKER).map((c) => ({ rank: c >> 2, suit: c & 3, joker: false }));
  const hasJoker = hand.includes(JOKER);
  // Groups: the joker is an ace.
  const byRank = new Map<number, number>();
  for (const c of naturals) byRank.set(c.rank, (byRank.get(c.rank) ?? 0) + 1);
  if (hasJoker) byRank.set(ACE, (byRank.get(ACE) ?? 0) + 1);
  const sizes = [...byRank.entries()];
  if ((byRank.get(ACE) ?? 0) === 5) held.add('five_aces');
  if (sizes.some(([, n]) => n >= 4)) held.add('four_of_a_kind');
  if (sizes.some(([, n]) => n >= 3)) held.add('three_of_a_kind');
  if (sizes.some(([r, n]) => n >= 3 && sizes.some(([r2, n2]) => r2 !== r && n2 >= 2))) held.add('full_house');
  // Straights and flushes: the joker stands for any card not in the hand.
  const readings: Plain[][] = [];
  if (!hasJoker) readings.push(naturals);
  else {
    for (let rank = 0; rank < 13; rank++) {
      for (let suit = 0; suit < 4; suit++) {
        if (naturals.some((c) => c.rank === rank && c.suit === suit)) continue;
        readings.push([...naturals, { rank, suit, joker: true }]);
      }
    }
  }
  readings.forEach((seven, reading) => {
    if (seven.every((c) => c.suit === seven[0].suit) && isSequence(seven.map((c) => c.rank))) {
      held.add(hasJoker ? 'seven_card_straight_flush_with_joker' : 'seven_card_straight_flush_natural');
    }
    const five = [0, 0, 0, 0, 0];
    // Five natural cards (the joker, last, left out) read the same in every reading: check them once.
    for (const idx of reading === 0 ? FIVES : FIVES_WITH_JOKER) {
      const suit = seven[idx[0]].suit;
      let flush = true;
      for (let k = 0; k < 5; k++) {
        five[k] = seven[idx[k]].rank;
        if (seven[idx[k]].suit !== suit) flush = false;
      }
      const straight = isSequence(five);
      if (flush) held.add('flush');
      if (straight) held.add('straight');
      if (!flush || !straight) continue;
      held.add('straight_flush');
      if (five.every((r) => r >= 8)) {
        held.add('royal_flush');
        // The royal match: the two other cards, natural, a king and a queen of one suit.
        const [a, b] = seven.filter((_, i) => !idx.includes(i));
        const ranks = [a.rank, b.rank].sort().join();
        if (!a.joker && !b.joker && a.suit === b.suit && ranks === '10,11') held.add('royal_flush_plus_royal_match');
      }
    }
  });
  return held;
}

/** The highest-paying held line; ties go to the line listed first in the seed's table. */
function slowPaidLine(held: Set<FortuneLine>, table: FortunePayTable): FortuneLine | null {
  let best: FortuneLine | null = null;
  for (const l of FORTUNE_LINES) if (held.has(l) && (best === null || table[l] > table[best])) best = l;
  return best;
}

/** A hand from a small random sub-deck: one or two suits, a window of ranks, often the joker, so that rare lines occur. */
function richHand(rng: Rng): Card[] {
  const suits = rng.nextInt(2) === 0 ? [rng.nextInt(4)] : [rng.nextInt(4), rng.nextInt(4)];
  const low = rng.nextInt(6);
  const width = 7 + rng.nextInt(7);
  const pool = new Set<Card>();
  for (let r = low; r < Math.min(13, low + width); r++) for (const s of suits) pool.add(r * 4 + s);
  for (const s of suits) pool.add(ACE * 4 + s);
  if (rng.nextInt(3) > 0) pool.add(JOKER);
  // A few cards from the whole deck for groups and matches.
  while (pool.size < 10) pool.add(rng.nextInt(53));
  return shuffle([...pool], rng).slice(0, 7);
}

describe('fortuneLine against an independent brute-force implementation of rules.md §4', () => {
  const rng = createSeededRng(20240405);
  const hands: Hand[] = [];
  for (let i = 0; i < 200_000; i++) hands.push(unwrap(toHand(shuffle(newDeck(), rng).slice(0, 7))));
  for (let i = 0; i < 40_000; i++) hands.push(unwrap(toHand(richHand(rng))));

  test('240,000 hands (200,000 uniform, 40,000 rich in rare lines): same held lines, same paid line', () => {
    const seen = new Map<string, number>();
    const reordered: FortunePayTable = Object.freeze({ ...FORTUNE_PAY_TABLE, straight: 6, flush: 30, three_of_a_kind: 1, straight_flush: 500 });
    for (const hand of hands) {
      const slow = slowHeld(hand);
      const expected = FORTUNE_LINES.filter((l) => slow.has(l));
      const held = fortuneLinesHeld(hand);
      if (held.join() !== expected.join()) throw new Error(`${hand}: held ${held} but the rules give ${expected}`);
      const paid = fortuneLine(hand).line;
      if (paid !== slowPaidLine(slow, FORTUNE_PAY_TABLE)) throw new Error(`${hand}: paid ${paid}`);
      const paidReordered = fortuneLine(hand, reordered).line;
      if (paidReordered !== slowPaidLine(slow, reordered)) throw new Error(`${hand}: paid ${paidReordered} (reordered table)`);
      seen.set(String(paid), (seen.get(String(paid)) ?? 0) + 1);
    }
    // The sample reached every line (and losing hands).
    for (const l of [...FORTUNE_LINES, 'null']) expect(seen.get(l) ?? 0, l).toBeGreaterThan(0);
  });

  test('the sweep tables agree with the direct evaluation hand by hand', () => {
    for (const hand of hands) {
      const m = heldMaskOf(hand);
      if (heldMaskBySweepTables(hand) !== m) throw new Error(`${hand}: tables ${heldMaskBySweepTables(hand)} direct ${m}`);
    }
  });

  test('consistent with the best five-card hand: a hand whose best hand is a straight or better holds that line', () => {
    for (const hand of hands.slice(0, 50_000)) {
      const category = categoryOf(bestHighHand(hand).value);
      if (['high_card', 'one_pair', 'two_pair'].includes(category)) continue;
      expect(fortuneLinesHeld(hand)).toContain(category);
    }
  });
});
