/**
 * What the house way returns (house-way.md): the setting, the rule that chose it, and an
 * explanation the table can translate (a message key with parameters, plus its English text).
 */

import type { Card, Hand } from '../cards/index.js';
import type { HandRanking } from '../evaluate/ranking.js';
import type { Setting } from '../setting/index.js';

/** The explanation of a house-way setting: `key` and `params` for the i18n catalog, `text` in English. */
export interface Explanation {
  readonly key: string;
  readonly params: Readonly<Record<string, string | number>>;
  readonly text: string;
}

/** A house-way setting with the id of the rule (house-way.md numbering, e.g. `'8.split-sevens'`) and its explanation. */
export interface HouseWaySetting extends Setting {
  readonly rule: string;
  readonly explanation: Explanation;
}

/** The id of a house way in the registry (`houseWays`): `'seeds'` (house-way.md, the default) or `'foxwoods'` (house-way-foxwoods.md). */
export type HouseWayId = 'seeds' | 'foxwoods';

/**
 * A house way as a plug-in: everything the table, the analysis, the simulator and the CLI need from one.
 * Every implementation is pure, synchronous and allocation-free on the `code` path; `code` keeps scratch
 * state between calls, so it is not re-entrant (one call at a time per thread, as everywhere in JS).
 *
 * Codes: `lowA | lowB << 3 | ruleIndex << 6`, where `lowA`, `lowB` are the positions (0‥6, in the given
 * order of the seven cards) of the two low-hand cards and `ruleIndex` indexes `rules`.
 */
export interface HouseWay {
  /** Registry id; a table's `houseWay` setting and every `--house-way` option name it. */
  readonly id: HouseWayId;
  /** Short name for people, e.g. `'Foxwoods'`. */
  readonly name: string;
  /** The specification it implements (a file of the shared docs), e.g. `'house-way-foxwoods.md'`. */
  readonly spec: string;
  /**
   * The readings this instance plays where they differ from the defaults, e.g.
   * `'quadsPairOverridesRank=false'` (see `foxwoodsHouseWay(options)`); `''` for the default readings.
   * Tables memoized per house way (`bankerTables(way)`) are kept per instance.
   */
  readonly variant: string;
  /**
   * The hand ranking (ranking.ts) this instance sets hands under: its choices compare high-hand values of that
   * ranking, and the exact count (`fillOutcomes`) compares the two hands of a deal under it too. The registry's
   * house ways, which every table plays, use the standard ranking (rules.md §2.1); an instance of another
   * ranking names it in `variant` (`wheel=low`).
   */
  readonly ranking: HandRanking;
  /** The rule variant ids in the spec's order; `rules[code >> 6]` is the rule of a code. */
  readonly rules: readonly string[];
  /** English explanation template per rule id (`{{low}}`, `{{high}}`, `{{rank}}`, `{{pairs}}` placeholders). */
  readonly explanations: Readonly<Record<string, string>>;
  /** The i18n key prefix of its explanations: an explanation's key is `keyPrefix + rule`. */
  readonly keyPrefix: string;
  /**
   * The fast path: sets seven trusted cards (distinct, valid; any order).
   * @returns the code (see above)
   * @throws Error if the setting would foul (an invariant: every house way sets legally)
   */
  code(hand: ArrayLike<Card>): number;
  /** `code` without the foul check, for the exhaustive sweep, which counts fouls (`codeIsLegal`) instead of throwing. */
  codeUnchecked(hand: ArrayLike<Card>): number;
  /**
   * The full setting: high hand and low hand (display order), the rule id and its explanation.
   * @param hand a hand (seven distinct cards: check untrusted input with `parseHand` or `toHand`)
   * @throws Error if the setting would foul (an invariant)
   */
  set(hand: Hand): HouseWaySetting;
}
