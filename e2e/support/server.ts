/**
 * Starts the real game server for the end-to-end tests: the built `paigow serve` (what `npm start`
 * runs after building) with its SQLite file in a fresh temporary PAIGOW_DATA_DIR. By default it runs
 * with PORT=0, so that the server binds a free port itself (nothing picks a port, releases it and races
 * other tests for it); the port is read from the server's own startup line on stdout
 * (`paigow: serving at http://localhost:<port>`, docs/server.md "Running"), then `GET /healthz` on that
 * port must answer 200 (interfaces.md "The web page").
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root directory. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A running server. */
export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** The server's output so far (for failure messages). */
  log(): string;
  /** Stops the server (SIGTERM) and deletes its data directory. */
  stop(): Promise<void>;
  /**
   * Kills the server at once (SIGKILL: no clean shutdown, rounds left open in the database) and keeps
   * its data directory, for `startServer({ port, dataDir })` to start it again (a server restart).
   */
  crash(): Promise<void>;
}

/**
 * Where and on what port to start: a fresh temporary data directory and a port the server picks (0) by
 * default; a restart passes the port and data directory of the server it replaces. `tables` replaces the
 * built-in tables (e.g. short timers): the list of a tables file (operations.md "Tables"), written as
 * `tables.json` in the data directory and named by `PAIGOW_TABLES`, so it goes with that directory.
 */
export interface StartOptions {
  readonly port?: number;
  readonly dataDir?: string;
  readonly tables?: readonly object[];
}

/** `env` without the variables `names` (unset, as the server wants a setting it should not use: it refuses one set empty). */
function withoutVariables(env: NodeJS.ProcessEnv, names: readonly string[]): NodeJS.ProcessEnv {
  const copy: NodeJS.ProcessEnv = { ...env };
  for (const name of names) delete copy[name];
  return copy;
}

/** The server's startup line on stdout, printed once it takes players; its port is the one actually bound. */
export const SERVING_LINE = /^paigow: serving at http:\/\/[^\s/]+:(\d+)$/m;

/**
 * Builds what the server needs unless PAIGOW_E2E_SKIP_BUILD is set: the root `npm run build` (the TypeScript
 * project builds, incremental, and the web client). Once per run, from the browser tests' global setup
 * (`e2e/support/global-setup.ts`): an up-to-date build still took 2 to 4 s, in each of 21 files.
 */
export function buildForBrowserTests(): void {
  if (!process.env.PAIGOW_E2E_SKIP_BUILD) {
    try {
      // NODE_ENV=production: Vitest sets NODE_ENV=test, which would make Vite ship React's development build.
      execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
    } catch (e) {
      const out = e as { stdout?: Buffer; stderr?: Buffer };
      throw new Error(`the build failed:\n${out.stdout?.toString() ?? ''}${out.stderr?.toString() ?? ''}`, { cause: e });
    }
  }
  requireBuilt();
}

/** Throws unless the web client is built (packages/web/dist/index.html). */
export function requireBuilt(): void {
  if (!existsSync(join(ROOT, 'packages', 'web', 'dist', 'index.html'))) {
    throw new Error('packages/web/dist is missing: run `npm run build` first');
  }
}

/**
 * Starts the built server with a temporary data directory on a port it picks itself (or the ones given),
 * and waits until its own startup line names the port and `/healthz` answers 200 there.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'paigow-e2e-'));
  const tablesFile = join(dataDir, 'tables.json');
  if (options.tables !== undefined) writeFileSync(tablesFile, JSON.stringify({ tables: options.tables }));
  let output = '';
  let stdout = '';
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'packages', 'cli', 'bin', 'paigow.js'), 'serve'], {
    cwd: ROOT,
    // Admission control (docs/server.md) is tested on its own; here a loaded test machine's event-loop
    // lag must not turn the browser tests' players away, nor make /healthz say not ready (the admission
    // limit must be below the readiness one, or the start is refused).
    // DATABASE_URL and REDIS_URL removed (unset: SQLite, one process); the server refuses them empty.
    // No drain on stop (PAIGOW_DRAIN_MS=0): a file's last round left in play made its server wait out the 5 s
    // before SIGKILL; the data directory is deleted anyway, and a restart's test uses `crash`.
    env: {
      ...withoutVariables(process.env, ['DATABASE_URL', 'REDIS_URL']),
      ...(options.tables === undefined ? {} : { PAIGOW_TABLES: tablesFile }),
      PORT: String(options.port ?? 0),
      PAIGOW_DATA_DIR: dataDir,
      PAIGOW_DRAIN_MS: '0',
      NODE_ENV: 'production',
      PAIGOW_MAX_EVENT_LOOP_LAG_MS: '3600000',
      PAIGOW_ADMIT_MAX_LAG_MS: '3599999',
      // Every browser of a test comes from loopback, and a test fills a table (docs/server.md "Limits").
      PAIGOW_SEATS_PER_IP: '6',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
    stdout += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const running = (): boolean => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (running()) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const crash = async () => {
    if (running()) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
  };
  const deadline = Date.now() + 30_000;
  // 1. The port: from this child's own startup line, so no other test's server can answer for it.
  let port: number;
  for (;;) {
    const line = SERVING_LINE.exec(stdout);
    if (line !== null) {
      port = Number(line[1]);
      break;
    }
    if (!running()) {
      await stop();
      throw new Error(`the server exited with status ${child.exitCode ?? child.signalCode}:\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server printed no startup line within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // 2. Its health check, on that port.
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) break;
    } catch {
      /* not answering yet */
    }
    if (!running() || Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /healthz on port ${port} within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, port, dataDir, log: () => output, stop, crash };
}
