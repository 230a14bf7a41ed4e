/**
 * The Fortune bonus of one hand: the line it is paid on and the money (rules.md §4).
 * Money is integer cents.
 */

import type { Hand } from '../cards/index.js';
import { FORTUNE_LINES, heldMaskOf, type FortuneLine } from './lines.js';
import { FORTUNE_PAY_TABLE, assertFortunePayTable, paidLineIndex, type FortunePayTable } from './pay-table.js';

/** The line a hand is paid on and what it pays "to 1"; `line: null, pays: 0` when the bet loses. */
export interface FortuneResult {
  readonly line: FortuneLine | null;
  readonly pays: number;
}

/**
 * The Fortune line seven cards are paid on (rules.md §4): the highest-PAYING line they hold under
 * `payTable` (with the seed's table, three of a kind and a straight are paid as three of a kind);
 * among held lines that pay the same, the one higher in the seed's order. The setting does not matter.
 * @param cards a hand (seven distinct cards: check user input with `parseHand`)
 * @param payTable what each line pays "to 1" (default: seed 003's `FORTUNE_PAY_TABLE`)
 * @returns `{ line, pays }`, or `{ line: null, pays: 0 }` when no line is held (the bet loses)
 * @throws PaiGowError `config/invalid` for a malformed pay table
 */
export function fortuneLine(cards: Hand, payTable: FortunePayTable = FORTUNE_PAY_TABLE): FortuneResult {
  assertFortunePayTable(payTable);
  const index = paidLineIndex(heldMaskOf(cards), payTable);
  if (index < 0) return { line: null, pays: 0 };
  const line = FORTUNE_LINES[index];
  return { line, pays: payTable[line] };
}

/**
 * Settles a Fortune bet (rules.md §4). "To 1": a winning bet keeps its stake and wins
 * `stakeCents × pays`; a hand holding no line loses the stake.
 * @param stakeCents the Fortune bet, a non-negative safe integer of cents
 * @param cards the player's seven cards (the setting does not matter)
 * @param payTable the table's Fortune pay table
 * @returns the player's net result in cents: `+stakeCents × pays` on a win (0 for a line paying 0),
 *   `-stakeCents` on a loss (e.g. 500 on a flush at 4 to 1 → +2000; 500 on two pair → -500)
 * @throws RangeError on a negative, fractional or unsafe stake, a product beyond safe integers, or
 *   cards that are not seven distinct valid cards; PaiGowError `config/invalid` for a malformed pay table
 */
export function settleFortune(stakeCents: number, cards: Hand, payTable: FortunePayTable): number {
  if (!Number.isSafeInteger(stakeCents) || stakeCents < 0) {
    throw new RangeError(`a Fortune bet must be whole non-negative cents, got ${stakeCents}`);
  }
  const { line, pays } = fortuneLine(cards, payTable);
  if (line === null) return stakeCents === 0 ? 0 : -stakeCents;
  const win = stakeCents * pays;
  if (!Number.isSafeInteger(win)) throw new RangeError('Fortune win too large to settle exactly');
  return win;
}
