/**
 * The tables file's ranges and messages (docs/operations.md "Tables"): timers from 1 s to 24 hours (a Node
 * timeout above 2^31-1 ms fires at once, so a larger timer made the server spin), every refusal naming the table
 * and the field, and a Fortune pay table only where there is a Fortune bet.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMERS, FORTUNE_PAY_TABLE, tableConfig } from '@paigow/engine';
import { parseTables, TablesFileError } from './index.js';
import { MIN_TABLES_FILE_TIMER_MS } from './tables-file.js';

const limits = { main: { minCents: 100, maxCents: 1_000 } };
const fortune = { minCents: 100, maxCents: 500 };

function refusal(tables: unknown): string {
  try {
    parseTables(tables, 'FILE');
  } catch (error) {
    expect(error).toBeInstanceOf(TablesFileError);
    expect((error as Error).message).not.toContain('\n');
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('the tables file: timers', () => {
  it('refuses a timer above 24 hours (the operator\'s 3,000,000,000 ms decision timer made Node fire it every millisecond)', () => {
    expect(refusal([{ tableId: 'a', timers: { decisionMs: 3_000_000_000 }, limits }])).toBe(
      'FILE: tables[0] (a): timers.decisionMs must be a whole number of milliseconds from 1000 (1 s) to 86400000 (24 hours), got 3000000000',
    );
    expect(refusal([{ tableId: 'a', timers: { idleSeatMs: 86_400_001 }, limits }])).toMatch(/^FILE: tables\[0\] \(a\): timers\.idleSeatMs must be .*, got 86400001$/);
  });

  it('refuses a timer under 1 s, too short to play with', () => {
    for (const key of Object.keys(DEFAULT_TIMERS)) {
      expect(refusal([{ tableId: 'a', timers: { [key]: 1 }, limits }])).toBe(
        `FILE: tables[0] (a): timers.${key} must be a whole number of milliseconds from 1000 (1 s) to 86400000 (24 hours), got 1`,
      );
    }
    expect(refusal([{ tableId: 'a', timers: { betMs: 999 }, limits }])).toMatch(/timers\.betMs must be .*, got 999$/);
    expect(MIN_TABLES_FILE_TIMER_MS).toBe(1_000);
  });

  it('accepts every timer from 1 s to 24 hours', () => {
    const low = Object.fromEntries(Object.keys(DEFAULT_TIMERS).map((key) => [key, 1_000]));
    const high = Object.fromEntries(Object.keys(DEFAULT_TIMERS).map((key) => [key, 86_400_000]));
    const tables = parseTables([{ tableId: 'low', timers: low, limits }, { tableId: 'high', timers: high, limits }], 'FILE');
    expect(tables.map((input) => tableConfig(input).ok)).toEqual([true, true]);
  });
});

describe('the tables file names the field of every refusal', () => {
  it.each([
    [{ limits: { main: { minCents: 500, maxCents: 100 } } }, 'limits.main: minCents 500 is over maxCents 100'],
    [{ limits: { main: { minCents: 0, maxCents: 100 } } }, 'limits.main.minCents must be a positive whole number of cents, got 0'],
    [{ limits: { main: limits.main, fortune: { minCents: 600, maxCents: 500 } } }, 'limits.fortune: minCents 600 is over maxCents 500'],
    [{ limits, commissionBps: 12_000 }, 'commissionBps must be 0 to 10000 basis points, got 12000'],
    [{ limits, bankerFeeBps: -5 }, 'bankerFeeBps must be 0 to 10000 basis points, got -5'],
    [{ limits, timers: { decisionMs: 0 } }, 'timers.decisionMs must be a whole number of milliseconds from 1000 (1 s) to 86400000 (24 hours), got 0'],
    [{ limits, seats: 9 }, 'seats must be 1 to 6, got 9'],
    [{ limits, betUnitCents: 300 }, 'limits.main.minCents 100 is not a multiple of betUnitCents (300)'],
    [{ limits, bankMinCompPoints: -1 }, 'bankMinCompPoints must be a non-negative whole number, got -1'],
    [
      { limits: { main: { minCents: 200_000, maxCents: 500_000 } } },
      "limits.main.minCents must be at most 100000 (1,000.00: a guest's starting balance, and what a top-up refills a broke player to), got 200000",
    ],
  ])('%j', (table, message) => {
    expect(refusal([{ tableId: 'a', ...table }])).toBe(`FILE: tables[0] (a): ${message}`);
  });
});

describe('the tables file: a Fortune pay table needs a Fortune bet', () => {
  it('refuses fortunePayTable at a table whose limits.fortune is null or absent', () => {
    for (const table of [{ tableId: 'a', limits: { ...limits, fortune: null } }, { tableId: 'a', limits }]) {
      expect(refusal([{ ...table, fortunePayTable: FORTUNE_PAY_TABLE }])).toBe(
        'FILE: tables[0] (a): fortunePayTable is set but the table has no Fortune bet (limits.fortune is null): set limits.fortune or remove fortunePayTable',
      );
    }
  });

  it('accepts it where there is a Fortune bet', () => {
    const [table] = parseTables([{ tableId: 'a', limits: { ...limits, fortune }, fortunePayTable: FORTUNE_PAY_TABLE }], 'FILE');
    expect(table?.fortunePayTable).toEqual(FORTUNE_PAY_TABLE);
  });
});
