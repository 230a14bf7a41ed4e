/** Settings and the foul rule (rules.md §2, §2.4). */

import { describe, expect, it } from 'vitest';
import { JOKER } from '../cards/index.js';
import { unwrap } from '../errors/index.js';
import { cards, handOf, toHand } from '../notation/index.js';
import { createSeededRng, shuffledDeck } from '../rng/index.js';
import { evaluateHighHand } from '../evaluate/high-hand.js';
import { categoryIndex, valueNibbles, TWO_PAIR, ONE_PAIR } from '../evaluate/value.js';
import { LOW_HAND_PAIRS, checkSetting, isFoul, isFoulValues, settingAt, settingValues, settings, type Setting } from './index.js';

/** A setting from card text: `set('Ks Kh 9d 5c 2s', 'Ah Qd')`. */
const set = (highText: string, lowText: string): Setting => ({ high: cards(highText, 5), low: cards(lowText, 2) });

/** rules.md §2.4 sentence by sentence, written apart from the engine's one-scale comparison. */
function foulByRulesText(setting: Setting): boolean {
  const highValue = evaluateHighHand(setting.high);
  const lowRanks = setting.low.map((c) => (c === JOKER ? 14 : (c >> 2) + 2)).sort((a, b) => b - a);
  const lowPaired = lowRanks[0] === lowRanks[1];
  // "any high hand of two pair or better is legal"
  if (categoryIndex(highValue) >= TWO_PAIR) return false;
  const [first, second] = valueNibbles(highValue); // pair rank, or the two top cards (2‥14)
  // "against a one-pair high hand the low hand may hold no pair or a pair no higher than the high hand's pair"
  if (categoryIndex(highValue) === ONE_PAIR) return lowPaired && lowRanks[0] > first;
  // "against a high-card high hand the low hand must be unpaired and its two cards, compared in order,
  // no higher than the high hand's two top cards (equality is legal)"
  if (lowPaired) return true;
  return lowRanks[0] > first || (lowRanks[0] === first && lowRanks[1] > second);
}

describe('settings (rules.md §2)', () => {
  it('seven cards have 21 settings, each a high hand of five and a low hand of two using all seven cards', () => {
    const hand = handOf('As Kd Qc Jh 9s 3d Jk');
    const all = settings(hand);
    expect(all).toHaveLength(21);
    expect(LOW_HAND_PAIRS).toHaveLength(21);
    expect(new Set(all.map((s) => [...s.low].sort().join())).size).toBe(21);
    for (const s of all) {
      expect(s.high).toHaveLength(5);
      expect(s.low).toHaveLength(2);
      expect([...s.high, ...s.low].sort((a, b) => a - b)).toEqual([...hand].sort((a, b) => a - b));
    }
    expect(settingAt(hand, 0, 6)).toEqual({ high: cards('Kd Qc Jh 9s 3d'), low: cards('As Jk') });
  });
});

describe('a legal setting (rules.md §2.4)', () => {
  it('any high hand of two pair or better is legal, even against a pair of aces', () => {
    for (const high of [
      '3s 3h 2d 2c 4s', // two pair
      '2s 2h 2d 3c 4s', // three of a kind
      '2s 3h 4d 5c 6s', // straight
      '2s 3s 4s 5s 7s', // flush
      '2s 2h 2d 3c 3s', // full house
      '2s 2h 2d 2c 3s', // four of a kind
      '2h 3h 4h 5h 6h', // straight flush
      'Th Jh Qh Kh Ah', // royal flush
    ]) {
      expect(isFoul(set(high, 'As Ad'))).toBe(false);
      expect(isFoul(set(high, 'Jk Ac'))).toBe(false);
    }
    expect(isFoul(set('Jk As Ah Ad Ac', 'Ks Kd'))).toBe(false);
  });

  it('against a one-pair high hand, a higher pair in the low hand fouls', () => {
    expect(isFoul(set('5s 5h Kd 9c 2s', '6d 6c'))).toBe(true);
    expect(isFoul(set('5s 5h Kd 9c 2s', 'Jk Ad'))).toBe(true);
  });

  it('against a one-pair high hand, an equal pair in the low hand is legal', () => {
    expect(isFoul(set('5s 5h Kd 9c 2s', '5d 5c'))).toBe(false);
    expect(isFoul(set('Jk As 9c 6d 3h', 'Ad Ac'))).toBe(false);
  });

  it('against a one-pair high hand, a lower pair in the low hand is legal', () => {
    expect(isFoul(set('5s 5h Kd 9c 2s', '4d 4c'))).toBe(false);
  });

  it('against a one-pair high hand, an unpaired low hand is legal, even ace-king against deuces', () => {
    expect(isFoul(set('2s 2h 9d 7c 3s', 'As Kd'))).toBe(false);
    expect(isFoul(set('2s 2h 9d 7c 3s', 'Jk Kd'))).toBe(false);
  });

  it('against a high-card high hand, any pair in the low hand fouls', () => {
    expect(isFoul(set('As Kh Qd Jc 9s', '2d 2c'))).toBe(true);
  });

  it('against a high-card high hand, the low hand is compared card by card with the two top cards', () => {
    // higher first card: foul
    expect(isFoul(set('Ks Qh 9d 7c 3s', 'As 2d'))).toBe(true);
    // lower first card: legal
    expect(isFoul(set('As Jh 9d 7c 3s', 'Ks Qd'))).toBe(false);
    // equal first card, higher second card: foul
    expect(isFoul(set('As Jh 9d 7c 3s', 'Ah Qd'))).toBe(true);
    expect(isFoul(set('Ks Th 9d 7c 3s', 'Kh Jd'))).toBe(true);
    // equal first card, lower second card: legal
    expect(isFoul(set('As Qh 9d 7c 3s', 'Ah Jd'))).toBe(false);
    expect(isFoul(set('Ks Th 9d 7c 3s', 'Kh 9c'))).toBe(false);
    // the joker is an ace in the low hand
    expect(isFoul(set('Ks Qh 9d 7c 3s', 'Jk 2d'))).toBe(true);
  });

  it('against a high-card high hand, equal top two cards are legal (the five-card hand has more cards)', () => {
    expect(isFoul(set('As Kh 9d 7c 3s', 'Ah Kd'))).toBe(false);
    expect(isFoul(set('Qs 8h 6d 4c 3s', 'Qh 8d'))).toBe(false);
  });

  it('isFoul agrees with the rules text on every setting of 5,000 random hands', () => {
    const rng = createSeededRng(24);
    let fouls = 0;
    for (let n = 0; n < 5000; n++) {
      const hand = unwrap(toHand(shuffledDeck(rng).slice(0, 7)));
      for (const s of settings(hand)) {
        const expected = foulByRulesText(s);
        if (isFoul(s) !== expected || isFoulValues(settingValues(s)) !== expected) {
          expect.fail(`setting ${s.high} / ${s.low}: isFoul ${!expected}, rules text ${expected}`);
        }
        if (expected) fouls++;
      }
    }
    expect(fouls).toBeGreaterThan(10_000);
  });
});

describe('checkSetting (a player sets their own seven cards)', () => {
  const hand = handOf('As Kd Qc Jh 9s 3d 2c');

  it('accepts a legal setting and returns its values', () => {
    const result = checkSetting(hand, set('As Qc Jh 9s 3d', 'Kd 2c'));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toEqual(settingValues(set('As Qc Jh 9s 3d', 'Kd 2c')));
  });

  it('refuses a foul with setting/foul', () => {
    expect(checkSetting(hand, set('Qc Jh 9s 3d 2c', 'As Kd'))).toMatchObject({ ok: false, error: { code: 'setting/foul' } });
  });

  it('refuses a card that is not in the hand with setting/not-your-cards', () => {
    expect(checkSetting(hand, set('As Qc Jh 9s 3d', 'Kd 4c'))).toEqual({
      ok: false,
      error: { code: 'setting/not-your-cards', message: '4c is not one of your cards' },
    });
  });

  it('refuses anything but five and two distinct cards with setting/wrong-split', () => {
    expect(checkSetting(hand, { high: cards('As Qc Jh 9s'), low: cards('Kd 2c 3d') })).toMatchObject({ ok: false, error: { code: 'setting/wrong-split' } });
    expect(checkSetting(hand, { high: cards('As Qc Jh 9s 3d'), low: [cards('As')[0], cards('2c')[0]] })).toMatchObject({
      ok: false,
      error: { code: 'setting/wrong-split' },
    });
  });
});
