/**
 * Which database a command that opens the ledger uses (`paigow serve`, `audit`, `rounds`; docs/operations.md
 * "Settings"): a flag overrides the environment, and the flag names the kind of database as well as where it is.
 * `--data-dir` is SQLite in that folder whatever `DATABASE_URL` says (an operator checking a backup with
 * `paigow audit --data-dir /tmp/check` on a host whose environment names PostgreSQL was shown the live database's
 * audit); `--database-url` is PostgreSQL.
 */
import { UsageError } from './io.js';

/** Where the ledger is: PostgreSQL at `databaseUrl`, else SQLite in `dataDir` (the server's default when unset). */
export interface DatabaseChoice {
  readonly databaseUrl?: string;
  readonly dataDir?: string;
}

/**
 * The database of `flags` (`--data-dir`, `--database-url`), else of `env` (`DATABASE_URL`, `PAIGOW_DATA_DIR`).
 * @throws UsageError (exit status 2) when both flags are given: they name two databases
 */
export function chooseDatabase(flags: DatabaseChoice, env: DatabaseChoice): DatabaseChoice {
  if (flags.dataDir !== undefined && flags.databaseUrl !== undefined) {
    throw new UsageError('--data-dir (SQLite) and --database-url (PostgreSQL) name two databases: give one');
  }
  if (flags.databaseUrl !== undefined) return { databaseUrl: flags.databaseUrl };
  if (flags.dataDir !== undefined) return { dataDir: flags.dataDir };
  return env;
}
