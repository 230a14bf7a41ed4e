/**
 * `paigow serve` as operators run it (docs/server.md "Running", "Start-up"): one clear line and status 1
 * when the start fails for a reason the operator can fix, never a stack trace or a hang; the port it
 * serves on in a stable startup line on stdout; a second `serve` on the same data never settles the
 * first one's live rounds (docs/server.md "Processes, leases and recovery").
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '@paigow/server';
import { spawn } from 'node:child_process';
import { BIN, buildCli, expectFailure, paigowEnv, serve, type Run } from './testing/cli.js';

beforeAll(buildCli, 120_000);

/** A start that failed: status 1, exactly one stderr line `paigow: <message>`, nothing on stdout. */
function expectStartFailure(r: Run, message: string | RegExp): void {
  expectFailure(r, 1, message);
}

async function busyPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

describe('paigow serve', () => {
  const folders: string[] = [];
  const folder = (): string => {
    const path = mkdtempSync(join(tmpdir(), 'paigow-serve-'));
    folders.push(path);
    return path;
  };
  afterEach(() => {
    for (const path of folders.splice(0)) rmSync(path, { recursive: true, force: true });
  });

  it('on a busy port: one line, status 1, and the data folder is not even created', async () => {
    const busy = await busyPort();
    try {
      const base = folder();
      const r = paigowEnv(['serve', '--port', String(busy.port), '--data-dir', join(base, 'data')]);
      expectStartFailure(r, `port ${busy.port} is in use (set PORT or --port)`);
      expect(readdirSync(base)).toEqual([]);
      expectStartFailure(paigowEnv(['serve'], { PORT: String(busy.port), PAIGOW_DATA_DIR: join(base, 'data') }), `port ${busy.port} is in use (set PORT or --port)`);
    } finally {
      busy.server.close();
    }
  });

  it('names a data folder it cannot create, without hanging (a file; /proc)', () => {
    const base = folder();
    const file = join(base, 'file');
    writeFileSync(file, 'x');
    expectStartFailure(paigowEnv(['serve', '--port', '0'], { PAIGOW_DATA_DIR: file }), new RegExp(`^paigow: cannot create the data folder ${file} \\(ENOTDIR`));
    expectStartFailure(paigowEnv(['serve', '--port', '0', '--data-dir', '/proc/nope'], {}, 15_000), /^paigow: cannot create the data folder \/proc\/nope \(ENOENT/);
  });

  it('names a database it cannot reach', async () => {
    const closed = await busyPort();
    const port = closed.port;
    await new Promise((resolve) => closed.server.close(resolve)); // nothing listens there now
    const r = paigowEnv(['serve', '--port', '0'], { DATABASE_URL: `postgres://root:hunter2@127.0.0.1:${port}/test` });
    expectStartFailure(r, new RegExp(`^paigow: cannot reach the database at postgres://root:\\*\\*\\*@127\\.0\\.0\\.1:${port}/test \\(.*ECONNREFUSED.*\\)$`));
  });

  // It used to hang about 45 s (/readyz 503 starting), write ~257 `[ioredis] Unhandled error event` lines with their
  // stacks, then crash on an uncaught MaxRetriesPerRequestError.
  it('names a Redis it cannot reach within seconds: one line, status 1, the data folder not even created', async () => {
    const closed = await busyPort();
    const port = closed.port;
    await new Promise((resolve) => closed.server.close(resolve)); // nothing listens there now
    const base = folder();
    const started = Date.now();
    const r = paigowEnv(['serve', '--port', '0'], { REDIS_URL: `redis://:hunter2@127.0.0.1:${port}`, PAIGOW_DATA_DIR: join(base, 'data') }, 15_000);
    expectStartFailure(r, new RegExp(`^paigow: cannot reach Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port} \\(connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\)$`));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(readdirSync(base)).toEqual([]);
  });

  // An operator's: ioredis' own console.warn ("[WARN] This Redis server's `default` user does not require a password,
  // but a password was supplied") was a plain-text line on stderr before the start's one line; it is a JSON log line.
  it("writes ioredis' own warnings as JSON log lines, not plain text, before the start's one line", () => {
    const r = paigowEnv(['serve', '--port', '0'], { REDIS_URL: 'redis://:secret@127.0.0.1:6379/99', PAIGOW_DATA_DIR: join(folder(), 'data') }, 15_000);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^paigow: cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:6379\/99 \(.*DB index is out of range.*\)$/);
    const logged = lines.slice(0, -1).map((line) => JSON.parse(line) as { level: string; event: string; msg: string });
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line).toMatchObject({ level: 'warn', event: 'library-warning', msg: expect.stringContaining('password') as unknown });
  });

  // It used to fail with a TypeError's stack (defaultRedisPrefix) and status 1.
  it('refuses a malformed REDIS_URL with status 2, naming it', () => {
    for (const value of ['notaurl', '127.0.0.1:6379', 'redis://127.0.0.1:notaport', 'http://127.0.0.1:6379']) {
      const r = paigowEnv(['serve'], { PORT: '0', REDIS_URL: value });
      expect(r.status, value).toBe(2);
      expect(r.stderr).toBe(`paigow: REDIS_URL must be redis://[user:password@]host[:port][/db], got '${value}'\n`);
    }
  });

  // The operator's trial: DATABASE_URL at an address that does not answer, and /livez, /readyz "connection refused".
  it('answers /livez 200 and /readyz 503 starting while the database does not answer yet', async () => {
    const silent = createServer(() => undefined); // accepts, never answers: a database that does not answer yet
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const free = await busyPort();
    await new Promise((resolve) => free.server.close(resolve));
    const child = spawn(process.execPath, [BIN, 'serve', '--host', '127.0.0.1'], {
      env: { ...process.env, PORT: String(free.port), DATABASE_URL: `postgres://root@127.0.0.1:${(silent.address() as AddressInfo).port}/x`, LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    try {
      const url = `http://127.0.0.1:${free.port}`;
      await expect.poll(async () => (await fetch(`${url}/livez`).catch(() => null))?.status ?? 'refused', { timeout: 5_000, interval: 100 }).toBe(200);
      const ready = await fetch(`${url}/readyz`);
      expect({ status: ready.status, body: await ready.json() }).toMatchObject({ status: 503, body: { status: 'starting' } });
    } finally {
      child.kill('SIGKILL');
      silent.close();
    }
  });

  it('exits with status 2 on a bad port option', () => {
    const r = paigowEnv(['serve', '--port', 'abc']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("paigow: --port must be a port number, got 'abc'\n");
    const fromEnv = paigowEnv(['serve'], { PORT: '70000' });
    expect(fromEnv.status).toBe(2);
    expect(fromEnv.stderr).toBe("paigow: PORT must be a port number, got '70000'\n");
  });

  // It used to serve on 2567, as if PORT were unset: an empty setting is a malformed one (docs/operations.md "Start").
  it('refuses an empty PORT with status 2, naming it', () => {
    for (const value of ['', ' ']) {
      const r = paigowEnv(['serve'], { PORT: value });
      expect(r.status).toBe(2);
      expect(r.stderr).toBe('paigow: PORT is set but empty: unset it to use the default\n');
    }
  });

  // An operator's: `PORT=1e3 paigow serve --port 2731` started, while the same PORT without --port was refused. Every
  // variable is checked (docs/operations.md "Start"), PORT too when --port gives the port.
  it('refuses a malformed or empty PORT with status 2 even when --port gives the port', () => {
    const data = join(folder(), 'data');
    const refusals = { '1e3': "PORT must be a port number, got '1e3'", '': 'PORT is set but empty: unset it to use the default' };
    for (const [value, message] of Object.entries(refusals)) {
      const r = paigowEnv(['serve', '--port', '2770'], { PORT: value, PAIGOW_DATA_DIR: data, LOG_LEVEL: 'warn' }, 10_000);
      expect(r.status, value).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`paigow: ${message}\n`);
    }
    expect(existsSync(data)).toBe(false);
    // A good PORT is replaced by --port, and a bad --port named as given.
    expect(paigowEnv(['serve', '--port', 'abc'], { PORT: '2770' }).stderr).toBe("paigow: --port must be a port number, got 'abc'\n");
  });

  // It used to start, and every join then failed: Colyseus put ws:// before 'http://…' (close 1006).
  it('refuses a PAIGOW_PUBLIC_ADDRESS with a scheme, or empty, with status 2, naming it', () => {
    for (const value of ['http://127.0.0.1:3403/p1', '', 'play example.com/p1']) {
      const r = paigowEnv(['serve'], { PORT: '0', PAIGOW_PUBLIC_ADDRESS: value });
      expect(r.status, value).toBe(2);
      expect(r.stderr).toBe(
        value === ''
          ? 'paigow: PAIGOW_PUBLIC_ADDRESS is set but empty: unset it to use the default\n'
          : `paigow: PAIGOW_PUBLIC_ADDRESS must be host[:port]/<name> without the scheme, e.g. play.example.com/p1, got '${value}'\n`,
      );
    }
  });

  // It used to start: /readyz then reported the process not ready (load) while it still took new players.
  it('refuses PAIGOW_ADMIT_MAX_LAG_MS not below PAIGOW_MAX_EVENT_LOOP_LAG_MS with status 2, naming both and their values', () => {
    const data = join(folder(), 'data');
    const r = paigowEnv(['serve'], { PORT: '0', PAIGOW_DATA_DIR: data, PAIGOW_ADMIT_MAX_LAG_MS: '1200', PAIGOW_MAX_EVENT_LOOP_LAG_MS: '1000' }, 10_000);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(existsSync(data)).toBe(false);
    expect(r.stderr).toBe(
      'paigow: PAIGOW_ADMIT_MAX_LAG_MS (1200) must be below PAIGOW_MAX_EVENT_LOOP_LAG_MS (1000): otherwise the process does not refuse new players before /readyz reports it not ready\n',
    );
  });

  it('prints the port it serves on (PORT=0 picks a free one) and stops cleanly on SIGTERM', async () => {
    // LOG_LEVEL=warn: no info lines on stderr (operations.md "Logs"), so the startup line is all it prints.
    const running = await serve([], { PORT: '0', PAIGOW_DATA_DIR: join(folder(), 'data'), LOG_LEVEL: 'warn' });
    expect(running.output()).toBe(`paigow: serving at http://localhost:${running.port}\n`);
    // Ready once its event loop has caught up with the start (a loaded machine can report the start's own
    // stall as overload for a moment: /readyz is what a probe polls).
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${running.port}/healthz`)).json(), { timeout: 10_000, interval: 200 }).toMatchObject({ status: 'ready' });
    expect(await running.stop(), running.output()).toBe(0);
  });

  it('with --json, prints {"url", "port"} as one JSON document instead of the line', async () => {
    const running = await serve(['--json'], { PORT: '0', PAIGOW_DATA_DIR: join(folder(), 'data'), LOG_LEVEL: 'warn' });
    expect(JSON.parse(running.output())).toEqual({ url: `http://localhost:${running.port}`, port: running.port });
    expect(await running.stop(), running.output()).toBe(0);
  });

  it('stops within 10 s of SIGTERM whatever the matchmaker was asked (issue 10 point 13)', async () => {
    const running = await serve([], { PORT: '0', PAIGOW_DATA_DIR: join(folder(), 'data') });
    const url = `http://127.0.0.1:${running.port}`;
    const post = (path: string, body: unknown, token?: string): Promise<Response> =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
        body: JSON.stringify(body),
      });
    const guest = (await (await post('/api/guest', { nickname: 'Eve' })).json()) as { token: string };
    // Rooms asked for over HTTP (a second one for a table id among them), seats without and with a token.
    for (const method of ['create', 'joinOrCreate', 'join']) {
      for (const body of [{ tableId: 'table-1', token: guest.token }, { tableId: 'mine', token: guest.token }, {}]) await (await post(`/matchmake/${method}/table`, body, guest.token)).text();
    }
    await Promise.all(Array.from({ length: 50 }, async () => (await post('/matchmake/joinById/table-1', {})).text()));
    await (await post('/matchmake/joinById/table-2', { token: guest.token })).text();
    const started = performance.now();
    const status = await running.stop();
    expect(performance.now() - started, running.output()).toBeLessThan(10_000);
    expect(status, running.output()).toBe(0);
  }, 30_000);

  describe('next to a running server on the same data', () => {
    let first: ServerHandle | undefined;
    afterEach(async () => {
      await first?.close();
      first = undefined;
    });

    it('neither a start on its busy port nor a second server on another port settles its live round', async () => {
      const dataDir = join(folder(), 'data');
      first = await startServer({ port: 0, host: '127.0.0.1', dataDir, log: () => undefined });
      const guest = await fetch(`${first.url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"nickname":"Jo"}' });
      const { player } = (await guest.json()) as { player: { id: string } };
      // A live round of the first server (its player still deciding).
      const opened = await first.ledger.openRound({
        roundId: 'live-round',
        tableId: 'table-1',
        bankerPlayerId: null,
        holds: [{ playerId: player.id, kind: 'main', amountCents: 1_000 }],
        secret: { version: 0 },
        public: {},
        ownerInstanceId: first.instanceId,
      });
      expect(opened.ok).toBe(true);
      const open = async () => (await first!.ledger.openRounds()).map((round) => round.roundId);

      expectStartFailure(paigowEnv(['serve', '--port', String(first.port), '--data-dir', dataDir]), `port ${first.port} is in use (set PORT or --port)`);
      expect(await open()).toEqual(['live-round']);

      const second = await serve(['--port', '0', '--data-dir', dataDir]);
      try {
        expect(await open()).toEqual(['live-round']); // its start-up recovery left it alone
      } finally {
        expect(await second.stop(), second.output()).toBe(0);
      }
      expect(await open()).toEqual(['live-round']);
      expect(await first.ledger.balance(player.id)).toEqual({ ok: true, value: 99_000 });
    });
  });
});
