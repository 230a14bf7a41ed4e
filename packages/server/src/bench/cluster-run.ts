/**
 * `node packages/server/dist/bench/cluster-run.js [--processes 1,2,3] [--players 500,1000] [--seconds S] [--ledger-thread]`: runs
 * `benchCluster` for every pair of process count and player count (default 1, 2, 3 × 500, 1,000; 30 s each)
 * (with `--ledger-thread`, each process's ledger on a worker thread: docs/server.md "The ledger thread") and prints one JSON line per run (`ClusterBenchResult`, or `{processes, clients, error}` for a run that failed). Needs `DATABASE_URL` (PostgreSQL), `REDIS_URL`
 * and nginx, as `npm run cluster` does.
 */
import { parseArgs } from 'node:util';
import { benchCluster } from './cluster.js';

const { values } = parseArgs({
  options: { processes: { type: 'string', default: '1,2,3' }, players: { type: 'string', default: '500,1000' }, seconds: { type: 'string', default: '30' }, 'ledger-thread': { type: 'boolean', default: false } },
});
const list = (text: string): number[] => text.split(',').map(Number);
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!databaseUrl || !redisUrl) {
  process.stderr.write('cluster bench: set DATABASE_URL (PostgreSQL) and REDIS_URL\n');
  process.exit(2);
}
for (const processes of list(values.processes)) {
  for (const clients of list(values.players)) {
    try {
      const result = await benchCluster({ processes, clients, seconds: Number(values.seconds), databaseUrl, redisUrl, ledgerThread: values['ledger-thread'] });
      process.stdout.write(`${JSON.stringify(result)}\n`);
    } catch (error) {
      // One failed run (e.g. a player that waited 60 s on a machine too loaded) does not stop the others.
      process.stdout.write(`${JSON.stringify({ processes, clients, error: error instanceof Error ? error.message : String(error) })}\n`);
    }
  }
}
process.exit(0);
