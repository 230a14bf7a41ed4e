/**
 * The benchmark's server process: `node server-process.js '<json options>'` starts a server on a
 * free loopback port with the given tables and storage, prints `{"port": n}` on one line, and
 * closes cleanly on SIGTERM. Separate from the clients' process so that the figures measure the
 * server, not the clients' decoding.
 */
import type { StartServerOptions } from '../server.js';
import { startServer } from '../server.js';

const options = JSON.parse(process.argv[2] ?? '{}') as Pick<StartServerOptions, 'tables' | 'dataDir' | 'databaseUrl' | 'databaseSchema'>;
const server = await startServer({ ...options, port: 0, host: '127.0.0.1', log: () => undefined });
process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
process.once('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
