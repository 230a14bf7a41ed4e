/**
 * `npm run soak -- cluster [--seconds N] [--starts P]` (docs/operations.md "Soak"; issue 13 point 8): the
 * cluster soak (`clusterSoak`: P processes started at once, default 20; then three processes with players
 * through nginx, a rolling restart, a Redis cut, the ledger checked) on `DATABASE_URL` (default
 * `postgres://root@127.0.0.1:5432/test`, its own schemas, dropped after) and `REDIS_URL` (default
 * `redis://127.0.0.1:6379`, its own prefixes). N seconds of play (default 60) besides the starts and the
 * checks; the whole run is bounded by N + 1,200 s. Prints one JSON line (`ClusterSoakSummary`) and exits 0
 * when every check passed, 1 otherwise, 2 on a wrong command line; a line on stderr as each part begins.
 */
import { parseArgs } from 'node:util';
import { clusterSoak } from './soak.js';

const usage = 'usage: npm run soak -- cluster [--seconds N] [--starts P]\n';
const OPTIONS = { seconds: { type: 'string', default: '60' }, starts: { type: 'string', default: '20' } } as const;
let values: { seconds: string; starts: string };
let positionals: string[];
try {
  ({ values, positionals } = parseArgs({ allowPositionals: true, options: OPTIONS }));
} catch (error) {
  process.stderr.write(`soak: ${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exit(2);
}
const seconds = Number(values.seconds);
const starts = Number(values.starts);
if (positionals.join(' ') !== 'cluster' || !Number.isInteger(seconds) || seconds < 1 || !Number.isInteger(starts) || starts < 1) {
  process.stderr.write(`soak: ${usage}`);
  process.exit(2);
}
const watchdog = setTimeout(() => {
  process.stdout.write(`${JSON.stringify({ ok: false, failures: [`the soak did not finish within ${seconds + 1_200} s`] })}\n`);
  process.exit(1);
}, (seconds + 1_200) * 1000);
watchdog.unref();
const summary = await clusterSoak({
  databaseUrl: process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test',
  redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  seconds,
  starts,
  progress: (line) => process.stderr.write(`soak: ${line}\n`),
});
process.stdout.write(`${JSON.stringify(summary)}\n`);
process.exit(summary.ok ? 0 : 1);
