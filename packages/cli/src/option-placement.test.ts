/**
 * `--json` before the command's name (`paigow --json eval As Td 9c Jk 2h`) as after it (interfaces.md): a tester's
 * `paigow --json eval …` exited 2 with "unknown option '--json'". Every command that takes `--json` is run both
 * ways here and must answer the same; a command that takes none refuses it in one line.
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from './io.js';
import { jsonBeforeCommand } from './option-placement.js';
import { BIN, ROOT, buildCli, expectBadInput, paigow } from './testing/cli.js';

beforeAll(buildCli, 120_000);

const folder = mkdtempSync(join(tmpdir(), 'paigow-json-place-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A JSON document without its timing (`seconds`), which differs from run to run. */
function document(stdout: string): unknown {
  expect(stdout.endsWith('\n')).toBe(true);
  expect(stdout.trimEnd().split('\n')).toHaveLength(1);
  const parsed = JSON.parse(stdout) as Record<string, unknown>;
  delete parsed.seconds;
  return parsed;
}

describe('paigow --json <command>: the same document as paigow <command> … --json', () => {
  const vector = (JSON.parse(readFileSync(join(ROOT, 'reference', 'fairness-vectors.json'), 'utf8')) as { vectors: Record<string, unknown>[] }).vectors[0];
  const proofFile = join(folder, 'proof.json');
  writeFileSync(proofFile, JSON.stringify({ scheme: 'paigow-shuffle-v1', ...Object.fromEntries(['roundId', 'commitment', 'serverSeed', 'clientSeeds', 'deck', 'hands'].map((k) => [k, vector[k]])) }));
  const commands: readonly (readonly string[])[] = [
    ['eval', 'As Td 9c Jk 2h'],
    ['evaluate', '--low', 'Jk', 'As'],
    ['set', 'Ks Kd 4c 4h Qs 9d 2c', '--house-way', 'foxwoods'],
    ['settings', 'As Ks Qd 7c 7d 2h 3s'],
    ['fortune', 'As Ks Qs Js Ts 2d 3c'],
    ['analyze', 'As Ks Qd 7c 7d 2h 3s', '--samples', '200', '--seed', '1', '--threads', '1'],
    ['simulate', '--rounds', '1000', '--seed', '1', '--threads', '1'],
    ['enumerate', 'five'],
    ['house-way', 'diff', 'seeds', 'foxwoods', '--hand', 'As Ks Qd 7c 7d 2h 3s', '--threads', '1'],
    ['verify', '--file', proofFile],
  ];
  for (const args of commands) {
    it(`paigow --json ${args.map((a) => (a === proofFile ? 'proof.json' : a)).join(' ')}`, () => {
      const before = paigow(['--json', ...args]);
      expect(before).toMatchObject({ status: 0, stderr: '' });
      const after = paigow([...args, '--json']);
      expect(after).toMatchObject({ status: 0, stderr: '' });
      expect(document(before.stdout)).toEqual(document(after.stdout));
    });
  }

  it('the commands that refuse their input refuse it the same way (edge, and the operators’ audit, rounds, audit-fairness)', () => {
    const empty = mkdtempSync(join(folder, 'data-'));
    for (const args of [['edge'], ['audit', '--data-dir', empty], ['rounds', '--open', '--data-dir', empty], ['audit-fairness', '--data-dir', empty]]) {
      const after = paigow([...args, '--json']);
      expect(after.status).toBe(2);
      expect(after.stderr).not.toMatch(/unknown option/);
      expect(paigow(['--json', ...args])).toEqual(after);
    }
  });

  it('paigow --json serve prints {"url", "port"} once it takes players', async () => {
    const child = spawn(process.execPath, [BIN, '--json', 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', join(folder, 'serve')], {
      cwd: ROOT,
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !['DATABASE_URL', 'PORT', 'PAIGOW_DATA_DIR', 'REDIS_URL'].includes(name))), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    try {
      const line = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no startup line within 30 s:\n${output}`)), 30_000);
        const read = (chunk: Buffer): void => {
          output += chunk.toString();
          const found = /^(\{.*\}|paigow: .*)$/m.exec(output);
          if (found !== null) {
            clearTimeout(timer);
            resolve(found[1]);
          }
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
      });
      expect(line).toMatch(/^\{"url":"http:\/\/127\.0\.0\.1:\d+","port":\d+\}$/);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('close', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
  });

  it('still says where an option goes between a command group and its subcommand', () => {
    expectBadInput(paigow(['enumerate', '--json', 'five']), "unknown option '--json' (options go after the subcommand: paigow enumerate five --json)");
    expectBadInput(paigow(['--json', 'enumerate', '--threads', '2', 'house-way']), "unknown option '--threads' (options go after the subcommand: paigow enumerate house-way --threads)");
    expectBadInput(paigow(['--json', 'enumerate']), 'enumerate what? one of: five, seven, house-way');
    expectBadInput(paigow(['--json', 'house-way']), 'paigow house-way needs a command (paigow house-way --help lists them)');
  });

  it('paigow --help says that --json may go before the command', () => {
    const r = paigow(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('--json print one JSON document: every command takes --json, before or after its name (paigow --json eval … is paigow eval … --json)');
  });
});

describe('jsonBeforeCommand', () => {
  /** A program as main.ts configures it, with a command that takes --json, one in a group, and one that takes none. */
  function program(seen: Record<string, unknown>[]): Command {
    const p = jsonBeforeCommand(new Command('paigow').exitOverride().configureOutput({ writeErr: () => undefined, writeOut: () => undefined }));
    p.command('show')
      .option('--json', 'one JSON document')
      .option('--low')
      .argument('[cards...]')
      .action((_cards: string[], options: Record<string, unknown>) => void seen.push(options));
    p.command('group').command('leaf').option('--json', 'one JSON document').action((options: Record<string, unknown>) => void seen.push(options));
    p.command('plain')
      .argument('[words...]')
      .action(() => void seen.push({ plain: true }));
    return p;
  }
  const run = async (...args: string[]): Promise<Record<string, unknown>[]> => {
    const seen: Record<string, unknown>[] = [];
    await program(seen).parseAsync(args, { from: 'user' });
    return seen;
  };

  it('hands --json given before the command to the command that runs, as if given after it', async () => {
    expect(await run('--json', 'show', 'As')).toEqual([{ json: true }]);
    expect(await run('show', 'As', '--json')).toEqual([{ json: true }]);
    expect(await run('show', '--low', 'As', '--json')).toEqual([{ json: true, low: true }]);
    expect(await run('--json', 'show', '--low', 'As', '--json')).toEqual([{ json: true, low: true }]);
    expect(await run('--json', 'group', 'leaf')).toEqual([{ json: true }]);
    expect(await run('show', 'As')).toEqual([{}]);
  });

  it('refuses --json, before or after its name, for a command that takes none', async () => {
    await expect(run('--json', 'plain', 'x')).rejects.toThrow(new UsageError('paigow plain takes no --json'));
    await expect(run('plain', 'x', '--json')).rejects.toThrow(new UsageError('paigow plain takes no --json'));
    expect(await run('plain', 'x')).toEqual([{ plain: true }]);
  });
});
