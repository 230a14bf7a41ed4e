/**
 * `paigow serve` (interfaces.md): starts the game server (same as `npm start`): the table rooms,
 * the HTTP API and the web client on one port. Environment: `PORT` (default 2567),
 * `PAIGOW_DATA_DIR` (default `./data`), `DATABASE_URL` (PostgreSQL instead of SQLite), `REDIS_URL`
 * (optional scale-out); the options override them. Stops cleanly on SIGINT/SIGTERM.
 */

import type { Command } from 'commander';
import { UsageError } from '../io.js';

interface ServeOptions {
  port?: string;
  dataDir?: string;
  databaseUrl?: string;
  host?: string;
}

/** Registers `paigow serve` on the program. */
export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('start the game server (web client, HTTP API and table rooms on one port)')
    .option('--port <port>', 'TCP port (default: $PORT or 2567)')
    .option('--host <host>', 'interface to listen on (default: all)')
    .option('--data-dir <dir>', 'folder of the SQLite database (default: $PAIGOW_DATA_DIR or ./data)')
    .option('--database-url <url>', 'PostgreSQL URL instead of SQLite (default: $DATABASE_URL)')
    .action(async (options: ServeOptions) => {
      // Loaded here so that the other commands never load the server.
      const { serverOptionsFromEnv, startServer } = await import('@paigow/server');
      let fromEnv;
      try {
        fromEnv = serverOptionsFromEnv({ ...process.env, ...(options.port !== undefined ? { PORT: options.port } : {}) });
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      const server = await startServer({
        ...fromEnv,
        host: options.host,
        dataDir: options.dataDir ?? fromEnv.dataDir,
        databaseUrl: options.databaseUrl ?? fromEnv.databaseUrl,
      });
      process.stdout.write(`paigow: serving at http://localhost:${server.port}\n`);
      const stop = (): void => {
        server.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
