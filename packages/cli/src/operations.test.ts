/**
 * The operators' commands and settings (issue 11 points 8 and 9; docs/operations.md), run as operators
 * run them: `paigow audit` (exit status 1 on a broken invariant), `paigow rounds --open`, the tables from
 * `PAIGOW_TABLES`, the log level from `LOG_LEVEL`, and `paigow serve`'s JSON log lines on stderr.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORTUNE_PAY_TABLE } from '@paigow/engine';
import { createLogger, startServer, type ServerHandle } from '@paigow/server';
import { buildCli, expectBadInput, paigowEnv, serve } from './testing/cli.js';

beforeAll(buildCli, 120_000);

const folders: string[] = [];
function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'paigow-ops-'));
  folders.push(path);
  return path;
}
afterAll(() => {
  for (const path of folders.splice(0)) rmSync(path, { recursive: true, force: true });
});

/** A player of `server` (signed in as a guest over HTTP). */
async function guest(server: ServerHandle, nickname: string): Promise<string> {
  const response = await fetch(`${server.url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nickname }) });
  return ((await response.json()) as { player: { id: string } }).player.id;
}

/**
 * A data folder whose ledger holds one settled round (`settled`), one refunded round (`refunded`) and one
 * open round (`open`, owned by the server, which is left running for `rounds --open`).
 */
async function ledgerWithRounds(): Promise<{ dataDir: string; server: ServerHandle; playerId: string }> {
  const dataDir = join(folder(), 'data');
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, log: () => undefined, logger: createLogger({ level: 'silent' }) });
  const playerId = await guest(server, 'Opal');
  const open = (roundId: string) =>
    server.ledger.openRound({
      roundId,
      tableId: 'table-1',
      bankerPlayerId: null,
      holds: [{ playerId, kind: 'main', amountCents: 1_000 }],
      secret: { version: 0 },
      public: {},
      ownerInstanceId: server.instanceId,
    });
  expect((await open('settled')).ok).toBe(true);
  const settled = await server.ledger.settleRound({
    roundId: 'settled',
    postings: [
      { from: 'escrow', to: { player: playerId }, amountCents: 1_000, kind: 'stake-return' },
      { from: 'house', to: { player: playerId }, amountCents: 1_000, kind: 'payout' },
      { from: { player: playerId }, to: 'commission', amountCents: 50, kind: 'commission' },
    ],
    compPoints: [{ playerId, delta: 10 }],
    result: {},
    ownerInstanceId: server.instanceId,
  });
  expect(settled.ok).toBe(true);
  expect((await open('refunded')).ok).toBe(true);
  expect((await server.ledger.refundRound('refunded', 'test')).ok).toBe(true);
  expect((await open('open')).ok).toBe(true);
  return { dataDir, server, playerId };
}

describe('paigow audit and paigow rounds --open', () => {
  let dataDir: string;
  let server: ServerHandle;

  beforeAll(async () => {
    ({ dataDir, server } = await ledgerWithRounds());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('audit: status 0 and every invariant listed when the ledger is sound', () => {
    const r = paigowEnv(['audit', '--json', '--data-dir', dataDir]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({ ok: true, problems: [], openRounds: 1, escrowCents: 1_000, database: join(dataDir, 'paigow.sqlite') });
    expect(report.invariants).toHaveLength(6);
    const text = paigowEnv(['audit'], { PAIGOW_DATA_DIR: dataDir });
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^ledger audit of .*paigow\.sqlite: OK \(\d+ accounts, \d+ transfers, 1 open round, escrow 10\.00\)\n/);
  });

  it('rounds --open: the open round with its owner, its state, phase, stakes held and age', async () => {
    const r = paigowEnv(['rounds', '--open', '--json', '--data-dir', dataDir]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const listing = JSON.parse(r.stdout) as { leaseMs: number; rounds: Record<string, unknown>[] };
    expect(listing.leaseMs).toBe(15_000);
    expect(listing.rounds).toEqual([
      {
        roundId: 'open',
        tableId: 'table-1',
        ownerInstanceId: server.instanceId,
        ownerState: 'alive',
        phase: 'unknown', // its saved record is not a round's (the test wrote `{ version: 0 }`)
        handsSet: 0,
        hands: 0,
        heldCents: 1_000,
        openedAtMs: expect.any(Number),
        ageMs: expect.any(Number),
      },
    ]);
    const text = paigowEnv(['rounds', '--open'], { PAIGOW_DATA_DIR: dataDir });
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('1 open round in');
    expect(text.stdout).toMatch(new RegExp(`open\\s+table-1\\s+${server.instanceId.slice(0, 8)}\\s+alive\\s+unknown\\s+10\\.00\\s+\\d+ s`));
    // A lease shorter than the time since the owner's last heartbeat marks it expired (PAIGOW_LEASE_MS as the
    // server reads it). The server renews every few seconds, so ask until a reading falls between two renewals.
    const ownerWithShortLease = (): unknown =>
      (JSON.parse(paigowEnv(['rounds', '--open', '--json', '--data-dir', dataDir], { PAIGOW_LEASE_MS: '1000', PAIGOW_LEASE_RENEW_MS: '500' }).stdout) as typeof listing).rounds[0]?.ownerState;
    const deadline = Date.now() + 20_000;
    let state = ownerWithShortLease();
    while (state !== 'expired' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      state = ownerWithShortLease();
    }
    expect(state).toBe('expired');
    expectBadInput(paigowEnv(['rounds', '--open', '--data-dir', dataDir], { PAIGOW_LEASE_MS: 'soon' }), "PAIGOW_LEASE_MS must be a whole number of ms from 1000 to 3600000 (decimal digits only), got 'soon'");
  });

  it('audit: status 1 naming each broken invariant (sum, negative wallet, a round posted twice)', () => {
    const copy = join(folder(), 'data');
    const file = join(copy, 'paigow.sqlite');
    mkdirSync(copy);
    // A copy of the ledger, broken three ways.
    const source = new Database(join(dataDir, 'paigow.sqlite'), { readonly: true });
    return source.backup(file).then(() => {
      source.close();
      const broken = new Database(file);
      broken.pragma('ignore_check_constraints = ON'); // the schema refuses an overdraft; a damaged file may not
      broken.prepare("update accounts set balance_cents = balance_cents + 1 where id = 'house'").run();
      broken.prepare("update accounts set balance_cents = -5 where kind = 'wallet'").run();
      broken.prepare("update rounds set status = 'settled' where id = 'refunded'").run();
      broken.close();
      const r = paigowEnv(['audit', '--json', '--data-dir', copy]);
      expect(r.status).toBe(1);
      const report = JSON.parse(r.stdout) as { ok: boolean; problems: string[] };
      expect(report.ok).toBe(false);
      expect(report.problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^the balances sum to -?\d+ cents, not 0$/),
          expect.stringMatching(/^wallet:.*: negative balance -5$/),
          'round refunded: settled with 0 settlement posting(s) and 1 refund(s)',
        ]),
      );
      const text = paigowEnv(['audit', '--data-dir', copy]);
      expect(text.status).toBe(1);
      expect(text.stdout).toMatch(/^ledger audit of .*: \d+ problems \(/);
      expect(text.stdout).toContain('  ✗ round refunded: settled with 0 settlement posting(s) and 1 refund(s)');
    });
  });

  it('--data-dir is SQLite in that folder even when DATABASE_URL is set; both flags are refused', () => {
    // Operator: checking a backup with `paigow audit --data-dir /tmp/check` on a host whose DATABASE_URL names the live
    // PostgreSQL audited the live database (OK), and `paigow serve --data-dir` served PostgreSQL.
    const elsewhere = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/live' };
    const r = paigowEnv(['audit', '--json', '--data-dir', dataDir], elsewhere);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, database: join(dataDir, 'paigow.sqlite') });
    expect(paigowEnv(['rounds', '--open', '--json', '--data-dir', dataDir], elsewhere).status).toBe(0);
    expectBadInput(paigowEnv(['audit', '--data-dir', dataDir, '--database-url', 'postgres://nobody@127.0.0.1:1/live']), '--data-dir (SQLite) and --database-url (PostgreSQL) name two databases: give one');
  });

  it('audit and rounds: status 2 and one line when there is no database', () => {
    const empty = folder();
    expectBadInput(paigowEnv(['audit', '--data-dir', empty]), `no database file at ${join(empty, 'paigow.sqlite')} (set PAIGOW_DATA_DIR or DATABASE_URL, or --data-dir / --database-url)`);
    expectBadInput(paigowEnv(['rounds', '--open'], { PAIGOW_DATA_DIR: empty }), `no database file at ${join(empty, 'paigow.sqlite')} (set PAIGOW_DATA_DIR or DATABASE_URL, or --data-dir / --database-url)`);
    expectBadInput(paigowEnv(['rounds', '--data-dir', empty]), "required option '--open' not specified");
    // As paigow serve reads them: an empty DATABASE_URL meant SQLite under ./data.
    expectBadInput(paigowEnv(['audit'], { DATABASE_URL: '' }), 'DATABASE_URL is set but empty: unset it to use the default');
    expectBadInput(paigowEnv(['rounds', '--open'], { PAIGOW_DATA_DIR: ' ' }), 'PAIGOW_DATA_DIR is set but empty: unset it to use the default');
  });
});

describe('paigow serve settings', () => {
  it('serves the tables of PAIGOW_TABLES, with their limits, banker mode, envy and timers', async () => {
    const base = folder();
    const payTable = join(base, 'pays.json');
    writeFileSync(payTable, JSON.stringify({ ...FORTUNE_PAY_TABLE, five_aces: FORTUNE_PAY_TABLE.five_aces + 100 }));
    const tables = join(base, 'tables.json');
    writeFileSync(
      tables,
      JSON.stringify({
        tables: [
          { tableId: 'high', name: 'High limit', seats: 4, limits: { main: { minCents: 2_500, maxCents: 100_000 }, fortune: null }, commissionBps: 400 },
          {
            tableId: 'bank',
            playerBanking: true,
            bankerFeeBps: 100,
            limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 500, maxCents: 2_500 } },
            fortunePayTable: 'pays.json',
            envyBonus: { enabled: true },
            timers: { decisionMs: 30_000 },
          },
        ],
      }),
    );
    const running = await serve(['--port', '0', '--data-dir', join(base, 'data')], { PAIGOW_TABLES: tables, LOG_LEVEL: 'warn' });
    try {
      const lobby = (await (await fetch(`http://127.0.0.1:${running.port}/api/tables`)).json()) as { tables: Record<string, unknown>[] };
      expect(lobby.tables).toEqual([
        expect.objectContaining({ tableId: 'high', name: 'High limit', seats: 4, playerBanking: false, limits: { main: { minCents: 2_500, maxCents: 100_000 }, fortune: null } }),
        expect.objectContaining({ tableId: 'bank', name: 'bank', seats: 6, playerBanking: true, envyBonus: true }),
      ]);
      // LOG_LEVEL=warn: no info lines (no "serving" line on stderr), only the startup line on stdout.
      expect(running.output()).toBe(`paigow: serving at http://localhost:${running.port}\n`);
    } finally {
      expect(await running.stop(), running.output()).toBe(0);
    }
  });

  // Every refusal of the tables file is in packages/server/src/settings/settings.test.ts; here, how serve reports one.
  it('refuses a tables file it cannot use with one line naming the file, the table and the field (status 2)', () => {
    const base = folder();
    const write = (content: unknown): string => {
      const path = join(base, `tables-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
      return path;
    };
    const run = (path: string) => paigowEnv(['serve', '--port', '0', '--data-dir', join(base, 'data')], { PAIGOW_TABLES: path });
    const limits = { main: { minCents: 100, maxCents: 10_000 } };
    const notJson = write('{ tables: ');
    expectBadInput(run(notJson), new RegExp(`^paigow: ${notJson}: not JSON \\(`));
    const typo = write({ tables: [{ tableId: 't', limits, comission: 500 }] });
    expectBadInput(run(typo), new RegExp(`^paigow: ${typo}: tables\\[0\\] \\(t\\): unknown setting 'comission' \\(known: tableId, name, seats, limits, `));
  });

  it('refuses a malformed setting with one line naming the variable (status 2)', () => {
    expectBadInput(
      paigowEnv(['serve', '--port', '0', '--data-dir', join(folder(), 'data')], { LOG_LEVEL: 'loud' }),
      "LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got 'loud'",
    );
  });

  // `notaurl` was "cannot reach the database at notaurl (getaddrinfo ENOTFOUND base)", status 1; `mysql://…` served
  // from PostgreSQL; a missing web folder served a page telling the operator to build into another one.
  it('serves SQLite in --data-dir even when DATABASE_URL is set', async () => {
    const dataDir = join(folder(), 'data');
    const running = await serve(['--port', '0', '--data-dir', dataDir], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/live' });
    try {
      expect(existsSync(join(dataDir, 'paigow.sqlite'))).toBe(true);
    } finally {
      expect(await running.stop()).toBe(0);
    }
  });

  it('refuses a database URL that is not postgres:// and a PAIGOW_WEB_DIST without index.html (status 2, one line)', () => {
    const data = ['--port', '0', '--data-dir', join(folder(), 'data')];
    const notPostgres = (value: string): string => `must be a postgres:// URL, e.g. postgres://paigow@127.0.0.1:5432/paigow, got '${value}'`;
    for (const value of ['notaurl', 'mysql://root@127.0.0.1/test', '127.0.0.1:5432']) {
      expectBadInput(paigowEnv(['serve', '--port', '0'], { DATABASE_URL: value }), `DATABASE_URL ${notPostgres(value)}`);
      expectBadInput(paigowEnv(['audit'], { DATABASE_URL: value }), `the database URL ${notPostgres(value)}`);
    }
    expectBadInput(paigowEnv(['serve', '--port', '0', '--database-url', 'notaurl']), `--database-url ${notPostgres('notaurl')}`);
    const missing = join(folder(), 'no-web');
    expectBadInput(paigowEnv(['serve', ...data], { PAIGOW_WEB_DIST: missing }), `PAIGOW_WEB_DIST must be the folder of the built web client (with index.html), got '${missing}'`);
  });

  it('writes JSON log lines on stderr (time, level, msg), an audit trail at info, and only the startup line on stdout', async () => {
    const running = await serve(['--port', '0', '--data-dir', join(folder(), 'data')], { LOG_LEVEL: 'info' });
    try {
      await fetch(`http://127.0.0.1:${running.port}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"nickname":"Lou"}' });
      await expect.poll(() => running.output()).toContain('"event":"sign-in"');
    } finally {
      expect(await running.stop(), running.output()).toBe(0);
    }
    const lines = running.output().trimEnd().split('\n');
    const startup = lines.filter((line) => line.startsWith('paigow: serving at'));
    expect(startup).toHaveLength(1);
    const logged = lines.filter((line) => !line.startsWith('paigow: serving at')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.find((line) => line.event === 'server-started')).toMatchObject({ level: 'info', msg: 'serving', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(logged.find((line) => line.event === 'sign-in')).toMatchObject({ level: 'info', playerId: expect.any(String) });
  });
});
