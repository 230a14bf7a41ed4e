/**
 * The program of `npm run cluster -- --processes N [--port P]` (`main.ts`; docs/operations.md "A cluster"):
 * nginx on 127.0.0.1:P (default: a free port) in front of N `paigow serve` processes on loopback, all in this
 * environment (`DATABASE_URL` and `REDIS_URL` are needed: the processes share them). Prints one JSON line on
 * stdout once every process is ready, `{"url","processes":[{"pid","port","name"}…]}` (`name`: `p1`, `p2`, …, the front's
 * path to that process); SIGTERM or SIGINT stops them
 * all (the processes drain first) and exits 0, and a second signal is passed on to the processes (each stops
 * at once on its second one). A start that fails (the front port in use, a process that does not start)
 * prints `cluster: <why>` on stderr and exits 1; a wrong command line prints `cluster: <why>` and exits 2.
 * Afterwards, a server process that exits by itself is reported in one line on stderr and the others keep
 * serving (its tables move to them); if nginx exits, it is reported, everything is stopped and the exit
 * status is 1.
 */
import { parseArgs } from 'node:util';
import { startCluster, type Cluster, type ClusterExit, type ClusterOptions } from './cluster.js';

/** What the program works with (`main.ts` gives it the process's own). */
export interface ClusterMainIo {
  readonly argv: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Ends the program with `status` (the program does nothing more after calling it). */
  readonly exit: (status: number) => void;
  /** Where SIGTERM and SIGINT are heard (the process). */
  readonly signals: { on(signal: 'SIGTERM' | 'SIGINT', listener: () => void): unknown };
  /** Starts the cluster (default `startCluster`). */
  readonly start?: (options: ClusterOptions) => Promise<Cluster>;
}

const USAGE = 'usage: DATABASE_URL=postgres://… REDIS_URL=redis://… npm run cluster -- [--processes N (3)] [--port P]';

/** Runs the program; returns once the cluster is started (or the program has exited). */
export async function clusterMain(io: ClusterMainIo): Promise<void> {
  let values: { processes?: string; port?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ args: [...io.argv], options: { processes: { type: 'string', default: '3' }, port: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    // An unknown option or a stray argument: one line, not a stack.
    io.stderr(`cluster: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]} (${USAGE})\n`);
    return io.exit(2);
  }
  // An operator's `--help` was refused as an unknown option (exit 2).
  if (values.help === true) {
    io.stdout(`${USAGE}\n`);
    return io.exit(0);
  }
  const processes = Number(values.processes);
  const port = values.port === undefined ? undefined : Number(values.port);
  // Why, then the usage, as for an unknown option (`--processes 0` printed the usage alone).
  const why =
    !Number.isInteger(processes) || processes < 1
      ? `--processes must be a whole number from 1, got '${values.processes}'`
      : port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65_535)
        ? `--port must be a whole number from 1 to 65535, got '${values.port}'`
        : null;
  if (why !== null) {
    io.stderr(`cluster: ${why} (${USAGE})\n`);
    return io.exit(2);
  }
  if (!io.env.DATABASE_URL || !io.env.REDIS_URL) {
    io.stderr('cluster: set DATABASE_URL (PostgreSQL) and REDIS_URL: the processes share them\n');
    return io.exit(2);
  }
  let stopping = false;
  let started: Cluster | undefined;
  /** Stops the cluster and exits with `status`; called again while stopping, passes the signal on to the processes. */
  const stopAndExit = (cluster: Cluster, status: number): void => {
    if (stopping) {
      cluster.signal('SIGTERM');
      return;
    }
    stopping = true;
    void cluster.stop().then(() => io.exit(status));
  };
  // A signal during the start is kept until the start is over (the default action would leave the processes
  // already started running, without their parent).
  let signals = 0;
  const onSignal = (): void => {
    signals += 1;
    if (started !== undefined) stopAndExit(started, 0);
  };
  io.signals.on('SIGTERM', onSignal);
  io.signals.on('SIGINT', onSignal);
  let nginxExited = false;
  const onExit = (exit: ClusterExit): void => {
    if (stopping) return;
    if (exit.what === 'process') {
      io.stderr(`cluster: process ${exit.pid} on port ${exit.port} exited (${exit.why})\n`);
      return;
    }
    io.stderr(`cluster: nginx exited (${exit.why}); stopping the processes\n`);
    nginxExited = true;
    if (started !== undefined) stopAndExit(started, 1);
  };
  try {
    started = await (io.start ?? startCluster)({ processes, port, onExit });
  } catch (error) {
    io.stderr(`cluster: ${error instanceof Error ? error.message : String(error)}\n`);
    return io.exit(1);
  }
  if (nginxExited || signals > 0) {
    stopAndExit(started, nginxExited ? 1 : 0);
    // Two signals during the start: the second is passed on too.
    if (signals > 1) stopAndExit(started, 0);
  } else io.stdout(`${JSON.stringify({ url: started.url, processes: started.processes().map(({ pid, port: p, name }) => ({ pid, port: p, name })) })}\n`);
}
