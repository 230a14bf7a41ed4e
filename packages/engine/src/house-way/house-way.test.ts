import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JOKER, RANK_CHARS, rankOf, type Card } from '../cards/index.js';
import { categoryOf } from '../evaluate/value.js';
import { evaluateHighHand } from '../evaluate/high-hand.js';
import { unwrap } from '../errors/index.js';
import { cards, formatCards, handOf, toHand } from '../notation/index.js';
import { isFoul } from '../setting/index.js';
import { houseWay, type HouseWayRule } from './index.js';

/** Sorted canonical text, so that tests compare card sets. */
const setOf = (cs: readonly Card[]): string => formatCards(cs).split(' ').sort().join(' ');
const set = (text: string): string => setOf(cards(text));

/**
 * Expects the house way to set `hand` with `low` in front (as a set of cards, or a predicate for
 * readings where equal-rank cards are interchangeable) by rule variant `rule`.
 */
function expectSetting(hand: string, low: string | ((low: readonly Card[]) => boolean), rule: HouseWayRule): void {
  const result = houseWay(handOf(hand));
  expect(result.rule).toBe(rule);
  if (typeof low === 'string') expect(setOf(result.low)).toBe(set(low));
  else expect(low(result.low)).toBe(true);
  expect(setOf([...result.high, ...result.low])).toBe(set(hand));
  expect(isFoul(result)).toBe(false);
}

const ranksOf = (cs: readonly Card[]): string => cs.map((c) => RANK_CHARS[rankOf(c)]).sort().join('');

describe('house-way.md worked examples', () => {
  const examples: [string, string, string, string][] = [
    ['As Kd 9c 7h 5s 3d 2c', 'As 7h 5s 3d 2c', 'Kd 9c', '10'],
    ['Jk Kd 9c 7h 5s 3d 2c', 'Jk 7h 5s 3d 2c', 'Kd 9c', '10'],
    ['8s 8d Kc Qh 5s 3d 2c', '8s 8d 5s 3d 2c', 'Kc Qh', '9'],
    ['Ks Kd 4c 4h Qs 9d 2c', 'Ks Kd Qs 9d 2c', '4c 4h', '8'],
    ['6s 6d 4c 4h As 9d 2c', '6s 6d 4c 4h 2c', 'As 9d', '8'],
    ['Ts Td 9c 9h 5s 5d Kc', '9c 9h 5s 5d Kc', 'Ts Td', '7'],
    ['8s 8d 8c Kh Qs 5d 2c', '8s 8d 8c 5d 2c', 'Kh Qs', '6'],
    ['Qs Qd Qc 7h 7s Ad 2c', 'Qs Qd Qc Ad 2c', '7h 7s', '4'],
    ['9s 8d 7c 6h 5s Kd Qc', '9s 8d 7c 6h 5s', 'Kd Qc', '5'],
    ['4s 4d 4c 4h Kd 9c 2s', '4s 4d 4c 4h 2s', 'Kd 9c', '2'],
  ];
  for (const [hand, high, low, rule] of examples) {
    it(`${hand} → ${high} / ${low} (rule ${rule})`, () => {
      const result = houseWay(handOf(hand));
      expect(setOf(result.high)).toBe(set(high));
      expect(setOf(result.low)).toBe(set(low));
      expect(result.rule.split('.')[0]).toBe(rule);
    });
  }
});

describe('rule 1: five aces', () => {
  it('keeps the five aces together with a pair of kings in front', () => {
    expectSetting('As Ah Ad Ac Jk Ks Kd', 'Ks Kd', '1.five-aces-kings');
  });
  it('splits with a pair of queens (not kings): a pair of natural aces in front', () => {
    expectSetting('As Ah Ad Ac Jk Qs Qd', (low) => ranksOf(low) === 'AA' && !low.includes(JOKER), '1.five-aces-split');
  });
});

describe('rule 2: four of a kind', () => {
  it('sixes stay together; sevens without an ace or pair are split', () => {
    expectSetting('6s 6d 6c 6h Kd 9c 3s', 'Kd 9c', '2.quads-low-kept');
    expectSetting('7s 7d 7c 7h Kd 9c 3s', (low) => ranksOf(low) === '77', '2.quads-mid-split');
  });
  it('deuces to sixes play the best front of the rest: with X = 2-2-K the twos go in front', () => {
    expectSetting('6s 6d 6c 6h 2s 2d Kc', '2s 2d', '2.quads-low-kept');
  });
  it('four tens with an ace stay together (ace and next card in front); without, they are split', () => {
    expectSetting('Ts Td Tc Th Ad 9c 3s', 'Ad 9c', '2.quads-mid-kept');
    expectSetting('Ts Td Tc Th Kd 9c 3s', (low) => ranksOf(low) === 'TT', '2.quads-mid-split');
  });
  it('four tens with a pair beside them stay together, the pair in front', () => {
    expectSetting('Ts Td Tc Th 9d 9c 3s', '9d 9c', '2.quads-mid-kept');
  });
  it('four tens with the joker beside them: the joker is an ace singleton, so they stay together', () => {
    expectSetting('Ts Td Tc Th Jk 9c 3s', 'Jk 9c', '2.quads-mid-kept');
  });
  it('jacks to kings stay together only with a pair of tens or better', () => {
    expectSetting('Js Jd Jc Jh Td Tc 3s', 'Td Tc', '2.quads-high-kept');
    expectSetting('Js Jd Jc Jh 9d 9c 3s', (low) => ranksOf(low) === 'JJ', '2.quads-high-split');
    expectSetting('Ks Kd Kc Kh Ad Qc 3s', (low) => ranksOf(low) === 'KK', '2.quads-high-split');
  });
  it('four aces stay together only with a pair of sevens or better', () => {
    expectSetting('As Ad Ac Ah 7d 7c 3s', '7d 7c', '2.quad-aces-kept');
    expectSetting('As Ad Ac Ah 6d 6c 3s', (low) => ranksOf(low) === 'AA', '2.quad-aces-split');
  });
  it('joker as the fourth ace: four aces kept with sevens, split without', () => {
    expectSetting('As Ad Ac Jk 7d 7c 3s', '7d 7c', '2.quad-aces-kept');
    expectSetting('As Ad Ac Jk Kd Qc 3s', (low) => ranksOf(low) === 'AA' && !low.includes(JOKER), '2.quad-aces-split');
  });
  it('reading 9: the natural ace kept in the high hand is the one that completes a flush', () => {
    const result = houseWay(handOf('Jk 6s Ac 7s Ks As Ah'));
    expect(result.rule).toBe('2.quad-aces-split');
    expect(setOf(result.low)).toBe(set('Ac Ah'));
    expect(categoryOf(evaluateHighHand(result.high))).toBe('flush');
    // A tester's oracle: the explanation said "a pair of aces in each hand" over a flush in the high hand.
    expect(result.explanation.text).toMatch(/^Four aces without a pair of sevens or better beside them: split, two aces \((Ac Ah|Ah Ac)\) in the low hand and the other two in the high hand\.$/);
  });
  it('reading 9: the setting does not depend on the order the cards are given in', () => {
    const hand = handOf('Jk 6s Ac 7s Ks As Ah');
    const orders = [hand, [...hand].reverse(), [hand[3], hand[5], hand[0], hand[6], hand[1], hand[4], hand[2]]];
    const highs = orders.map((h) => evaluateHighHand(houseWay(unwrap(toHand(h))).high));
    expect(new Set(highs).size).toBe(1);
  });
  it('reading 9: split aces keep the joker in the high hand, where it can complete a straight', () => {
    const result = houseWay(handOf('As Ad Ac Jk Kd Qc Jh'));
    expect(result.rule).toBe('2.quad-aces-split');
    expect(result.low.includes(JOKER)).toBe(false);
    expect(categoryOf(evaluateHighHand(result.high))).toBe('straight');
  });
});

describe('rule 3: straight flush and royal flush', () => {
  it('keeps a straight flush that cannot free a jack for the front', () => {
    expectSetting('9h Th Jh Qh Kh 2c 3c', '2c 3c', '3.straight-flush');
  });
  it('plays a six-card flush instead when that frees a king for the front', () => {
    const result = houseWay(handOf('9h Th Jh Qh Kh 2h 3c'));
    expect(result.rule).toBe('3.straight-flush-freed');
    expect(setOf(result.low)).toBe(set('Kh 3c'));
    expect(categoryOf(evaluateHighHand(result.high))).toBe('flush');
  });
  it('gives up a jack-high straight flush for a flush that frees the jack itself', () => {
    const result = houseWay(handOf('7h 8h 9h Th Jh 2h 3c'));
    expect(result.rule).toBe('3.straight-flush-freed');
    expect(setOf(result.low)).toBe(set('Jh 3c'));
    expect(categoryOf(evaluateHighHand(result.high))).toBe('flush');
  });
  it('keeps the same straight flush when no sixth heart can take the jack\'s place', () => {
    expectSetting('7h 8h 9h Th Jh 2c 3c', '2c 3c', '3.straight-flush');
  });
  it('does not give up the straight flush when the freed front is below a jack', () => {
    expectSetting('5h 6h 7h 8h 9h 2h 3c', (low) => ranksOf(low) === '23', '3.straight-flush');
  });
  it('keeps a royal flush when no king or better can be freed', () => {
    expectSetting('Ah Kh Qh Jh Th 2c 3d', '2c 3d', '3.royal-flush');
  });
  it('gives up a royal flush for a flush that frees the ace', () => {
    const result = houseWay(handOf('Ah Kh Qh Jh Th 2h 3c'));
    expect(result.rule).toBe('3.royal-flush-freed');
    expect(setOf(result.low)).toBe(set('Ah 3c'));
  });
  it('reading 4: a lower straight flush counts as "a straight or flush" for a royal flush', () => {
    const result = houseWay(handOf('Ah Kh Qh Jh Th 9h 2c'));
    expect(result.rule).toBe('3.royal-flush-freed');
    expect(setOf(result.low)).toBe(set('Ah 2c'));
    expect(categoryOf(evaluateHighHand(result.high))).toBe('straight_flush');
  });
  it('a royal flush beside a joker-made full house is kept as a royal flush', () => {
    expectSetting('Ah As Kh Ks Qh Jh Jk', 'As Ks', '3.royal-flush');
  });
  it('the two-pair exceptions of rule 5 win over a straight flush (kings and nines)', () => {
    expectSetting('9h Th Jh Qh Kh 9s Ks', '9h 9s', '3.as-pairs');
  });
  it('low pairs without an ace keep the straight flush', () => {
    expectSetting('5h 6h 7h 8h 9h 5s 6s', '5s 6s', '3.straight-flush');
  });
});

describe('rule 4: full houses', () => {
  it('two three-of-a-kinds: the higher is split, its pair in front', () => {
    expectSetting('Ks Kd Kc 5s 5d 5c 2h', (low) => ranksOf(low) === 'KK', '4.two-trips');
  });
  it('three of a kind and two pairs: the higher pair in front', () => {
    expectSetting('Ks Kd Kc 5s 5d 9c 9h', '9c 9h', '4.trips-two-pairs');
  });
  it('a full house with deuces and an ace stays together; with deuces and a queen it is split', () => {
    expectSetting('Qs Qd Qc 2h 2s Ad 5c', 'Ad 5c', '4.full-house-deuces-kept');
    expectSetting('9s 9d 9c 2h 2s Qd 5c', '2h 2s', '4.full-house-split');
  });
  it('reading 1: deuces with a king (and no ace) also stay together', () => {
    expectSetting('Qs Qd Qc 2h 2s Kd 5c', 'Kd 5c', '4.full-house-deuces-kept');
  });
  it('deuces with the joker as the ace singleton stay together', () => {
    expectSetting('Qs Qd Qc 2h 2s Jk 5c', 'Jk 5c', '4.full-house-deuces-kept');
  });
  it('a pair of threes with an ace is split (the exception is deuces only)', () => {
    expectSetting('Qs Qd Qc 3h 3s Ad 5c', '3h 3s', '4.full-house-split');
  });
});

describe('rule 5: flush or straight', () => {
  it('a six-card flush frees its highest card for the front', () => {
    expectSetting('Ah Kh 9h 7h 5h 3h Qc', 'Ah Qc', '5.straight-or-flush');
  });
  it('a seven-card straight keeps the lowest five in back and frees the two highest', () => {
    expectSetting('4s 5d 6c 7h 8s 9d Tc', 'Tc 9d', '5.straight-or-flush');
  });
  it('a seven-card flush plays the two highest in front', () => {
    expectSetting('Ah Kh Qh 9h 7h 5h 3h', 'Ah Kh', '5.straight-or-flush');
  });
  it('two pairs and an ace singleton are played as two pairs', () => {
    expectSetting('As 2s 2d 3c 3h 4d 5c', 'As 5c', '5.as-pairs');
  });
  it('the same two pairs without the ace keep the straight', () => {
    expectSetting('6s 2s 2d 3c 3h 4d 5c', (low) => ranksOf(low) === '23', '5.straight-or-flush');
  });
  it('jacks and sevens are played as two pairs (split, sevens in front)', () => {
    expectSetting('Js Jd 7c 7h 8s 9d Tc', '7c 7h', '5.as-pairs');
  });
  it('tens and sevens (below jacks) keep the straight', () => {
    expectSetting('Ts Td 7c 7h 8s 9d 6c', (low) => ranksOf(low) === '7T', '5.straight-or-flush');
  });
  it('a pair of aces with any other pair is played as two pairs', () => {
    expectSetting('As Ad 2c 2h 3s 4d 5c', '2c 2h', '5.as-pairs');
  });
  it('reading 7: an unpaired joker is an ace singleton even when it completes the straight', () => {
    expectSetting('Jk 2s 2d 3c 3h 4d 5c', 'Jk 5c', '5.as-pairs');
  });
  it('the joker as a straight filler makes the wheel', () => {
    const result = houseWay(handOf('Jk 2s 3d 4c 5h 9s Kd'));
    expect(result.rule).toBe('5.straight-or-flush');
    expect(setOf(result.low)).toBe(set('Kd 9s'));
    expect(evaluateHighHand(result.high)).toBe(evaluateHighHand(cards('As 2s 3d 4c 5h')));
  });
  it('the joker as a flush filler', () => {
    const result = houseWay(handOf('Jk 2h 5h 8h Jh Kc Qd'));
    expect(result.rule).toBe('5.straight-or-flush');
    expect(setOf(result.low)).toBe(set('Kc Qd'));
    expect(categoryOf(evaluateHighHand(result.high))).toBe('flush');
  });
});

describe('rule 6: three of a kind', () => {
  it('three aces are split: a pair of aces in back, the third ace and the highest singleton in front', () => {
    expectSetting('As Ad Ac Kh Qs 5d 2c', (low) => ranksOf(low) === 'AK', '6.trip-aces-split');
  });
  it('the joker with two aces is three aces, split the same way', () => {
    expectSetting('As Ad Jk Kh Qs 5d 2c', (low) => ranksOf(low) === 'AK' && !low.includes(JOKER), '6.trip-aces-split');
  });
  it('three kings stay together', () => {
    expectSetting('Ks Kd Kc Ah Qs 5d 2c', 'Ah Qs', '6.trips');
  });
});

describe('rule 7: three pairs', () => {
  it('the joker paired with an ace makes the highest pair, which goes in front', () => {
    expectSetting('As Jk 9c 9h 5s 5d Kc', 'As Jk', '7.three-pairs');
  });
});

describe('rule 8: two pairs', () => {
  it('sevens and fours without an ace are split; sixes and fours are kept', () => {
    expectSetting('7s 7d 4c 4h Ks 9d 2c', '4c 4h', '8.split-sevens-no-ace');
    expectSetting('6s 6d 4c 4h Ks 9d 2c', 'Ks 9d', '8.kept');
  });
  it('jacks and sixes with an ace are split; jacks and fives, or tens and sixes, are kept', () => {
    expectSetting('Js Jd 6c 6h As 9d 2c', '6c 6h', '8.split-jacks-sixes-ace');
    expectSetting('Js Jd 5c 5h As 9d 2c', 'As 9d', '8.kept');
    expectSetting('Ts Td 6c 6h As 9d 2c', 'As 9d', '8.kept');
  });
  it('aces and any pair are split', () => {
    expectSetting('As Ad 4c 4h Ks 9d 2c', '4c 4h', '8.split-aces');
    expectSetting('Jk Ad 4c 4h Ks 9d 2c', '4c 4h', '8.split-aces');
  });
  it('the joker alone is an ace singleton: sevens and fours are then kept', () => {
    expectSetting('7s 7d 4c 4h Jk 9d 2c', 'Jk 9d', '8.kept');
  });
});

describe('explanations', () => {
  it('carry a message key, language-neutral parameters and the English text', () => {
    const result = houseWay(handOf('4s 4d 4c 4h Kd 9c 2s'));
    expect(result.explanation.key).toBe('houseWay.2.quads-low-kept');
    expect(result.explanation.params).toMatchObject({ rank: '4', low: 'Kd 9c' });
    expect(result.explanation.text).toBe(
      'Four fours (deuces to sixes) stay together in the high hand; the best two other cards (Kd 9c) go to the low hand.',
    );
  });
  it('name the pairs in the two-pair exceptions', () => {
    const result = houseWay(handOf('Js Jd 7c 7h 8s 9d Tc'));
    expect(result.explanation.text).toContain('two pairs (jacks and sevens)');
  });
});

describe('properties over random hands', () => {
  const hand = fc.shuffledSubarray(Array.from({ length: 53 }, (_, i) => i), { minLength: 7, maxLength: 7 }).map((cards) => unwrap(toHand(cards)));
  it('the setting is legal, uses exactly the seven cards, and is the same every time', () => {
    fc.assert(
      fc.property(hand, (h) => {
        const first = houseWay(h);
        expect(first.high).toHaveLength(5);
        expect(first.low).toHaveLength(2);
        expect(setOf([...first.high, ...first.low])).toBe(setOf(h));
        expect(isFoul(first)).toBe(false);
        const reversed = houseWay(unwrap(toHand([...h].reverse())));
        expect(reversed.rule).toBe(first.rule);
        expect(evaluateHighHand(reversed.high)).toBe(evaluateHighHand(first.high));
        expect(ranksOf(reversed.low)).toBe(ranksOf(first.low));
        expect(houseWay(h)).toEqual(first);
      }),
      { numRuns: 20_000 },
    );
  });
});
