/**
 * Settings: a split of the seven cards into a five-card high hand and a two-card low hand
 * (rules.md §2), and the foul rule (rules.md §2.4).
 */

import type { Card, Hand } from '../cards/index.js';
import { formatCard } from '../notation/index.js';
import { err, ok, type Result } from '../errors/index.js';
import { evaluateHighHand5 } from '../evaluate/high-hand.js';
import { evaluateLowHand2 } from '../evaluate/low-hand.js';
import { LOW_HAND_PAIRS } from '../evaluate/seven.js';
import type { HandValue } from '../evaluate/value.js';

/** Seven cards set into a high hand of five and a low hand of two (rules.md §2). */
export interface Setting {
  readonly high: readonly Card[];
  readonly low: readonly Card[];
}

/** The two hands' values of a setting: what settlement compares (rules.md §3). */
export interface SettingValues {
  readonly high: HandValue;
  readonly low: HandValue;
}

/** The 21 pairs of positions (i < j) of the seven cards that can form the low hand, in the one fixed order (`evaluate/seven.ts`). */
export { LOW_HAND_PAIRS };

/** The setting of `hand` whose low hand is the cards at positions `i` and `j` (the rest, in order, form the high hand). */
export function settingAt(hand: readonly Card[], i: number, j: number): Setting {
  return { high: hand.filter((_, k) => k !== i && k !== j), low: [hand[i], hand[j]] };
}

/**
 * All 21 settings of seven cards (rules.md §2), in the order of `LOW_HAND_PAIRS`.
 * @param hand a hand (seven distinct cards, checked by `toHand` or `parseHand`)
 */
export function settings(hand: Hand): Setting[] {
  return LOW_HAND_PAIRS.map(([i, j]) => settingAt(hand, i, j));
}

/** The values of a setting's two hands. Cards are trusted (five and two distinct valid cards). */
export function settingValues(setting: Setting): SettingValues {
  const [a, b, c, d, e] = setting.high;
  return { high: evaluateHighHand5(a, b, c, d, e), low: evaluateLowHand2(setting.low[0], setting.low[1]) };
}

/**
 * Whether the low hand outranks the high hand (rules.md §2.4): compared as poker hands on one scale;
 * equality is legal (the five-card hand has more cards).
 */
export function isFoul(setting: Setting): boolean {
  const { high, low } = settingValues(setting);
  return low > high;
}

/** `isFoul` on values already computed. */
export function isFoulValues(values: SettingValues): boolean {
  return values.low > values.high;
}

/**
 * Checks a player's setting of their own seven cards (rules.md §2.4; at the table a foul is refused).
 * @param hand the hand dealt
 * @param setting the proposed high and low hands
 * @returns the setting's values, or `setting/wrong-split` (not 5 + 2 distinct cards),
 *   `setting/not-your-cards` (a card not in `hand`), `setting/foul`.
 */
export function checkSetting(hand: Hand, setting: Setting): Result<SettingValues> {
  const all = [...setting.high, ...setting.low];
  if (setting.high.length !== 5 || setting.low.length !== 2 || new Set(all).size !== 7) {
    return err('setting/wrong-split', 'a setting is a high hand of 5 cards and a low hand of 2 different cards');
  }
  const stranger = all.find((c) => !hand.includes(c));
  if (stranger !== undefined) return err('setting/not-your-cards', `${formatCard(stranger)} is not one of your cards`);
  const values = settingValues(setting);
  if (isFoulValues(values)) {
    return err('setting/foul', 'foul: the low hand must not outrank the high hand');
  }
  return ok(values);
}
