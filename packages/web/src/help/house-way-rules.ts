/**
 * Which help text a house way needs (issue 14 point 3: "every house-way rule"): one paragraph per numbered
 * rule of its spec (house-way.md, house-way-foxwoods.md), taken from the engine's registry so a rule a house
 * way gains shows up in the help (and its absence fails help.test.ts). Pure: no React, no I/O.
 */
import { houseWays, type HouseWayId } from '@paigow/engine';

/**
 * The help catalog key (`r<N>`, under `houseWay.<id>`) that explains a rule variant id (`'5.as-pairs'` → `'r5'`).
 * @param ruleId a registered rule variant id, `<rule number>.<variant>`
 * @throws RangeError when `ruleId` does not start with a rule number
 */
export function houseWayHelpKey(ruleId: string): string {
  const number = /^(\d+)\./.exec(ruleId)?.[1];
  if (number === undefined) throw new RangeError(`not a house-way rule id: '${ruleId}'`);
  return `r${number}`;
}

/** The help keys of every numbered rule of house way `id`, in rule-number order (`['r1', …, 'r10']`). */
export function houseWayHelpKeys(id: HouseWayId): string[] {
  const numbers = new Set(houseWays[id].rules.map((rule) => Number(houseWayHelpKey(rule).slice(1))));
  return [...numbers].sort((a, b) => a - b).map((n) => `r${n}`);
}
