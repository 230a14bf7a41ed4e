/**
 * The house ways a table or a command can name (issue 16: house ways as plug-ins). The seeds' house way
 * (house-way.md) is the default; Foxwoods' (house-way-foxwoods.md) is the second.
 */

import { err, ok, type Result } from '../errors/index.js';
import { STANDARD_RANKING, WHEEL_LOW_RANKING, type HandRanking } from '../evaluate/ranking.js';
import { foxwoodsHouseWay, type FoxwoodsOptions } from './foxwoods.js';
import { seedsHouseWay, seedsHouseWayWith } from './seeds.js';
import type { HouseWay, HouseWayId } from './types.js';

/** The default house way's id: the seeds' (house-way.md). */
export const DEFAULT_HOUSE_WAY: HouseWayId = 'seeds';

/** Every registered house way by id, the default first; each sets hands under the standard ranking (rules.md §2.1), as every table plays. */
export const houseWays: Readonly<Record<HouseWayId, HouseWay>> = Object.freeze({
  seeds: seedsHouseWay,
  foxwoods: foxwoodsHouseWay(),
});

/** The registered ids, the default first. */
export const HOUSE_WAY_IDS: readonly HouseWayId[] = Object.freeze(Object.keys(houseWays) as HouseWayId[]);

/** Whether `id` names a registered house way. */
export function isHouseWayId(id: unknown): id is HouseWayId {
  return typeof id === 'string' && Object.prototype.hasOwnProperty.call(houseWays, id);
}

/**
 * The house way registered under `id` (untrusted input: a table setting, a command's option).
 * @returns the house way, or `config/invalid` naming the ids there are
 */
export function houseWayById(id: string): Result<HouseWay> {
  if (!isHouseWayId(id)) return err('config/invalid', `no house way '${id}' (there are: ${HOUSE_WAY_IDS.join(', ')})`);
  return ok(houseWays[id]);
}

/**
 * The hand ranking of each house way's exact analysis (the default of `paigow edge --exact --wheel`): for the
 * seeds' house way the rules' own (rules.md §2.1, the wheel second); for Foxwoods' the ranking of the 2013
 * exhaustive analysis whose published counts it is checked against (the wheel lowest; house-way-foxwoods.md,
 * docs/house-way-foxwoods.md). Tables always play the standard ranking.
 */
export const ANALYSIS_RANKINGS: Readonly<Record<HouseWayId, HandRanking>> = Object.freeze({
  seeds: STANDARD_RANKING,
  foxwoods: WHEEL_LOW_RANKING,
});

/**
 * A registered house way with other readings (Foxwoods only) and under a hand ranking (ranking.ts): the
 * registry's instance when both are the defaults.
 * @param readings Foxwoods readings that differ from `FOXWOODS_DEFAULTS` (must be empty for the seeds' house way)
 * @throws RangeError when readings are given for the seeds' house way
 */
export function houseWayVariant(id: HouseWayId, ranking: HandRanking, readings: Partial<FoxwoodsOptions> = {}): HouseWay {
  if (id === 'seeds') {
    if (Object.keys(readings).length > 0) throw new RangeError("the seeds' house way has no readings to switch");
    return seedsHouseWayWith(ranking);
  }
  if (ranking.wheel === STANDARD_RANKING.wheel && Object.keys(readings).length === 0) return houseWays.foxwoods;
  return foxwoodsHouseWay(readings, ranking);
}
