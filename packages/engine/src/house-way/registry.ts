/**
 * The house ways a table or a command can name (issue 16: house ways as plug-ins). The seeds' house way
 * (house-way.md) is the default; Foxwoods' (house-way-foxwoods.md) is the second.
 */

import { err, ok, type Result } from '../errors/index.js';
import { foxwoodsHouseWay } from './foxwoods.js';
import { seedsHouseWay } from './seeds.js';
import type { HouseWay, HouseWayId } from './types.js';

/** The default house way's id: the seeds' (house-way.md). */
export const DEFAULT_HOUSE_WAY: HouseWayId = 'seeds';

/** Every registered house way by id, the default first. */
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
