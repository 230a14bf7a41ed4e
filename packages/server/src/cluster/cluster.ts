/**
 * A cluster on loopback (docs/operations.md "A cluster"; issue 13 point 1): nginx in front
 * (`standaloneNginxConfig`, in the foreground, its files in a temporary folder) and N server processes
 * on 127.0.0.1, each with its public address `127.0.0.1:<front port>/p<i>`. Used by `npm run cluster`, the
 * cluster tests and the cluster benchmark. The processes share the database and Redis of the environment
 * they are given (`DATABASE_URL`, `REDIS_URL`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDENTITY_PATH, standaloneNginxConfig } from './nginx-config.js';

/** How to start one process: the command, its arguments and its environment. */
export interface ProcessCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
}

/** What `startCluster` needs. */
export interface ClusterOptions {
  /** How many server processes. */
  readonly processes: number;
  /** The front port (default: a free one). */
  readonly port?: number;
  /**
   * The command of process `name` (`p1`, `p2`, …) on loopback `port` with public address `publicAddress`
   * (default `paigowServe`).
   */
  readonly command?: (process: { readonly name: string; readonly port: number; readonly publicAddress: string }) => ProcessCommand;
  /** Where the processes' stdout and stderr go (default: this process's stderr). */
  readonly output?: (name: string, chunk: Buffer) => void;
  /** How long a process may take to answer `/readyz` 200, ms (default 60,000). */
  readonly readyTimeoutMs?: number;
  /** The nginx binary (default `nginx`, from Debian's package). */
  readonly nginx?: string;
  /**
   * Called when nginx or a server process exits after the start without being asked to (by `kill`,
   * `restart` or `stop`). The cluster does nothing more by itself: the surviving processes keep serving.
   */
  readonly onExit?: (exit: ClusterExit) => void;
}

/** An exit nobody asked for: nginx's, or a server process's; `why` is the exit code or the signal. */
export type ClusterExit = { readonly what: 'nginx'; readonly why: string } | { readonly what: 'process'; readonly name: string; readonly port: number; readonly pid: number; readonly why: string };

/** One running server process. */
export interface ClusterProcess {
  readonly name: string;
  readonly port: number;
  readonly pid: number;
}

/** A running cluster. */
export interface Cluster {
  /** The front address, `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** The server processes now (a restarted one has a new pid). */
  processes(): ClusterProcess[];
  /** `kill -9` of process `index` (0-based). */
  kill(index: number): Promise<void>;
  /** SIGTERM to process `index` (it drains: its tables move first), then the same process started again. */
  restart(index: number): Promise<ClusterProcess>;
  /** SIGTERM to every process (they drain), then nginx. */
  stop(): Promise<void>;
  /** Sends `signal` to every server process still running, those being stopped included (a second SIGTERM: they stop at once). */
  signal(signal: NodeJS.Signals): void;
}

const ROOT = new URL('../../../../', import.meta.url);

/** `paigow serve --host 127.0.0.1 --port <port>` with `PAIGOW_PUBLIC_ADDRESS`, in this process's environment. */
export function paigowServe({ port, publicAddress }: { readonly port: number; readonly publicAddress: string }): ProcessCommand {
  return {
    command: process.execPath,
    args: [new URL('packages/cli/bin/paigow.js', ROOT).pathname, 'serve', '--host', '127.0.0.1', '--port', String(port)],
    env: { ...process.env, PAIGOW_PUBLIC_ADDRESS: publicAddress },
  };
}

/** `count` free loopback ports (bound together, then released). */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise<import('node:net').Server>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(server));
    })),
  );
  const ports = servers.map((server) => (server.address() as import('node:net').AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * Throws when something listens on 127.0.0.1:`port` already (nginx would fail to bind it, and the
 * readiness probe would be answered by that program).
 * @throws Error naming the port
 */
async function checkPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'EADDRINUSE' ? `port ${port} is in use on 127.0.0.1: stop what listens there or choose another --port` : `port ${port} cannot be used on 127.0.0.1 (${error.message})`)),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

/**
 * Resolves once `url` answers 200 (with the body `body` when given), or rejects after `timeoutMs` or when
 * `failed` settles first.
 */
async function answers(url: string, timeoutMs: number, failed: Promise<string>, body?: string): Promise<void> {
  let failure: string | null = null;
  void failed.then((why) => (failure = why));
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (failure !== null) throw new Error(failure);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200 && (body === undefined || (await response.text()) === body)) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200${body === undefined ? '' : ' from this cluster'} within ${timeoutMs} ms`);
}

/** A child's exit as a promise of a sentence. */
function exitOf(child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(`${what} exited (${signal ?? code})`)));
}

/** Whether `child` has exited already. */
function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Calls `report` with `child`'s exit code or signal once it exits (at once if it has exited already). */
function whenExited(child: ChildProcess, report: (why: string) => void): void {
  if (exited(child)) report(String(child.signalCode ?? child.exitCode));
  else child.once('exit', (code, signal) => report(String(signal ?? code)));
}

/**
 * Starts nginx and `options.processes` server processes; resolves once every process answers `/readyz`
 * 200 and this cluster's nginx answers on the front port (`NginxSite.identity`) and `/livez`.
 * @throws Error when the front port is in use, or a process or nginx exits or does not answer in time (what
 *   was started is stopped)
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!Number.isInteger(options.processes) || options.processes < 1) throw new Error(`--processes must be a whole number ≥ 1, got ${options.processes}`);
  if (options.port !== undefined) await checkPortFree(options.port);
  const ports = await freePorts(options.processes + (options.port === undefined ? 1 : 0));
  const frontPort = options.port ?? (ports.pop() as number);
  const command = options.command ?? paigowServe;
  const output = options.output ?? ((_name: string, chunk: Buffer) => process.stderr.write(chunk));
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const slots = ports.map((port, index) => ({ name: `p${index + 1}`, port, publicAddress: `127.0.0.1:${frontPort}/p${index + 1}` }));
  const children: (ChildProcess | null)[] = slots.map(() => null);
  const dir = mkdtempSync(join(tmpdir(), 'paigow-cluster-'));
  let nginx: ChildProcess | null = null;
  // The children this cluster stopped or is stopping (their exits are not reported to `onExit`).
  const stopped = new WeakSet<ChildProcess>();

  const launch = async (index: number): Promise<ClusterProcess> => {
    const slot = slots[index];
    const { command: file, args, env } = command(slot);
    const child = spawn(file, [...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    // The end of its output, for the error when it exits before it is ready.
    let tail = '';
    const take = (chunk: Buffer): void => {
      output(slot.name, chunk);
      tail = (tail + chunk.toString()).slice(-2_000);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    children[index] = child;
    const failed = exitOf(child, `process ${slot.name}`).then((why) => `${why}: ${tail.trim()}`);
    await answers(`http://127.0.0.1:${slot.port}/readyz`, readyTimeoutMs, failed);
    const pid = child.pid as number;
    whenExited(child, (why) => {
      if (!stopped.has(child)) options.onExit?.({ what: 'process', name: slot.name, port: slot.port, pid, why });
    });
    return { name: slot.name, port: slot.port, pid };
  };

  /**
   * Ends what is left of nginx's process group: a master killed by a signal leaves its worker running, and
   * holding the front port (an operator found `curl` answered 502 there after the cluster had stopped).
   */
  const endGroup = (front: ChildProcess): void => {
    try {
      process.kill(-(front.pid as number), 'SIGKILL');
    } catch {
      // Nobody left in the group (ESRCH).
    }
  };

  /** Sends `signal` and waits for the exit; SIGKILL if it has not exited 60 s later. */
  const stopChild = async (child: ChildProcess | null, signal: NodeJS.Signals): Promise<void> => {
    if (child === null) return;
    stopped.add(child);
    if (exited(child)) return;
    const exit = exitOf(child, 'child');
    child.kill(signal);
    const late = setTimeout(() => child.kill('SIGKILL'), 60_000);
    await exit;
    clearTimeout(late);
  };

  const stop = async (): Promise<void> => {
    await Promise.all(children.map((child) => stopChild(child, 'SIGTERM')));
    // SIGTERM: nginx's fast stop (SIGQUIT would wait for the table WebSockets to close).
    await stopChild(nginx, 'SIGTERM');
    if (nginx !== null) endGroup(nginx);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await Promise.all(slots.map((_slot, index) => launch(index)));
    const config = join(dir, 'nginx.conf');
    const identity = randomBytes(16).toString('hex');
    writeFileSync(config, standaloneNginxConfig({ listen: `127.0.0.1:${frontPort}`, processes: slots, identity }, dir, process.getuid?.() === 0));
    // Its own process group (`detached`), so that what its master leaves behind can be ended (`endGroup`).
    const front = spawn(options.nginx ?? 'nginx', ['-c', config, '-p', dir, '-e', join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    nginx = front;
    front.stderr?.on('data', (chunk: Buffer) => output('nginx', chunk));
    const nginxFailed = new Promise<string>((resolve) => {
      front.once('error', (error) => resolve(`nginx did not start (${error.message}; apt-get install -y nginx)`));
      void exitOf(front, 'nginx').then(resolve);
    });
    // Its own answer first: another program on the front port would answer /livez too.
    await answers(`http://127.0.0.1:${frontPort}${IDENTITY_PATH}`, readyTimeoutMs, nginxFailed, identity);
    await answers(`http://127.0.0.1:${frontPort}/livez`, readyTimeoutMs, nginxFailed);
    whenExited(front, (why) => {
      endGroup(front);
      if (!stopped.has(front)) options.onExit?.({ what: 'nginx', why });
    });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: `http://127.0.0.1:${frontPort}`,
    processes: () =>
      children.flatMap((child, index) => (child === null || exited(child) ? [] : [{ name: slots[index].name, port: slots[index].port, pid: child.pid as number }])),
    async kill(index) {
      await stopChild(children[index], 'SIGKILL');
    },
    async restart(index) {
      await stopChild(children[index], 'SIGTERM');
      return launch(index);
    },
    stop,
    signal(signal) {
      for (const child of children) if (child !== null && !exited(child)) child.kill(signal);
    },
  };
}
