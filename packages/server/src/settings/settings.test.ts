/**
 * Issue 11 point 9: the tables come from `PAIGOW_TABLES` (validated with messages naming the file, the
 * table and the field), the pool and the lease are settings; the built-in tables stay the default.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMERS, FORTUNE_PAY_TABLE, tableConfig, unwrap } from '@paigow/engine';
import { serverOptionsFromEnv } from '../env.js';
import { leaseFromEnv, loadTablesFile, operatorSettingsFromEnv, TablesFileError } from './index.js';

const base = mkdtempSync(join(tmpdir(), 'paigow-tables-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let count = 0;
function write(content: unknown, name = `tables-${++count}.json`): string {
  const path = join(base, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}
const limits = { main: { minCents: 100, maxCents: 10_000 } };
const withFortune = { ...limits, fortune: { minCents: 100, maxCents: 2_500 } };

describe('the tables file', () => {
  it('reads every table setting, a pay table from its own file, and the engine accepts each table', () => {
    const pays = write({ ...FORTUNE_PAY_TABLE, five_aces: FORTUNE_PAY_TABLE.five_aces + 100 }, 'pays.json');
    const path = write({
      tables: [
        { tableId: 'high', name: 'High', seats: 4, commissionBps: 400, betUnitCents: 500, limits: { main: { minCents: 2_500, maxCents: 100_000 }, fortune: null } },
        {
          tableId: 'bank',
          playerBanking: true,
          bankerFeeBps: 100,
          bankMinCompPoints: 10,
          limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 500, maxCents: 2_500 } },
          fortunePayTable: 'pays.json',
          envyBonus: { enabled: true, minFortuneBetCents: 1_000 },
          timers: { decisionMs: 30_000, reconnectMs: 5_000 },
        },
      ],
    });
    expect(pays).toBe(join(base, 'pays.json'));
    const tables = loadTablesFile(path);
    const configs = tables.map((input) => unwrap(tableConfig(input)));
    expect(configs[0]).toMatchObject({ tableId: 'high', name: 'High', seats: 4, commissionBps: 400, betUnitCents: 500, playerBanking: false, limits: { fortune: null } });
    expect(configs[1]).toMatchObject({
      tableId: 'bank',
      playerBanking: true,
      bankerFeeBps: 100,
      bankMinCompPoints: 10,
      envyBonus: { enabled: true, minFortuneBetCents: 1_000 },
      timers: { ...DEFAULT_TIMERS, decisionMs: 30_000, reconnectMs: 5_000 },
    });
    expect(configs[1]!.fortunePayTable.five_aces).toBe(FORTUNE_PAY_TABLE.five_aces + 100);
    // A setting the engine's table config has beside these (the house way) passes through to it.
    expect(unwrap(tableConfig(loadTablesFile(write({ tables: [{ tableId: 'fox', limits, houseWay: 'foxwoods' }] }))[0]!)).houseWay).toBe('foxwoods');
    // The array alone is accepted too.
    expect(loadTablesFile(write([{ tableId: 'solo', limits }]))).toEqual([{ tableId: 'solo', limits }]);
  });

  it('refuses what it cannot use, naming the file, the table and the field', () => {
    const refusal = (content: unknown): string => {
      const path = write(content);
      try {
        loadTablesFile(path);
      } catch (error) {
        expect(error).toBeInstanceOf(TablesFileError);
        return (error as Error).message.replace(path, 'FILE');
      }
      throw new Error('accepted');
    };
    expect(refusal('{ "tables": ')).toMatch(/^FILE: not JSON \(/);
    expect(refusal({ tables: [] })).toBe('FILE: no tables');
    expect(refusal({ table: [] })).toBe('FILE: unknown field \'table\' (the file holds { "tables": [ … ] })');
    expect(refusal({ tables: [{ limits }] })).toBe('FILE: tables[0]: tableId is missing');
    expect(refusal([{ tableId: 'a b/c', limits }])).toBe('FILE: tables[0] (a b/c): tableId must be 1 to 64 letters, digits, ".", "_" or "-", got "a b/c"');
    // They were accepted, and the table could not be joined: the WebSocket's path normalised them away.
    for (const dots of ['.', '..', '...']) {
      expect(refusal([{ tableId: 'ok', limits }, { tableId: dots, limits }])).toBe(`FILE: tables[1] (${dots}): tableId must be more than dots (a URL path drops the segments "." and ".."), got "${dots}"`);
    }
    expect(refusal({ tables: [{ tableId: 't', limits, comission: 500 }] })).toMatch(/^FILE: tables\[0\] \(t\): unknown setting 'comission' \(known: tableId, name, seats, limits, betUnitCents, commissionBps, /);
    expect(refusal({ tables: [{ tableId: 't', limits: { main: { minCents: '100', maxCents: 10_000 } } }] })).toBe('FILE: tables[0] (t): limits.main.minCents must be a whole number, got "100"');
    expect(refusal({ tables: [{ tableId: 't', limits: { main: { minCents: 100 } } }] })).toBe('FILE: tables[0] (t): limits.main.maxCents must be a whole number, got nothing');
    expect(refusal({ tables: [{ tableId: 't', limits, playerBanking: 'yes' }] })).toBe('FILE: tables[0] (t): playerBanking must be true or false, got "yes"');
    expect(refusal({ tables: [{ tableId: 't', limits, timers: { thinkMs: 5 } }] })).toMatch(/^FILE: tables\[0\] \(t\): unknown timer 'thinkMs' \(known: betMs, decisionMs, approvalMs, reconnectMs/);
    expect(refusal({ tables: [{ tableId: 't', limits, envyBonus: { enabled: true } }] })).toBe('FILE: tables[0] (t): envyBonus.enabled is true but the table has no Fortune bet (limits.fortune is null)');
    expect(refusal({ tables: [{ tableId: 't', seats: 9, limits }] })).toBe('FILE: tables[0] (t): seats must be 1 to 6, got 9');
    expect(refusal({ tables: [{ tableId: 't', limits, houseWay: 'vegas' }] })).toMatch(/^FILE: tables\[0\] \(t\): houseWay is one of .*foxwoods.*, got 'vegas'$/);
    expect(refusal({ tables: [{ tableId: 't', limits: withFortune, fortunePayTable: { royal_flush: 1 } }] })).toMatch(/^FILE: tables\[0\] \(t\): fortunePayTable: Fortune pay table: /);
    expect(refusal({ tables: [{ tableId: 't', limits: withFortune, fortunePayTable: 'nope.json' }] })).toBe(`FILE: tables[0] (t): cannot read the Fortune pay table ${join(base, 'nope.json')} (ENOENT)`);
    expect(refusal([{ tableId: 't', limits }, { tableId: 't', limits }])).toBe("FILE: tables[1] (t): the table id 't' is given twice");
    expect(() => loadTablesFile(join(base, 'missing.json'))).toThrow(`cannot read the tables file ${join(base, 'missing.json')} (ENOENT)`);
  });
});

describe('the operators settings from the environment', () => {
  it('keeps the built-in tables, the pool and the lease by default', () => {
    const options = serverOptionsFromEnv({});
    expect(options.tables).toBeUndefined(); // startServer uses DEFAULT_TABLES
    expect(options.databasePoolSize).toBeUndefined();
    expect(options.lease).toBeUndefined();
    expect(options.logger?.level).toBe('info');
  });

  // Before, the web build's folder was fixed in the server's code (`../../web/dist` from the module).
  it('reads the web build\'s folder from PAIGOW_WEB_DIST (unset: startServer\'s default, the repository\'s packages/web/dist)', () => {
    expect(serverOptionsFromEnv({}).webDist).toBeUndefined();
    expect(serverOptionsFromEnv({ PAIGOW_WEB_DIST: ' /srv/paigow/web ' }).webDist).toBe('/srv/paigow/web');
  });

  it('reads PAIGOW_TABLES, the pool size, the ledger thread, the lease timing, the overload threshold and LOG_LEVEL', () => {
    const path = write({ tables: [{ tableId: 'only', limits }] });
    const options = serverOptionsFromEnv({
      PAIGOW_TABLES: path,
      PAIGOW_DB_POOL_SIZE: '25',
      PAIGOW_LEDGER_THREAD: 'on',
      PAIGOW_LEASE_MS: '30000',
      PAIGOW_LEASE_RENEW_MS: '10000',
      PAIGOW_MAX_EVENT_LOOP_LAG_MS: '500',
      LOG_LEVEL: 'warn',
    });
    expect(options).toMatchObject({ tables: [{ tableId: 'only' }], databasePoolSize: 25, ledgerThread: true, lease: { leaseMs: 30_000, heartbeatMs: 10_000 }, maxEventLoopLagMs: 500 });
    expect(options.logger?.level).toBe('warn');
    expect(leaseFromEnv({ PAIGOW_LEASE_MS: '20000' })).toEqual({ leaseMs: 20_000 });
    expect(operatorSettingsFromEnv({ PAIGOW_LEDGER_THREAD: 'off' }).ledgerThread).toBe(false);
    expect(operatorSettingsFromEnv({}).ledgerThread).toBeUndefined();
  });

  it('refuses a malformed setting with one line naming the variable', () => {
    expect(() => operatorSettingsFromEnv({ PAIGOW_DB_POOL_SIZE: '0' })).toThrow("PAIGOW_DB_POOL_SIZE must be a whole number of connections from 1 to 1000 (decimal digits only), got '0'");
    expect(() => operatorSettingsFromEnv({ PAIGOW_DB_POOL_SIZE: 'many' })).toThrow('PAIGOW_DB_POOL_SIZE must be');
    expect(() => operatorSettingsFromEnv({ PAIGOW_LEDGER_THREAD: 'yes' })).toThrow("PAIGOW_LEDGER_THREAD must be on or off, not 'yes'");
    expect(() => operatorSettingsFromEnv({ PAIGOW_LEDGER_THREAD: ' on' })).toThrow("PAIGOW_LEDGER_THREAD must be on or off, not ' on'");
    expect(() => operatorSettingsFromEnv({ PAIGOW_LEASE_RENEW_MS: '20000' })).toThrow('PAIGOW_LEASE_RENEW_MS (20000) must be shorter than PAIGOW_LEASE_MS (15000)');
    expect(() => operatorSettingsFromEnv({ PAIGOW_MAX_EVENT_LOOP_LAG_MS: '-1' })).toThrow('PAIGOW_MAX_EVENT_LOOP_LAG_MS must be');
    expect(() => operatorSettingsFromEnv({ LOG_LEVEL: 'loud' })).toThrow("LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got 'loud'");
    expect(() => operatorSettingsFromEnv({ PAIGOW_TABLES: join(base, 'absent.json') })).toThrow(TablesFileError);
  });
});
