/**
 * `npm run cluster -- --processes N [--port P]` (docs/operations.md "A cluster"): nginx on 127.0.0.1:P
 * (default: a free port) in front of N `paigow serve` processes on loopback, all in this environment
 * (`DATABASE_URL` and `REDIS_URL` are needed: the processes share them). Prints one JSON line on stdout
 * once every process is ready, `{"url","processes":[{"pid","port"}…]}`; SIGTERM or SIGINT stops them all
 * (the processes drain first) and exits 0. A start that fails prints `cluster: <why>` and exits 1.
 */
import { parseArgs } from 'node:util';
import { startCluster } from './cluster.js';

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
try {
  const cluster = await startCluster({ processes, port });
  let stopping = false;
  const onSignal = (): void => {
    if (stopping) return;
    stopping = true;
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  process.stdout.write(`${JSON.stringify({ url: cluster.url, processes: cluster.processes().map(({ pid, port: p }) => ({ pid, port: p })) })}\n`);
} catch (error) {
  process.stderr.write(`cluster: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
