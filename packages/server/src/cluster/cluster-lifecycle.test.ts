/**
 * `startCluster` and `npm run cluster` around their processes (docs/operations.md "A cluster"), with small
 * stand-in servers (any request answered 200), so that no database or Redis is needed: a front port in use
 * fails the start (it used to print the ready line, the probe answered by the other program), and exits
 * nobody asked for are reported.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, nginxHere } from '../testing/harness.js';
import { EventEmitter } from 'node:events';
import { clusterMain } from './cli.js';
import { startCluster, type Cluster, type ClusterExit, type ProcessCommand } from './cluster.js';

const MAIN = new URL('../../dist/cluster/main.js', import.meta.url).pathname;

/** A stand-in server process on `port`: answers every request 200. */
function standIn({ port }: { readonly port: number }): ProcessCommand {
  return {
    command: process.execPath,
    args: ['-e', `require('node:http').createServer((req, res) => res.end('ok')).listen(${port}, '127.0.0.1')`],
    env: process.env,
  };
}

/** A stand-in like `paigow serve` on its signals: the first SIGTERM starts a drain that never ends by itself, the second stops it at once. */
function drainingStandIn({ port }: { readonly port: number }): ProcessCommand {
  return {
    command: process.execPath,
    args: ['-e', `let n = 0; process.on('SIGTERM', () => { if (++n === 2) process.exit(0); }); require('node:http').createServer((req, res) => res.end('ok')).listen(${port}, '127.0.0.1')`],
    env: process.env,
  };
}

/** Another program on a loopback port that answers every HTTP request 200 (what the auditor had on the front port). */
async function squatter(): Promise<Server> {
  const server = createServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** The pids of this process's children named `name` (from /proc). */
function childrenNamed(name: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [, comm, rest] = /^\d+ \((.*)\) (.*)$/s.exec(stat) ?? [];
        return comm === name && Number(rest?.split(' ')[1]) === process.pid ? [Number(pid)] : [];
      } catch {
        return [];
      }
    });
}

describe('a cluster\'s start and its processes\' exits (docs/operations.md "A cluster")', () => {
  let blocker: Server | undefined;
  let cluster: Cluster | undefined;
  beforeAll(buildServer, 120_000);
  afterEach(async () => {
    await cluster?.stop();
    await new Promise((resolve) => (blocker === undefined ? resolve(undefined) : blocker.close(resolve)));
    cluster = blocker = undefined;
  });

  it('refuses a front port already in use, before starting anything', async () => {
    blocker = await squatter();
    const port = (blocker.address() as AddressInfo).port;
    let started = 0;
    const start = startCluster({ processes: 1, port, command: (slot) => (started++, standIn(slot)), output: () => undefined });
    await expect(start).rejects.toThrow(`port ${port} is in use on 127.0.0.1`);
    expect(started).toBe(0);
  });

  it('npm run cluster\'s program: a front port in use is "cluster: <why>" on stderr, exit 1, nothing on stdout', async () => {
    blocker = await squatter();
    const port = (blocker.address() as AddressInfo).port;
    const child = spawn(process.execPath, [MAIN, '--processes', '1', '--port', String(port)], {
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', REDIS_URL: 'redis://127.0.0.1:1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect({ status, stdout, stderr }).toEqual({ status: 1, stdout: '', stderr: `cluster: port ${port} is in use on 127.0.0.1: stop what listens there or choose another --port\n` });
  });

  it.skipIf(!nginxHere())('reports a process or nginx that exits by itself, not those it stops', async () => {
    const exits: ClusterExit[] = [];
    cluster = await startCluster({ processes: 3, command: standIn, output: () => undefined, onExit: (exit) => exits.push(exit) });
    const [first, second] = cluster.processes();
    process.kill(first.pid, 'SIGKILL');
    await expect.poll(() => exits).toEqual([{ what: 'process', name: 'p1', port: first.port, pid: first.pid, why: 'SIGKILL' }]);
    // The survivors still answer through the front.
    expect((await fetch(`${cluster.url}/livez`)).status).toBe(200);
    await cluster.kill(1);
    expect(cluster.processes().map(({ pid }) => pid)).not.toContain(second.pid);
    const [nginx] = childrenNamed('nginx');
    expect(nginx).toBeDefined();
    // SIGTERM (someone's `nginx -s stop`): its master stops its worker too (after a SIGKILL the worker would be left).
    process.kill(nginx, 'SIGTERM');
    await expect.poll(() => exits.length).toBe(2);
    expect(exits[1]).toEqual({ what: 'nginx', why: expect.stringMatching(/^(0|SIGTERM)$/) });
  });

  it.skipIf(!nginxHere())('leaves nothing on the front port when nginx\'s master is killed (its worker used to keep it)', async () => {
    const exits: ClusterExit[] = [];
    cluster = await startCluster({ processes: 1, command: standIn, output: () => undefined, onExit: (exit) => exits.push(exit) });
    const [nginx] = childrenNamed('nginx');
    expect(nginx).toBeDefined();
    expect((await fetch(`${cluster.url}/livez`)).status).toBe(200);
    process.kill(nginx, 'SIGKILL');
    await expect.poll(() => exits).toEqual([{ what: 'nginx', why: 'SIGKILL' }]);
    const url = cluster.url;
    await expect.poll(() => fetch(`${url}/livez`).then(() => 'answered', () => 'refused'), { timeout: 5_000 }).toBe('refused');
  });

  it('npm run cluster\'s program: an unknown option is one line "cluster: <why>" and exit 2, not a stack', async () => {
    const child = spawn(process.execPath, [MAIN, '--bogus'], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect({ status, stdout }).toEqual({ status: 2, stdout: '' });
    expect(stderr).toMatch(/^cluster: Unknown option '--bogus'.*\(usage: DATABASE_URL=postgres:\/\/… REDIS_URL=redis:\/\/… npm run cluster -- \[--processes N \(3\)\] \[--port P\]\)\n$/);
  });

  it('npm run cluster\'s program: --help prints the usage and exits 0', async () => {
    let stdout = '';
    let status: number | undefined;
    await clusterMain({
      argv: ['--help'],
      env: {},
      stdout: (text) => void (stdout += text),
      stderr: () => undefined,
      exit: (code) => void (status = code),
      signals: new EventEmitter(),
    });
    expect({ status, stdout }).toEqual({ status: 0, stdout: 'usage: DATABASE_URL=postgres://… REDIS_URL=redis://… npm run cluster -- [--processes N (3)] [--port P]\n' });
  });

  it('npm run cluster\'s program: a bad --processes or --port is one line "cluster: <why>" and exit 2', async () => {
    // A tester's: `--processes 0` printed the usage line alone, not why.
    for (const [argv, why] of [
      [['--processes', '0'], "--processes must be a whole number from 1, got '0'"],
      [['--port', '70000'], "--port must be a whole number from 1 to 65535, got '70000'"],
    ] as const) {
      let stderr = '';
      let status: number | undefined;
      await clusterMain({ argv, env: {}, stdout: () => undefined, stderr: (text) => void (stderr += text), exit: (code) => void (status = code), signals: new EventEmitter() });
      expect({ status, stderr }).toEqual({ status: 2, stderr: `cluster: ${why} (usage: DATABASE_URL=postgres://… REDIS_URL=redis://… npm run cluster -- [--processes N (3)] [--port P])\n` });
    }
  });

  it.skipIf(!nginxHere())('npm run cluster\'s program passes a second SIGTERM on to the processes, which stop at once', async () => {
    const signals = new EventEmitter();
    let status: number | undefined;
    let stdout = '';
    await clusterMain({
      argv: ['--processes', '2'],
      env: { DATABASE_URL: 'postgres://unused', REDIS_URL: 'redis://unused' },
      stdout: (text) => void (stdout += text),
      stderr: () => undefined,
      exit: (code) => void (status = code),
      signals,
      start: async (options) => (cluster = await startCluster({ ...options, command: drainingStandIn, output: () => undefined })),
    });
    // Each process named as the front's path to it (an operator restarting one by hand needs its /pN).
    expect((JSON.parse(stdout) as { processes: { name: string }[] }).processes.map((p) => p.name)).toEqual(['p1', 'p2']);
    signals.emit('SIGTERM');
    // The first signal: the processes drain (here, until their second signal).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(status).toBeUndefined();
    expect(cluster?.processes()).toHaveLength(2);
    signals.emit('SIGTERM');
    // Without it passed on, the stop would wait for the 60 s SIGKILL.
    await expect.poll(() => status, { timeout: 5_000 }).toBe(0);
    expect(cluster?.processes()).toEqual([]);
  });
});
