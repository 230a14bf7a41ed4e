/**
 * What the house way returns (house-way.md): the setting, the rule that chose it, and an
 * explanation the table can translate (a message key with parameters, plus its English text).
 */

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
