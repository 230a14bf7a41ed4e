/**
 * The tables from an operator's file (`PAIGOW_TABLES=tables.json`; docs/operations.md "Tables"),
 * instead of the built-in `DEFAULT_TABLES`. The file is JSON: `{ "tables": [ {…}, … ] }` (or the array
 * alone), one object per table with the fields of the engine's `TableConfigInput` (rules.md §3.1, §4,
 * §5): `tableId`, `name`, `seats`, `limits` (`main` and `fortune`, cents; `fortune: null` for none),
 * `betUnitCents`, `commissionBps` (house banks: on a player's win), `bankerFeeBps` (a player banks:
 * its fee on the action), `playerBanking` (the banker mode: false = the house always banks),
 * `bankMinCompPoints`, `fortunePayTable` (the pay table itself or the path of its JSON file, relative to
 * the tables file, in `paigow fortune --pay-table`'s format), `envyBonus` (`{ enabled,
 * minFortuneBetCents, amountsCents }`, each optional), `timers` (ms, each from `MIN_TABLES_FILE_TIMER_MS` =
 * 1 s to the engine's `MAX_TIMER_MS` = 24 hours) and any setting the engine's table config has beside these
 * (e.g. the house way). Unknown fields are refused (a typo would otherwise be ignored), and so is a
 * `fortunePayTable` at a table with no Fortune bet (the operator meant one); each table is then checked by
 * the engine's `tableConfig`, whose refusals name the field.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DEFAULT_ENVY_BONUS, DEFAULT_TIMERS, MAX_TIMER_MS, parseEnvyBonusTable, parseFortunePayTable, tableConfig, type TableConfigInput } from '@paigow/engine';
import { STARTING_BALANCE_CENTS } from '../ledger/index.js';

/** A tables file that cannot be used; `message` is one line naming the file, the table and the field. */
export class TablesFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TablesFileError';
  }
}

type Json = Record<string, unknown>;

/**
 * The shortest timer a tables file may set, in ms: 1 s. Every table timer is one a player waits on or plays
 * against (bet, decision, approval, seat hold, reconnection grace, idle seat); shorter is not playable. The
 * engine itself accepts timers down to 1 ms (the test suites play with short timers), so this floor is the
 * tables file's.
 */
export const MIN_TABLES_FILE_TIMER_MS = 1_000;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The settings a table object may have: those of the engine's table config (so new ones are accepted as they are added). */
function knownSettings(): Set<string> {
  const sample = tableConfig({ tableId: 'x', limits: { main: { minCents: 100, maxCents: 100 } } });
  if (!sample.ok) throw new Error(`the default table config is invalid: ${sample.error.message}`);
  return new Set(Object.keys(sample.value));
}

/** What a table id may be: it names the table's room in URLs. */
const TABLE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Whether `id` (from a request) may name a table: 1 to 64 letters, digits, `.`, `_` or `-`, as a tables file's ids are. */
export function mayNameTable(id: string): boolean {
  return TABLE_ID.test(id);
}

/**
 * Reads and checks the tables file at `path`.
 * @returns the tables in file order, each already accepted by `tableConfig`
 * @throws TablesFileError naming the problem: unreadable file, not JSON, no tables, a field that is
 *   unknown or of the wrong type, a main-bet minimum above the starting balance (1,000.00), a timer outside 1 s‥24 hours, a pay table that does not parse or is given at a
 *   table with no Fortune bet, a table id given twice, or a table `tableConfig` refuses (`config/invalid`: its
 *   message, which names the field)
 */
export function loadTablesFile(path: string): TableConfigInput[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new TablesFileError(`cannot read the tables file ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new TablesFileError(`${path}: not JSON (${(error as Error).message})`);
  }
  return parseTables(json, path);
}

/**
 * Checks the parsed content of a tables file (see `loadTablesFile`); `path` names it in messages and
 * anchors the relative paths of pay-table files.
 * @throws TablesFileError as `loadTablesFile`
 */
export function parseTables(json: unknown, path: string): TableConfigInput[] {
  const list = Array.isArray(json) ? json : isObject(json) ? json.tables : undefined;
  if (isObject(json)) {
    const extra = Object.keys(json).filter((key) => key !== 'tables');
    if (extra.length > 0) throw new TablesFileError(`${path}: unknown field '${extra[0]}' (the file holds { "tables": [ … ] })`);
  }
  if (!Array.isArray(list)) throw new TablesFileError(`${path}: expected { "tables": [ … ] }`);
  if (list.length === 0) throw new TablesFileError(`${path}: no tables`);
  const known = knownSettings();
  const seen = new Set<string>();
  return list.map((entry, index) => {
    const where = `${path}: tables[${index}]${isObject(entry) && typeof entry.tableId === 'string' ? ` (${entry.tableId})` : ''}`;
    const input = parseTable(entry, where, known, dirname(path));
    if (seen.has(input.tableId)) throw new TablesFileError(`${where}: the table id '${input.tableId}' is given twice`);
    seen.add(input.tableId);
    const checked = tableConfig(input);
    if (!checked.ok) throw new TablesFileError(`${where}: ${checked.error.message}`);
    return input;
  });
}

function parseTable(entry: unknown, where: string, known: ReadonlySet<string>, folder: string): TableConfigInput {
  if (!isObject(entry)) throw new TablesFileError(`${where}: a table is an object`);
  for (const key of Object.keys(entry)) {
    if (!known.has(key)) throw new TablesFileError(`${where}: unknown setting '${key}' (known: ${[...known].join(', ')})`);
  }
  const fail = (field: string, expected: string): never => {
    const given = field.split('.').reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), entry);
    throw new TablesFileError(`${where}: ${field} must be ${expected}, got ${given === undefined ? 'nothing' : JSON.stringify(given)}`);
  };
  const text = (key: string): void => {
    if (entry[key] !== undefined && (typeof entry[key] !== 'string' || entry[key] === '')) fail(key, 'a non-empty string');
  };
  const whole = (key: string, value: unknown = entry[key]): void => {
    if (value !== undefined && !Number.isSafeInteger(value)) fail(key, 'a whole number');
  };
  const flag = (key: string, value: unknown = entry[key]): void => {
    if (value !== undefined && typeof value !== 'boolean') fail(key, 'true or false');
  };
  if (entry.tableId === undefined) throw new TablesFileError(`${where}: tableId is missing`);
  text('tableId');
  // The id is the room's, in join paths (`/matchmake/joinById/<id>`, `/<process>/<id>` behind the proxy): URL-safe only.
  if (!TABLE_ID.test(entry.tableId as string)) fail('tableId', '1 to 64 letters, digits, ".", "_" or "-"');
  // "." and ".." are path segments a URL normalises away (`/p1/..` is `/`): such a table could never be joined.
  if (/^\.+$/.test(entry.tableId as string)) fail('tableId', 'more than dots (a URL path drops the segments "." and "..")');
  text('name');
  for (const key of ['seats', 'betUnitCents', 'commissionBps', 'bankerFeeBps', 'bankMinCompPoints']) whole(key);
  flag('playerBanking');

  const limits = entry.limits;
  if (!isObject(limits)) return fail('limits', 'an object { "main": { "minCents", "maxCents" }, "fortune": … }');
  for (const key of Object.keys(limits)) if (key !== 'main' && key !== 'fortune') fail(`limits.${key}`, 'absent (limits are "main" and "fortune")');
  for (const spot of ['main', 'fortune'] as const) {
    const spotLimits = limits[spot];
    if (spot === 'fortune' && (spotLimits === undefined || spotLimits === null)) continue;
    if (!isObject(spotLimits)) return fail(`limits.${spot}`, `an object { "minCents", "maxCents" }${spot === 'fortune' ? ' or null' : ''}`);
    for (const key of Object.keys(spotLimits)) if (key !== 'minCents' && key !== 'maxCents') fail(`limits.${spot}.${key}`, 'absent (limits are minCents and maxCents)');
    whole(`limits.${spot}.minCents`, spotLimits.minCents ?? null);
    whole(`limits.${spot}.maxCents`, spotLimits.maxCents ?? null);
  }
  // A top-up refills a broke player to the starting balance: past it, a table's minimum bet is one that no
  // player refilled there could make, and the refill would be a negative transfer.
  if (isObject(limits.main) && (limits.main.minCents as number) > STARTING_BALANCE_CENTS) {
    fail('limits.main.minCents', `at most ${STARTING_BALANCE_CENTS} (1,000.00: a guest's starting balance, and what a top-up refills a broke player to)`);
  }

  const timers = entry.timers;
  if (timers !== undefined) {
    if (!isObject(timers)) return fail('timers', `an object of ${Object.keys(DEFAULT_TIMERS).join(', ')} (ms)`);
    for (const [key, value] of Object.entries(timers)) {
      if (!(key in DEFAULT_TIMERS)) throw new TablesFileError(`${where}: unknown timer '${key}' (known: ${Object.keys(DEFAULT_TIMERS).join(', ')})`);
      if (!Number.isSafeInteger(value) || (value as number) < MIN_TABLES_FILE_TIMER_MS || (value as number) > MAX_TIMER_MS) {
        fail(`timers.${key}`, `a whole number of milliseconds from ${MIN_TABLES_FILE_TIMER_MS} (1 s) to ${MAX_TIMER_MS} (24 hours)`);
      }
    }
  }

  const input: Record<string, unknown> = { ...entry };
  if (entry.fortunePayTable !== undefined) {
    if (limits.fortune === undefined || limits.fortune === null) {
      throw new TablesFileError(`${where}: fortunePayTable is set but the table has no Fortune bet (limits.fortune is null): set limits.fortune or remove fortunePayTable`);
    }
    let source: unknown = entry.fortunePayTable;
    if (typeof source === 'string') {
      const file = resolve(folder, source);
      try {
        source = readFileSync(file, 'utf8');
      } catch (error) {
        throw new TablesFileError(`${where}: cannot read the Fortune pay table ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      }
    }
    const payTable = parseFortunePayTable(source);
    if (!payTable.ok) throw new TablesFileError(`${where}: fortunePayTable: ${payTable.error.message}`);
    input.fortunePayTable = payTable.value;
  }
  if (entry.envyBonus !== undefined) {
    const envy = entry.envyBonus;
    if (!isObject(envy)) return fail('envyBonus', 'an object { "enabled", "minFortuneBetCents", "amountsCents" }');
    for (const key of Object.keys(envy)) if (!(key in DEFAULT_ENVY_BONUS)) fail(`envyBonus.${key}`, 'absent (enabled, minFortuneBetCents, amountsCents)');
    flag('envyBonus.enabled', envy.enabled);
    whole('envyBonus.minFortuneBetCents', envy.minFortuneBetCents);
    let amountsCents = DEFAULT_ENVY_BONUS.amountsCents;
    if (envy.amountsCents !== undefined) {
      const parsed = parseEnvyBonusTable(envy.amountsCents);
      if (!parsed.ok) throw new TablesFileError(`${where}: envyBonus.amountsCents: ${parsed.error.message}`);
      amountsCents = parsed.value;
    }
    input.envyBonus = { ...DEFAULT_ENVY_BONUS, ...envy, amountsCents };
  }
  return input as unknown as TableConfigInput;
}
