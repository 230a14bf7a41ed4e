/**
 * Explanations of house-way settings (house-way.md): a message key (`houseWay.<rule id>`), language-neutral
 * parameters (rank letters, card codes) and the English text. The table's i18n catalog translates the key
 * with the same `{{name}}` placeholders; `text` is the fallback and what the CLI prints.
 */

import { RANK_CHARS, type Card } from '../cards/index.js';
import { formatCards } from '../notation/index.js';
import type { HouseWayRule } from './core.js';
import type { Explanation } from './types.js';

const PLURALS = ['deuces', 'threes', 'fours', 'fives', 'sixes', 'sevens', 'eights', 'nines', 'tens', 'jacks', 'queens', 'kings', 'aces'];

/** English templates per rule variant; `{{rank}}` is a rank name in the text and a rank letter in `params`. */
export const EXPLANATIONS: Readonly<Record<HouseWayRule, string>> = {
  '1.five-aces-kings': 'Five aces with a pair of kings: the five aces stay together in the high hand and the kings ({{low}}) go to the low hand.',
  '1.five-aces-split': 'Five aces: split, a pair of aces ({{low}}) in the low hand and three aces in the high hand.',
  '2.quads-low-kept': 'Four {{rank}} (deuces to sixes) stay together in the high hand; the best two other cards ({{low}}) go to the low hand.',
  '2.quads-mid-kept': 'Four {{rank}} stay together because an ace or a pair ({{low}}) can be played in the low hand.',
  '2.quads-mid-split': 'Four {{rank}} (sevens to tens) with no ace or pair beside them: split, a pair in each hand.',
  '2.quads-high-kept': 'Four {{rank}} stay together because a pair of tens or better ({{low}}) can be played in the low hand.',
  '2.quads-high-split': 'Four {{rank}} (jacks to kings) without a pair of tens or better beside them: split, a pair in each hand.',
  '2.quad-aces-kept': 'Four aces stay together because a pair of sevens or better ({{low}}) can be played in the low hand.',
  '2.quad-aces-split': 'Four aces without a pair of sevens or better beside them: split, two aces ({{low}}) in the low hand and the other two in the high hand.',
  '3.as-pairs': 'A straight flush, but the hand holds {{pairs}}: it is played as pairs, not as a straight flush ({{low}} in the low hand).',
  '3.straight-flush': 'Straight flush kept in the high hand, with the best low hand that allows ({{low}}).',
  '3.straight-flush-freed': 'The straight flush is given up for a straight or flush so that the low hand is jack or better ({{low}}).',
  '3.royal-flush': 'Royal flush kept in the high hand, with the best low hand that allows ({{low}}).',
  '3.royal-flush-freed': 'The royal flush is given up for a straight or flush so that the low hand is king or better ({{low}}).',
  '4.two-trips': 'Two three-of-a-kinds: the higher ({{rank}}) is split and its pair goes to the low hand.',
  '4.trips-two-pairs': 'Three of a kind and two pairs: the higher pair ({{rank}}) goes to the low hand, the full house stays in the high hand.',
  '4.full-house-split': 'Full house: split, the pair ({{rank}}) goes to the low hand and the three of a kind stays in the high hand.',
  '4.full-house-deuces-kept': 'Full house with a pair of deuces and an ace or a king beside it: the full house stays together and {{low}} go to the low hand.',
  '5.as-pairs': 'A straight or flush, but the hand holds {{pairs}}: it is played as pairs, not as a straight or flush ({{low}} in the low hand).',
  '5.straight-or-flush': 'Straight or flush kept in the high hand, with the highest low hand that leaves it there ({{low}}).',
  '6.trips': 'Three {{rank}} stay in the high hand; the two highest other cards ({{low}}) go to the low hand.',
  '6.trip-aces-split': 'Three aces: split, a pair of aces in the high hand and the third ace with the highest other card ({{low}}) in the low hand.',
  '7.three-pairs': 'Three pairs: the highest pair ({{rank}}) goes to the low hand.',
  '8.kept': 'Two pairs stay together in the high hand; the two highest other cards ({{low}}) go to the low hand.',
  '8.split-sevens-no-ace': 'Two pairs, the higher sevens or better, and no ace beside them: split, the lower pair ({{low}}) goes to the low hand.',
  '8.split-jacks-sixes-ace': 'Two pairs, jacks or better with sixes or better: split even with an ace beside them; the lower pair ({{low}}) goes to the low hand.',
  '8.split-aces': 'Two pairs with aces: split, the lower pair ({{low}}) goes to the low hand.',
  '9.one-pair': 'One pair stays in the high hand; the two highest other cards ({{low}}) go to the low hand.',
  '10.no-pair': 'No pair: the highest card stays in the high hand; the next two ({{low}}) go to the low hand.',
};

/** Templates split once at their placeholders: literal text at even indexes, parameter names at odd ones. */
const partsCache = new WeakMap<Readonly<Record<string, string>>, Record<string, string[]>>();

function templateParts(templates: Readonly<Record<string, string>>, rule: string): string[] {
  let parts = partsCache.get(templates);
  if (!parts) {
    parts = Object.fromEntries(Object.entries(templates).map(([id, template]) => [id, template.split(/\{\{(\w+)\}\}/)]));
    partsCache.set(templates, parts);
  }
  return parts[rule];
}

/**
 * The explanation of a house-way setting.
 * @param rule the rule variant that chose the setting
 * @param high the high hand's cards; @param low the low hand's cards
 * @param rank the rank index the template names (`{{rank}}`), when it names one
 * @param pairRanks the ranks of the hand's pairs, highest first (for `{{pairs}}`)
 * @param templates the house way's English templates per rule (default: the seeds' `EXPLANATIONS`)
 * @param keyPrefix the i18n key prefix (default `'houseWay.'`)
 */
export function explain(
  rule: string,
  high: readonly Card[],
  low: readonly Card[],
  rank: number,
  pairRanks: readonly number[],
  templates: Readonly<Record<string, string>> = EXPLANATIONS,
  keyPrefix = 'houseWay.',
): Explanation {
  const params: Record<string, string> = { high: formatCards(high), low: formatCards(low) };
  const names: Record<string, string> = { ...params };
  if (rank >= 0) {
    params.rank = RANK_CHARS[rank];
    names.rank = PLURALS[rank];
  }
  if (templates[rule].includes('{{pairs}}')) {
    params.pairs = pairRanks.map((r) => RANK_CHARS[r]).join(' ');
    names.pairs =
      pairRanks.length === 3
        ? `three pairs (${pairRanks.map((r) => PLURALS[r]).join(', ')})`
        : `two pairs (${pairRanks.map((r) => PLURALS[r]).join(' and ')})`;
  }
  const parts = templateParts(templates, rule);
  let text = parts[0];
  for (let i = 1; i < parts.length; i += 2) text += (names[parts[i]] ?? '') + parts[i + 1];
  return { key: `${keyPrefix}${rule}`, params, text };
}
