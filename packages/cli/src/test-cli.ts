/**
 * Test support for the CLI tests: run the built `paigow` as users do and check its output conventions.
 * (Not compiled into dist: the package's tsconfig excludes `test-*.ts`.)
 */

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const BIN = fileURLToPath(new URL('../bin/paigow.js', import.meta.url));
const TSC = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `paigow <args>` with optional stdin. */
export function paigow(args: readonly string[], input?: string): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, input, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
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

/** Asserts bad input: status 2, exactly one stderr line `paigow: <message>`, empty stdout. */
export function expectBadInput(r: Run, message: string | RegExp): void {
  expect(r.stdout).toBe('');
  expect(r.status).toBe(2);
  expect(r.stderr.endsWith('\n')).toBe(true);
  const lines = r.stderr.slice(0, -1).split('\n');
  expect(lines).toHaveLength(1);
  if (typeof message === 'string') expect(lines[0]).toBe(`paigow: ${message}`);
  else expect(lines[0]).toMatch(message);
}

/** Brings the build of the engine and the CLI up to date (`tsc -b`; a second when nothing changed). */
export function buildCli(): void {
  const build = spawnSync(process.execPath, [TSC, '-b', 'packages/engine', 'packages/cli'], { cwd: ROOT, encoding: 'utf8' });
  expect(build.stdout + build.stderr).toBe('');
  expect(build.status).toBe(0);
}
