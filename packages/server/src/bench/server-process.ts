/**
 * A server in a child process, for the benchmark (so that its figures measure the server, not the
 * clients' decoding) and for the tests of several processes on one database (docs/server.md
 * "Processes, leases and recovery"; the cluster tests): `node server-process.js '<json options>'` starts a
 * server on loopback (a free port unless `port` is given) with the given tables, storage, lease and Redis, prints one JSON line
 * `{"port", "instanceId", "recovery": {"settled", "refunded"}}`, and on SIGTERM drains then closes, as
 * `paigow serve` does (docs/server.md "Drain"; a second SIGTERM closes at once).
 */
import type { StartServerOptions } from '../server.js';
import { startServer } from '../server.js';
import { stopOnSignals } from '../table/drain.js';

const options = JSON.parse(process.argv[2] ?? '{}') as Pick<
  StartServerOptions,
  'tables' | 'grades' | 'dataDir' | 'databaseUrl' | 'databaseSchema' | 'databasePoolSize' | 'ledgerThread' | 'databaseConnectTimeoutMs' | 'lease' | 'drainMs' | 'limits' | 'admission' | 'port' | 'redisUrl' | 'redisPrefix' | 'publicAddress' | 'hostingSweepMs' | 'maxEventLoopLagMs'
>;
// Silent unless LOG_LEVEL is set (then the server's problems go to its structured log on stderr).
const server = await startServer({ ...options, port: options.port ?? 0, host: '127.0.0.1', ...(process.env.LOG_LEVEL ? {} : { log: () => undefined }) });
stopOnSignals(server);
// The line last: a parent that stops the server as soon as it reads it must find the handler in place.
process.stdout.write(`${JSON.stringify({ port: server.port, instanceId: server.instanceId, recovery: server.recovery })}\n`);
