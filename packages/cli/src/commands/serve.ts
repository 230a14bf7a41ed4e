/**
 * `paigow serve` (interfaces.md): starts the game server (same as `npm start`): the table rooms,
 * the HTTP API and the web client on one port. Environment: `PORT` (default 2567; 0 picks a free
 * port), `PAIGOW_DATA_DIR` (default `./data`), `DATABASE_URL` (PostgreSQL instead of SQLite),
 * `REDIS_URL` (optional scale-out), `PAIGOW_DRAIN_MS`; the options override them (each variable is checked all
 * the same: a malformed `PORT` is refused, status 2, even with `--port`). The first SIGTERM or
 * SIGINT drains (bets refused, rounds in play finish, up to `PAIGOW_DRAIN_MS`) then exits 0; a second one
 * stops at once.
 *
 * Output: once it takes players, one line on stdout, `paigow: serving at http://<host>:<port>` (the
 * port actually bound: scripts read it, e.g. with PORT=0); with `--json`, one JSON document instead,
 * `{"url": "http://<host>:<port>", "port": <port>}`. A start that fails for a reason the
 * operator can fix (port in use, data folder, database unreachable) prints one line
 * `paigow: <problem>` on stderr and exits with status 1; bad options or settings (a database URL that is not
 * `postgres://`, a `PAIGOW_WEB_DIST` without `index.html`) exit with status 2.
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { chooseDatabase } from '../database-choice.js';
import { UsageError } from '../io.js';

/** Exit status of a start that failed (port in use, data folder, database): the options were fine. */
export const EXIT_START_FAILED = 1;

/** The address the server is reached at: `http://<host>:<port>`, `localhost` for every interface. */
function servingUrl(host: string | undefined, port: number): string {
  const shown = host === undefined || host === '' || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** The line printed on stdout once the server takes players (`--json`: one JSON document). */
export function servingLine(host: string | undefined, port: number, json = false): string {
  const url = servingUrl(host, port);
  return json ? JSON.stringify({ url, port }) : `paigow: serving at ${url}`;
}

interface ServeOptions {
  port?: string;
  dataDir?: string;
  databaseUrl?: string;
  host?: string;
  json?: boolean;
}

/** Registers `paigow serve` on the program. */
export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('start the game server (web client, HTTP API and table rooms on one port)')
    .option('--port <port>', 'TCP port (default: $PORT or 2567)')
    .option('--host <host>', 'interface to listen on (default: all)')
    .option('--data-dir <dir>', 'folder of the SQLite database, SQLite even if $DATABASE_URL is set (default: $PAIGOW_DATA_DIR or ./data)')
    .option('--database-url <url>', 'PostgreSQL URL instead of SQLite (default: $DATABASE_URL)')
    .option('--json', 'once it takes players, print {"url", "port"} as one JSON document instead of the line')
    .action(async (options: ServeOptions) => {
      // Loaded here so that the other commands never load the server.
      const { checkDatabaseUrl, portNumber, serverOptionsFromEnv, startServer, stopOnSignals, ServerStartError } = await import('@paigow/server');
      let fromEnv;
      try {
        // Every variable is checked, PORT too when --port replaces it: an operator's `PORT=1e3` went unheard behind --port.
        fromEnv = serverOptionsFromEnv();
        // A bad port is named as the operator gave it.
        if (options.port !== undefined) fromEnv = { ...fromEnv, port: portNumber(options.port, '--port') };
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      const { databaseUrl, dataDir } = chooseDatabase(options, fromEnv);
      if (databaseUrl !== undefined) {
        try {
          checkDatabaseUrl(databaseUrl);
        } catch (error) {
          throw new UsageError(`${options.databaseUrl !== undefined ? '--database-url' : 'DATABASE_URL'} ${(error as Error).message}`);
        }
      }
      // Unset, the server serves a page saying the client is not built; set, it names a folder the operator built.
      if (fromEnv.webDist !== undefined && !existsSync(join(fromEnv.webDist, 'index.html'))) {
        throw new UsageError(`PAIGOW_WEB_DIST must be the folder of the built web client (with index.html), got '${fromEnv.webDist}'`);
      }
      let server;
      try {
        server = await startServer({ ...fromEnv, host: options.host, dataDir, databaseUrl });
      } catch (error) {
        if (!(error instanceof ServerStartError)) throw error;
        process.stderr.write(`paigow: ${error.message}\n`);
        process.exit(EXIT_START_FAILED);
      }
      // The first SIGTERM/SIGINT drains (docs/server.md "Drain"), the second stops at once.
      stopOnSignals(server);
      // The line last: a script that stops the server as soon as it reads it must find the handlers in place.
      process.stdout.write(`${servingLine(options.host, server.port, options.json === true)}\n`);
    });
}
