/**
 * Test support for the CLI tests: run the built `paigow` as users do and check its output conventions.
 * (Not compiled into dist: the package's tsconfig excludes `test-*.ts`.)
 */

import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/paigow.js', import.meta.url));
const TSC = fileURLToPath(new URL('../../../../node_modules/typescript/bin/tsc', import.meta.url));

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * This process's environment with the server's settings removed (`DATABASE_URL`, `PORT`, `PAIGOW_DATA_DIR`, `REDIS_URL`:
 * unset, not empty, which the server refuses), then `env` added.
 */
function childEnv(env: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const child: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'PORT', 'PAIGOW_DATA_DIR', 'REDIS_URL']) delete child[name];
  return { ...child, ...env };
}

/** Runs `paigow <args>` with optional stdin. */
export function paigow(args: readonly string[], input?: string): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, input, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Runs `paigow <args>` with `env` added to the environment (`DATABASE_URL`, `PORT`, `PAIGOW_DATA_DIR` and
 * `REDIS_URL` cleared unless given), killing it after `timeoutMs` (then `status` is `null`).
 */
export function paigowEnv(args: readonly string[], env: Readonly<Record<string, string>> = {}, timeoutMs = 20_000): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: timeoutMs,
    env: childEnv(env),
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A `paigow serve` running in a child process. */
export interface Serving {
  /** The port from its startup line `paigow: serving at http://…:<port>` (with `--json`: `{"url", "port"}`). */
  readonly port: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then its exit status (or the name of the signal that ended it). */
  stop(): Promise<number | string>;
}

/** Starts `paigow serve <args>` (environment as `paigowEnv`) and waits for its startup line. */
export async function serve(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<Serving> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], {
    cwd: ROOT,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) => child.once('close', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no startup line within 30 s:\n${output}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = /^paigow: serving at http:\/\/[^\s]+:(\d+)$/m.exec(output) ?? /^\{"url":"http:\/\/[^"]+","port":(\d+)\}$/m.exec(output);
      if (line !== null) {
        clearTimeout(timer);
        resolve(Number(line[1]));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`paigow serve exited with ${code}:\n${output}`));
    });
  });
  return {
    port,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Runs a command that must succeed and print one JSON document. */
export function json(args: readonly string[]): unknown {
  const r = paigow([...args, '--json']);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.stdout.endsWith('\n')).toBe(true);
  expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
  return JSON.parse(r.stdout);
}

/** Asserts a failure: exit `status`, exactly one stderr line `paigow: <message>` (or matching `message`), empty stdout. */
export function expectFailure(r: Run, status: number, message: string | RegExp): void {
  expect(r.stdout).toBe('');
  expect(r.status).toBe(status);
  expect(r.stderr.endsWith('\n')).toBe(true);
  const lines = r.stderr.slice(0, -1).split('\n');
  expect(lines).toHaveLength(1);
  if (typeof message === 'string') expect(lines[0]).toBe(`paigow: ${message}`);
  else expect(lines[0]).toMatch(message);
}

/** Asserts bad input: status 2, exactly one stderr line `paigow: <message>`, empty stdout. */
export function expectBadInput(r: Run, message: string | RegExp): void {
  expectFailure(r, 2, message);
}

/** Brings the build of the engine and the CLI up to date (`tsc -b`; a second when nothing changed). */
export function buildCli(): void {
  const build = spawnSync(process.execPath, [TSC, '-b', 'packages/engine', 'packages/cli'], { cwd: ROOT, encoding: 'utf8' });
  expect(build.stdout + build.stderr).toBe('');
  expect(build.status).toBe(0);
}
