/**
 * House ways (house-way.md, house-way-foxwoods.md): the dealer's fixed setting procedure, which also sets
 * a player's hand on the House Way button (rules.md §5) and the banker's hand always. Each house way is a
 * `HouseWay` plug-in in the registry `houseWays`; the seeds' one is the default (`houseWay`, `houseWayCode`).
 */

import { HOUSE_WAY_RULES, type HouseWayRule } from './core.js';

export { HOUSE_WAY_RULES, houseWayCode, type HouseWayRule } from './core.js';
export { sweepHouseWay, type HouseWaySweep } from './sweep.js';
export { EXPLANATIONS } from './explain.js';
export { houseWay, seedsHouseWay, seedsHouseWayWith } from './seeds.js';
export {
  FOXWOODS_DEFAULTS,
  FOXWOODS_EXPLANATIONS,
  FOXWOODS_RULES,
  foxwoodsHouseWay,
  type FoxwoodsOptions,
  type FoxwoodsRule,
} from './foxwoods.js';
export { codeIsLegal, handsOfCode, settingIndexOfCode } from './code.js';
export { ANALYSIS_RANKINGS, DEFAULT_HOUSE_WAY, HOUSE_WAY_IDS, houseWayById, houseWayVariant, houseWays, isHouseWayId } from './registry.js';
export type { Explanation, HouseWay, HouseWayId, HouseWaySetting } from './types.js';

/** The rule variant encoded in a `houseWayCode` result (the seeds' house way). */
export function ruleOfCode(code: number): HouseWayRule {
  return HOUSE_WAY_RULES[code >> 6];
}
