/**
 * `npm run cluster -- --processes N [--port P]` (docs/operations.md "A cluster"): nginx on 127.0.0.1:P
 * (default: a free port) in front of N `paigow serve` processes on loopback, all in this environment
 * (`DATABASE_URL` and `REDIS_URL` are needed: the processes share them). Prints one JSON line on stdout
 * once every process is ready, `{"url","processes":[{"pid","port"}…]}`; SIGTERM or SIGINT stops them all
 * (the processes drain first) and exits 0. A start that fails (the front port in use, a process that does
 * not start) prints `cluster: <why>` on stderr and exits 1. Afterwards, a server process that exits by
 * itself is reported in one line on stderr and the others keep serving (its tables move to them); if nginx
 * exits, it is reported, everything is stopped and the exit status is 1.
 */
import { parseArgs } from 'node:util';
import { startCluster, type Cluster, type ClusterExit } from './cluster.js';

const { values } = parseArgs({ options: { processes: { type: 'string', default: '3' }, port: { type: 'string' } } });
const processes = Number(values.processes);
const port = values.port === undefined ? undefined : Number(values.port);
if (!Number.isInteger(processes) || processes < 1 || (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65_535))) {
  process.stderr.write('cluster: usage: npm run cluster -- --processes N [--port P]\n');
  process.exit(2);
}
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  process.stderr.write('cluster: set DATABASE_URL (PostgreSQL) and REDIS_URL: the processes share them\n');
  process.exit(2);
}
let stopping = false;
let started: Cluster | undefined;
/** Stops the cluster (once) and exits with `status`. */
const stopAndExit = (cluster: Cluster, status: number): void => {
  if (stopping) return;
  stopping = true;
  void cluster.stop().then(() => process.exit(status));
};
// A signal during the start is kept until the start is over (the default action would leave the processes
// already started running, without their parent).
let signalled = false;
const onSignal = (): void => {
  signalled = true;
  if (started !== undefined) stopAndExit(started, 0);
};
process.on('SIGTERM', onSignal);
process.on('SIGINT', onSignal);
let nginxExited = false;
const onExit = (exit: ClusterExit): void => {
  if (stopping) return;
  if (exit.what === 'process') {
    process.stderr.write(`cluster: process ${exit.pid} on port ${exit.port} exited (${exit.why})\n`);
    return;
  }
  process.stderr.write(`cluster: nginx exited (${exit.why}); stopping the processes\n`);
  nginxExited = true;
  if (started !== undefined) stopAndExit(started, 1);
};
try {
  started = await startCluster({ processes, port, onExit });
} catch (error) {
  process.stderr.write(`cluster: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
if (nginxExited) stopAndExit(started, 1);
else if (signalled) stopAndExit(started, 0);
else process.stdout.write(`${JSON.stringify({ url: started.url, processes: started.processes().map(({ pid, port: p }) => ({ pid, port: p })) })}\n`);
