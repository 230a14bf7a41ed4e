import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JOKER, RANK_CHARS, rankOf, type Card } from '../cards/index.js';
import { evaluateHighHand } from '../evaluate/high-hand.js';
import { STANDARD_RANKING, WHEEL_LOW_RANKING } from '../evaluate/ranking.js';
import { categoryOf, describeValue } from '../evaluate/value.js';
import { unwrap } from '../errors/index.js';
import { cards, formatCards, handOf, toHand } from '../notation/index.js';
import { isFoul } from '../setting/index.js';
import { FOXWOODS_RULES, foxwoodsHouseWay, type FoxwoodsOptions, type FoxwoodsRule } from './foxwoods.js';
import { houseWayById, houseWayVariant, houseWays } from './registry.js';

const foxwoods = houseWays.foxwoods;
const setOf = (cs: readonly Card[]): string => formatCards(cs).split(' ').sort().join(' ');
const set = (text: string): string => setOf(cards(text));
const ranksOf = (cs: readonly Card[]): string => cs.map((c) => RANK_CHARS[rankOf(c)]).sort().join('');

/**
 * Expects the Foxwoods house way (with readings `options`) to set `hand` with `low` in front (a set of cards,
 * or a predicate where equal-rank cards are interchangeable) by rule variant `rule`.
 */
function expectSetting(hand: string, low: string | ((low: readonly Card[]) => boolean), rule: FoxwoodsRule, options?: Partial<FoxwoodsOptions>): void {
  const way = options ? foxwoodsHouseWay(options) : foxwoods;
  const result = way.set(handOf(hand));
  expect(result.rule).toBe(rule);
  if (typeof low === 'string') expect(setOf(result.low)).toBe(set(low));
  else expect(low(result.low)).toBe(true);
  expect(setOf([...result.high, ...result.low])).toBe(set(hand));
  expect(isFoul(result)).toBe(false);
}

describe('the Foxwoods plug-in', () => {
  it('is registered under its id, with a rule list, explanations and an i18n key prefix', () => {
    const found = houseWayById('foxwoods');
    expect(found.ok && found.value).toBe(foxwoods);
    expect(foxwoods.rules).toEqual(FOXWOODS_RULES);
    for (const rule of FOXWOODS_RULES) expect(foxwoods.explanations[rule]).toBeTypeOf('string');
    const result = foxwoods.set(handOf('Ts Td 4c 4h As 9d 2c'));
    expect(result.explanation.key).toBe('houseWayFoxwoods.3.kept-ace');
    expect(result.explanation.params).toMatchObject({ low: 'As 9d' });
  });
  it('an unknown name is refused with config/invalid, naming the house ways there are', () => {
    const found = houseWayById('trump-plaza');
    expect(found.ok).toBe(false);
    if (!found.ok) {
      expect(found.error.code).toBe('config/invalid');
      expect(found.error.message).toContain('seeds, foxwoods');
    }
  });
  it('the code and the setting agree', () => {
    const hand = handOf('Ah Kh Kd Qc Jc Ts 3d');
    const code = foxwoods.code(hand);
    const result = foxwoods.set(hand);
    expect(setOf([hand[code & 7], hand[(code >> 3) & 7]])).toBe(setOf(result.low));
    expect(FOXWOODS_RULES[code >> 6]).toBe(result.rule);
  });
  it('names its variant by the readings switched and a ranking other than the standard one; the default has none', () => {
    expect(foxwoods.variant).toBe('');
    expect(foxwoods.ranking).toBe(STANDARD_RANKING);
    expect(foxwoodsHouseWay({ quadsPairOverridesRank: false }).variant).toBe('quadsPairOverridesRank=false');
    expect(foxwoodsHouseWay({ quadsPairOverridesRank: false }, WHEEL_LOW_RANKING).variant).toBe('quadsPairOverridesRank=false,wheel=low');
    expect(houseWayVariant('foxwoods', STANDARD_RANKING)).toBe(foxwoods);
    expect(houseWayVariant('foxwoods', WHEEL_LOW_RANKING).ranking).toBe(WHEEL_LOW_RANKING);
  });
});

describe('rule 1: no pair', () => {
  it('the highest card in back, the next two in front', () => {
    expectSetting('As Kd 9c 7h 5s 3d 2c', 'Kd 9c', '1.no-pair');
  });
  it('the joker alone is an ace: it stays in back', () => {
    expectSetting('Jk Kd 9c 7h 5s 3d 2c', 'Kd 9c', '1.no-pair');
  });
});

describe('rule 2: one pair', () => {
  it('the pair in back, the two highest other cards in front', () => {
    expectSetting('8s 8d Kc Qh 5s 3d 2c', 'Kc Qh', '2.one-pair');
  });
  it('the joker pairs an ace', () => {
    expectSetting('Jk Ad Kc Qh 6s 3d 2c', 'Kc Qh', '2.one-pair');
  });
});

describe('rule 3: two pairs', () => {
  it('big pair jacks or better: split, even with an ace to play in front', () => {
    expectSetting('Js Jd 4c 4h As 9d 2c', '4c 4h', '3.split-high');
    expectSetting('As Ad 4c 4h Ks 9d 2c', '4c 4h', '3.split-high');
  });
  it('big pair tens (just below jacks) stays together with an ace, the next highest card beside it', () => {
    expectSetting('Ts Td 4c 4h As 9d 2c', 'As 9d', '3.kept-ace');
  });
  it('big pair tens without an ace (a king is not enough) is split', () => {
    expectSetting('Ts Td 4c 4h Ks 9d 2c', '4c 4h', '3.split-mid');
  });
  it('big pair sevens: kept with the joker as the ace, split without', () => {
    expectSetting('7s 7d 4c 4h Jk 9d 2c', 'Jk 9d', '3.kept-ace');
    expectSetting('7s 7d 4c 4h Qs 9d 2c', '4c 4h', '3.split-mid');
  });
  it('big pair sixes (just below sevens): kept with a king, split with a queen', () => {
    expectSetting('6s 6d 4c 4h Ks 9d 2c', 'Ks 9d', '3.kept-king-or-ace');
    expectSetting('6s 6d 4c 4h Qs 9d 2c', '4c 4h', '3.split-low');
  });
  it('big pair sixes with an ace stay together', () => {
    expectSetting('6s 6d 3c 3h As 9d 2c', 'As 9d', '3.kept-king-or-ace');
  });
});

describe('rule 4: three pairs', () => {
  it('the highest pair goes in front', () => {
    expectSetting('Ts Td 9c 9h 5s 5d Kc', 'Ts Td', '4.three-pairs');
  });
  it('the joker with an ace makes the highest pair', () => {
    expectSetting('As Jk 9c 9h 5s 5d Kc', 'As Jk', '4.three-pairs');
  });
});

describe('rule 5: three of a kind', () => {
  it('three aces: one ace and the next highest card in front, a pair of aces in back', () => {
    expectSetting('As Ad Ac Kh Qs 5d 2c', (low) => ranksOf(low) === 'AK', '5.trip-aces');
    expectSetting('As Ad Jk Kh Qs 5d 2c', (low) => ranksOf(low) === 'AK', '5.trip-aces');
  });
  it('three kings (just below aces) stay together, the two highest other cards in front', () => {
    expectSetting('Ks Kd Kc Ah Qs 5d 2c', 'Ah Qs', '5.trips');
  });
});

describe('rule 6: two three-of-a-kinds', () => {
  it('a pair from the higher one in front', () => {
    expectSetting('Ks Kd Kc 5s 5d 5c 2h', (low) => ranksOf(low) === 'KK', '6.two-trips');
  });
});

describe('rule 7: straight, flush, straight flush', () => {
  it('no pair: the two highest cards that leave a complete hand in back', () => {
    expectSetting('9s 8d 7c 6h 5s Kd Qc', 'Kd Qc', '7.no-pair');
    expectSetting('4s 5d 6c 7h 8s 9d Tc', 'Tc 9d', '7.no-pair');
    expectSetting('Ah Kh 9h 7h 5h 3h Qc', 'Ah Qc', '7.no-pair');
  });
  it('no pair: a straight flush may be given up for a flush that frees a better front', () => {
    const result = foxwoods.set(handOf('9h Th Jh Qh Kh 2h 3c'));
    expect(result.rule).toBe('7.no-pair');
    expect(setOf(result.low)).toBe(set('Kh 3c'));
    expect(categoryOf(evaluateHighHand(result.high))).toBe('flush');
  });
  it('the joker completes the straight (wheel)', () => {
    const result = foxwoods.set(handOf('Jk 2s 3d 4c 5h 9s Kd'));
    expect(result.rule).toBe('7.no-pair');
    expect(setOf(result.low)).toBe(set('Kd 9s'));
    expect(categoryOf(evaluateHighHand(result.high))).toBe('straight');
  });
  it('one pair: the highest front that leaves a complete hand in back, the pair itself when it can', () => {
    expectSetting('4s 5d 6c 7h 8s 8d Kc', (low) => ranksOf(low) === '8K', '7.one-pair');
    expectSetting('4s 5d 6c 7h 8s 9d 9c', (low) => ranksOf(low) === '99', '7.one-pair');
  });
  it('one pair, the exception: an ace and a pair of kings put the ace in front when that front is better', () => {
    expectSetting('Ah Kh Kd Qc Jc Ts 3d', 'Ah Qc', '7.one-pair-ace-front');
  });
  it('the exception holds for tens (its lowest pair) and not for nines (just outside)', () => {
    expectSetting('Ah Kc Qd Jh Ts Td 3c', 'Ah Kc', '7.one-pair-ace-front');
    expectSetting('Ah 8c 9s Ts Td Jd Qh', 'Ah Qh', '7.one-pair-ace-front');
    expectSetting('Ah 8c 9s 9d Tc Jd Qh', (low) => ranksOf(low) === '9A', '7.one-pair');
  });
  it('the exception does not apply when keeping the complete hand gives the better front', () => {
    // Six hearts: the flush stays in back with the kings in front, better than A-Q.
    expectSetting('Ah Kh Qh 9h 5h 2h Kd', 'Kh Kd', '7.one-pair');
  });
  it('the exception applies even when the kept front holds the ace already (switchable)', () => {
    expectSetting('7s 8s 9s Ts Th Jh As', 'As Jh', '7.one-pair-ace-front');
    expectSetting('7s 8s 9s Ts Th Jh As', (low) => ranksOf(low) === 'AT', '7.one-pair', { exceptionOnlyWithoutAceInFront: true });
    expectSetting('Ah Kh Kd Qc Jc Ts 3d', 'Ah Qc', '7.one-pair-ace-front', { exceptionOnlyWithoutAceInFront: true });
  });
  it('the joker counts as the exception\'s ace (switchable)', () => {
    expectSetting('Jk Kh Kd Qc Jc Ts 3d', 'Jk Qc', '7.one-pair-ace-front');
    expectSetting('Jk Kh Kd Qc Jc Ts 3d', (low) => ranksOf(low) === '3K', '7.one-pair', { jokerIsExceptionAce: false });
  });
  it('two pairs: played as two pairs (rule 3)', () => {
    expectSetting('Js Jd 7c 7h 8s 9d Tc', '7c 7h', '7.as-pairs');
    expectSetting('As 2s 2d 3c 3h 4d 5c', 'As 5c', '7.as-pairs');
  });
  it('three pairs with the joker completing a flush: played as three pairs', () => {
    expectSetting('As Jk Ks Kd Qs Qd 2s', 'As Jk', '7.as-three-pairs');
  });
  it('the joker pairs the ace even where it fills the only straight or flush (switchable)', () => {
    // A-Jk, kings and a straight only the joker completes (as the ten): two pairs, aces and kings, split.
    expectSetting('As Jk Ks Kd Qh Jd 9c', (low) => ranksOf(low) === 'KK', '7.as-pairs');
    expectSetting('As Jk Ks Kd Qh Jd 9c', (low) => ranksOf(low) === 'AK', '7.one-pair', { jokerFillsRatherThanPairs: true });
    expectSetting('As Jk Ks Kd Qs Qd 2s', (low) => ranksOf(low) === 'QQ', '7.as-pairs', { jokerFillsRatherThanPairs: true });
    // A straight made without the joker (the wheel): the joker pairs the ace either way.
    expectSetting('As Jk 2s 2d 3c 4h 5d', '2s 2d', '7.as-pairs', { jokerFillsRatherThanPairs: true });
  });
  it('three of a kind: the complete hand in back, a pair from the three in front', () => {
    expectSetting('5s 5d 5c 6h 7s 8d 9c', (low) => ranksOf(low) === '55', '7.trips');
    expectSetting('Ah 9h 7h 4h 2h 4s 4d', (low) => ranksOf(low) === '44', '7.trips');
  });
});

describe('rule 8: full house', () => {
  it('the pair in front', () => {
    expectSetting('Qs Qd Qc 7h 7s Ad 2c', '7h 7s', '8.full-house');
    expectSetting('9s 9d 9c 2h 2s Ad Kc', '2h 2s', '8.full-house');
  });
  it('three of a kind and two pairs: the higher pair in front', () => {
    expectSetting('Ks Kd Kc 5s 5d 9c 9h', '9c 9h', '8.trips-two-pairs');
  });
});

describe('rule 9: four of a kind', () => {
  it('jacks to aces are always split', () => {
    expectSetting('Js Jd Jc Jh Ad Kc 3s', (low) => ranksOf(low) === 'JJ', '9.quads-high-split');
    expectSetting('As Ad Ac Ah Kd Qc 3s', (low) => ranksOf(low) === 'AA', '9.quads-high-split');
  });
  it('tens with a king stay together; tens with a queen (just outside) are split', () => {
    expectSetting('Ts Td Tc Th Kd 9c 3s', 'Kd 9c', '9.quads-mid-kept');
    expectSetting('Ts Td Tc Th Qd 9c 3s', (low) => ranksOf(low) === 'TT', '9.quads-mid-split');
  });
  it('sevens with an ace stay together', () => {
    expectSetting('7s 7d 7c 7h Ad 9c 3s', 'Ad 9c', '9.quads-mid-kept');
  });
  it('sixes (just below sevens) are never split, even without a king', () => {
    expectSetting('6s 6d 6c 6h Qd 9c 3s', 'Qd 9c', '9.quads-low-kept');
  });
  it('with a pair beside them: that pair in front, the four kept (even jacks and up)', () => {
    expectSetting('Js Jd Jc Jh 2s 2d 5c', '2s 2d', '9.quads-pair-front');
    expectSetting('Ts Td Tc Th 3s 3d 5c', '3s 3d', '9.quads-pair-front');
  });
  it('with a three of a kind beside them: a pair of it in front', () => {
    expectSetting('8s 8d 8c 8h 3s 3d 3c', (low) => ranksOf(low) === '33', '9.quads-pair-front');
  });
  it('switchable: the rank bullet first splits four jacks beside a pair', () => {
    expectSetting('Js Jd Jc Jh 2s 2d 5c', (low) => ranksOf(low) === 'JJ', '9.quads-high-split', { quadsPairOverridesRank: false });
  });
  it('the joker makes the fourth ace, even beside a royal flush it could complete; the poker order is switchable', () => {
    expectSetting('As Ad Ac Jk Kd Qc 3s', (low) => ranksOf(low) === 'AA', '9.quads-high-split');
    expectSetting('Jk As Ad Ac Ks Qs Js', (low) => ranksOf(low) === 'AA', '9.quads-high-split');
    expectSetting('Jk As Ad Ac Ks Qs Js', 'Ad Ac', '7.trips', { straightFlushBeforeQuads: true });
  });
});

describe('the hand ranking it sets under (evaluate/ranking.ts)', () => {
  it('with the wheel ranked lowest, the joker stays in back where it makes a six-high straight rather than the wheel', () => {
    // A pair of aces (the joker and the ace) beside 2-3-4-5 and a king: the front is an ace and the king, the back
    // 2-3-4-5 and the other ace. Under the standard ranking both backs are the wheel (the joker reads as the ace);
    // with the wheel lowest, 2-3-4-5-Jk reads as six-high, which beats A-2-3-4-5, so the natural ace goes in front.
    const hand = handOf('As Jk 2d 3c 4h 5s Kc');
    const standard = foxwoods.set(hand);
    expect(describeValue(evaluateHighHand(standard.high))).toBe('Straight, five-high wheel (A-2-3-4-5)');
    const wheelLow = foxwoodsHouseWay({}, WHEEL_LOW_RANKING).set(hand);
    expect(wheelLow.rule).toBe('7.one-pair');
    expect(setOf(wheelLow.low)).toBe(set('As Kc'));
    expect(describeValue(evaluateHighHand(wheelLow.high, WHEEL_LOW_RANKING))).toBe('Straight, six-high');
  });
});

describe('rule 10: five aces', () => {
  it('a pair of aces in front, unless a pair of kings can go there', () => {
    expectSetting('As Ah Ad Ac Jk Ks Kd', 'Ks Kd', '10.five-aces-kings');
    expectSetting('As Ah Ad Ac Jk Qs Qd', (low) => ranksOf(low) === 'AA' && !low.includes(JOKER), '10.five-aces-split');
  });
});

describe('properties over random hands', () => {
  const hand = fc.shuffledSubarray(Array.from({ length: 53 }, (_, i) => i), { minLength: 7, maxLength: 7 }).map((cards) => unwrap(toHand(cards)));
  it('the setting is legal, uses exactly the seven cards, and does not depend on the cards\' order', () => {
    fc.assert(
      fc.property(hand, fc.array(fc.nat(), { minLength: 7, maxLength: 7 }), (h, keys) => {
        const first = foxwoods.set(h);
        expect(first.high).toHaveLength(5);
        expect(first.low).toHaveLength(2);
        expect(setOf([...first.high, ...first.low])).toBe(setOf(h));
        expect(isFoul(first)).toBe(false);
        const shuffled = h.map((c, i) => [keys[i], i, c]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
        const other = foxwoods.set(unwrap(toHand(shuffled)));
        expect(other.rule).toBe(first.rule);
        expect(evaluateHighHand(other.high)).toBe(evaluateHighHand(first.high));
        expect(ranksOf(other.low)).toBe(ranksOf(first.low));
        expect(foxwoods.set(h)).toEqual(first);
      }),
      { numRuns: 20_000 },
    );
  });
});
