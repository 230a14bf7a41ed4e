/**
 * The `--house-way <name>` option shared by the commands that set hands (issue 16: house ways as plug-ins):
 * a registered house way's id (`seeds`, the default, or `foxwoods`).
 */

import { HOUSE_WAY_IDS, houseWayById, type HouseWayId } from '@paigow/engine';
import { UsageError } from './io.js';

/** The option's help text. */
export const HOUSE_WAY_OPTION_HELP = `house way: ${HOUSE_WAY_IDS.join(' or ')}`;

/** A house way's id from `text` (in any case), or a UsageError that begins with `prefix` and names the ids there are. */
function parseHouseWay(text: string, prefix: string): HouseWayId {
  // Any case, as `--lang` and cards are read (`--house-way Foxwoods`).
  const found = houseWayById(text.toLowerCase());
  if (!found.ok) throw new UsageError(`${prefix}${found.error.message}`);
  return found.value.id;
}

/**
 * Parses a `--house-way` value (commander's option parser).
 * @returns the house way's id
 * @throws UsageError (exit status 2) naming the ids there are, for an unknown name
 */
export function houseWayOption(text: string): HouseWayId {
  return parseHouseWay(text, '--house-way: ');
}

/**
 * The parser of another option whose value is a house way (`paigow house-way diff --banker <name>`): as
 * `houseWayOption`, its error naming `option`.
 */
export function houseWayOptionNamed(option: string): (text: string) => HouseWayId {
  return (text) => parseHouseWay(text, `${option}: `);
}

/**
 * Parses a house way given as a command's argument (`paigow house-way diff <a> <b>`): as `houseWayOption`, with
 * no option named in the error.
 * @throws UsageError (exit status 2) naming the ids there are, for an unknown name
 */
export function houseWayArgument(text: string): HouseWayId {
  return parseHouseWay(text, '');
}
