/**
 * Starts the real game server for the end-to-end tests: the built `paigow serve` (what `npm start`
 * runs after building) on a free port, with its SQLite file in a fresh temporary PAIGOW_DATA_DIR,
 * and waits for `GET /healthz` to answer 200 (interfaces.md "The web page").
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A running server. */
export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** The server's output so far (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Builds what the server needs unless PAIGOW_E2E_SKIP_BUILD is set: the root `npm run build`
 * (the TypeScript project builds, incremental, and the web client).
 */
export function buildOnce(): void {
  if (!process.env.PAIGOW_E2E_SKIP_BUILD) {
    try {
      // NODE_ENV=production: Vitest sets NODE_ENV=test, which would make Vite ship React's development build.
      execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
    } catch (e) {
      const out = e as { stdout?: Buffer; stderr?: Buffer };
      throw new Error(`the build failed:\n${out.stdout?.toString() ?? ''}${out.stderr?.toString() ?? ''}`);
    }
  }
  if (!existsSync(join(ROOT, 'packages', 'web', 'dist', 'index.html'))) {
    throw new Error('packages/web/dist is missing: run `npm run build` first');
  }
}

/** Starts the built server on a free port with a temporary data directory. */
export async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'paigow-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'packages', 'cli', 'bin', 'paigow.js'), 'serve'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), PAIGOW_DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with status ${child.exitCode}:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /healthz within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { url, port, dataDir, log: () => output, stop };
}
