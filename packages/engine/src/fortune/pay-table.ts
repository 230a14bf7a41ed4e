/**
 * Fortune pay tables (rules.md §4: "the pay table is data; operators change it"), and the choice of
 * the line a hand is paid on: the highest-PAYING line it holds under the table in force.
 */

import { PaiGowError, err, ok, type Result } from '../errors/index.js';
import { FORTUNE_LINES, type FortuneLine } from './lines.js';

/**
 * What each Fortune line pays, "to 1": a winning stake is returned plus `pays × stake`.
 * Every line has a non-negative integer entry (0 means the stake is only returned).
 */
export type FortunePayTable = Readonly<Record<FortuneLine, number>>;

/** Seed 003's pay table (rules.md §4; reference/fortune.json): house edge 11,970,096 / 154,143,080. */
export const FORTUNE_PAY_TABLE: FortunePayTable = Object.freeze({
  seven_card_straight_flush_natural: 8000,
  royal_flush_plus_royal_match: 2000,
  seven_card_straight_flush_with_joker: 1000,
  five_aces: 400,
  royal_flush: 150,
  straight_flush: 50,
  four_of_a_kind: 25,
  full_house: 5,
  flush: 4,
  three_of_a_kind: 3,
  straight: 2,
});

/** The largest "to 1" figure a pay table may hold (keeps every exact sum a safe integer). */
export const MAX_FORTUNE_PAYS = 1_000_000;

/**
 * Validates a table of non-negative integers keyed by a fixed list of lines (shared with the envy table).
 * Accepts a plain object `{ "<line>": n, … }` or the reference shape `{ "pay_table": [{ "line", "pays" }, …] }`
 * (`field` names the number's key in the list form: `pays`, `amountCents`).
 * @internal
 */
export function parseLineTable<K extends string>(
  input: unknown,
  lines: readonly K[],
  what: string,
  field: string,
  max: number,
): Result<Readonly<Record<K, number>>> {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch (e) {
      // JSON.parse quotes the text it read, line breaks included; an error message is one line.
      return err('config/invalid', `${what} is not valid JSON: ${(e as Error).message.replace(/\s+/g, ' ')}`);
    }
  }
  if (typeof value !== 'object' || value === null) {
    return err('config/invalid', `${what} must be a JSON object of line → number, got ${value === null ? 'null' : typeof value}`);
  }
  let entries: [string, unknown][];
  if (Array.isArray(value) || 'pay_table' in value) {
    const list = Array.isArray(value) ? value : (value as { pay_table: unknown }).pay_table;
    if (!Array.isArray(list)) return err('config/invalid', `${what}: "pay_table" must be a list of {"line", "${field}"}`);
    entries = [];
    for (const item of list) {
      if (typeof item !== 'object' || item === null || typeof (item as { line?: unknown }).line !== 'string') {
        return err('config/invalid', `${what}: every entry of the list needs a "line" name`);
      }
      const line = (item as { line: string }).line;
      if (entries.some(([k]) => k === line)) return err('config/invalid', `${what}: line '${line}' is given twice`);
      entries.push([line, (item as Record<string, unknown>)[field]]);
    }
  } else {
    entries = Object.entries(value);
  }
  const table: Partial<Record<K, number>> = {};
  for (const [key, n] of entries) {
    if (!(lines as readonly string[]).includes(key)) {
      return err('config/invalid', `${what}: unknown line '${key}' (lines: ${lines.join(', ')})`);
    }
    if (typeof n !== 'number' || !Number.isInteger(n)) {
      return err('config/invalid', `${what}: '${key}' must be a whole number, got ${JSON.stringify(n) ?? 'nothing'}`);
    }
    if (n < 0) return err('config/invalid', `${what}: '${key}' must not be negative, got ${n}`);
    if (n > max) return err('config/invalid', `${what}: '${key}' is ${n}, above the limit ${max}`);
    table[key as K] = n;
  }
  const missing = lines.filter((line) => !(line in table));
  if (missing.length > 0) return err('config/invalid', `${what}: missing line${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  return ok(Object.freeze(table as Record<K, number>));
}

/**
 * Parses and validates an operator's Fortune pay table (rules.md §4).
 * @param json the JSON text, or an already parsed value: either `{ "<line key>": pays, … }` with all
 *   eleven keys of `FORTUNE_LINES`, or the shape of reference/fortune.json
 *   (`{ "pay_table": [{ "line": "<key>", "pays": n }, …] }`, other fields ignored)
 * @returns the frozen table, or `config/invalid` with a message naming the problem: invalid JSON,
 *   not an object, an unknown line, a line given twice, a missing line, a pay that is not a
 *   non-negative integer, or one above `MAX_FORTUNE_PAYS`.
 */
export function parseFortunePayTable(json: unknown): Result<FortunePayTable> {
  return parseLineTable(json, FORTUNE_LINES, 'Fortune pay table', 'pays', MAX_FORTUNE_PAYS);
}

/**
 * The line a held mask is paid on: the highest-paying held line under `payTable`; among lines that
 * pay the same, the one listed first in `FORTUNE_LINES`. -1 when nothing is held.
 * @internal
 */
export function paidLineIndex(held: number, payTable: FortunePayTable): number {
  let best = -1;
  let bestPays = -1;
  for (let i = 0; i < FORTUNE_LINES.length; i++) {
    if (!(held & (1 << i))) continue;
    const pays = payTable[FORTUNE_LINES[i]];
    if (pays > bestPays) {
      best = i;
      bestPays = pays;
    }
  }
  return best;
}

/**
 * Checks a pay table given as a typed value (trusted input, e.g. from `TableRules`).
 * @throws PaiGowError `config/invalid` naming the problem, as `parseFortunePayTable` would return it
 * @internal
 */
export function assertFortunePayTable(payTable: FortunePayTable): void {
  if (checkedTables.has(payTable)) return;
  const checked = parseFortunePayTable(payTable);
  if (!checked.ok) throw new PaiGowError(checked.error.code, checked.error.message);
  // A frozen table cannot change: check it once.
  if (Object.isFrozen(payTable)) checkedTables.add(payTable);
}

const checkedTables = new WeakSet<object>();
