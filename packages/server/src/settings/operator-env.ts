/**
 * The operator's settings from the environment (docs/operations.md "Settings"): the tables file, the
 * PostgreSQL pool, the ledger thread, the lease's timing, the overload threshold of `/readyz` and the log level.
 *
 * | variable | what | default |
 * |---|---|---|
 * | `PAIGOW_TABLES` | a tables file (settings/tables-file.ts) | the built-in tables (`DEFAULT_TABLES`) |
 * | `PAIGOW_DB_POOL_SIZE` | PostgreSQL connections per process, 1‥1000 (the ledger thread holds as many again) | 10 |
 * | `PAIGOW_LEDGER_THREAD` | `on`: the ledger on a worker thread with a connection of its own (docs/server.md "The ledger thread"); `off` | off |
 * | `PAIGOW_LEASE_MS` | a process whose lease is older is dead; its rounds are recovered, ms | 15,000 |
 * | `PAIGOW_LEASE_RENEW_MS` | how often the lease is renewed (and recovery runs), ms; below the lease | 5,000 |
 * | `PAIGOW_MAX_EVENT_LOOP_LAG_MS` | `/readyz` says overloaded above this event-loop delay, ms | 1,000 |
 * | `LOG_LEVEL` | trace, debug, info, warn, error, fatal, silent | info |
 */
import { DEFAULT_LEASE, type LeaseTiming } from '../lease/index.js';
import { createLogger, logLevelFromEnv, type Logger } from '../log/index.js';
import { loadTablesFile } from './tables-file.js';
import { settingText, wholeSetting } from './values.js';
import type { TableConfigInput } from '@paigow/engine';

/** What `operatorSettingsFromEnv` reads; every field is absent when its variable is unset. */
export interface OperatorSettings {
  readonly tables?: readonly TableConfigInput[];
  readonly databasePoolSize?: number;
  readonly ledgerThread?: boolean;
  readonly lease?: Partial<LeaseTiming>;
  readonly maxEventLoopLagMs?: number;
  /** A logger at `LOG_LEVEL` on stderr. */
  readonly logger: Logger;
}

/**
 * The lease's timing from `PAIGOW_LEASE_MS` and `PAIGOW_LEASE_RENEW_MS` (only the variables set; the rest
 * is `DEFAULT_LEASE`'s).
 * @throws Error (one line naming the variable) for an empty or malformed number (`wholeSetting`) or a renewal not shorter than the lease
 */
export function leaseFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<LeaseTiming> | undefined {
  const leaseMs = wholeSetting(env, 'PAIGOW_LEASE_MS', 1_000, 3_600_000, 'ms');
  const heartbeatMs = wholeSetting(env, 'PAIGOW_LEASE_RENEW_MS', 100, 3_600_000, 'ms');
  if (leaseMs === undefined && heartbeatMs === undefined) return undefined;
  const lease = leaseMs ?? DEFAULT_LEASE.leaseMs;
  const renew = heartbeatMs ?? DEFAULT_LEASE.heartbeatMs;
  if (renew >= lease) throw new Error(`PAIGOW_LEASE_RENEW_MS (${renew}) must be shorter than PAIGOW_LEASE_MS (${lease})`);
  return { ...(leaseMs === undefined ? {} : { leaseMs }), ...(heartbeatMs === undefined ? {} : { heartbeatMs }) };
}

/**
 * `PAIGOW_LEDGER_THREAD`: `on` true, `off` false, unset undefined.
 * @throws Error (one line naming the variable) for any other value (`ON`, ` on`: one spelling, as a number's)
 */
export function ledgerThreadFromEnv(env: NodeJS.ProcessEnv = process.env): boolean | undefined {
  const text = settingText(env, 'PAIGOW_LEDGER_THREAD');
  if (text === undefined) return undefined;
  if (text === 'on' || text === 'off') return text === 'on';
  throw new Error(`PAIGOW_LEDGER_THREAD must be on or off, not '${text}'`);
}

/**
 * Reads the operator's settings (table above).
 * @throws Error (one line naming the variable) for an empty setting, a malformed number, a renewal not shorter than the
 *   lease, `PAIGOW_LEDGER_THREAD` neither on nor off, or an unknown `LOG_LEVEL`; `TablesFileError` for a tables file that cannot be used
 */
export function operatorSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): OperatorSettings {
  settingText(env, 'LOG_LEVEL'); // empty is refused, not the default (settings/values.ts)
  const logger = createLogger({ level: logLevelFromEnv(env) });
  const databasePoolSize = wholeSetting(env, 'PAIGOW_DB_POOL_SIZE', 1, 1_000, 'connections');
  const ledgerThread = ledgerThreadFromEnv(env);
  const lease = leaseFromEnv(env);
  const maxEventLoopLagMs = wholeSetting(env, 'PAIGOW_MAX_EVENT_LOOP_LAG_MS', 1, 3_600_000, 'ms');
  const tablesPath = settingText(env, 'PAIGOW_TABLES')?.trim();
  return {
    logger,
    ...(tablesPath !== undefined ? { tables: loadTablesFile(tablesPath) } : {}),
    ...(databasePoolSize === undefined ? {} : { databasePoolSize }),
    ...(ledgerThread === undefined ? {} : { ledgerThread }),
    ...(lease === undefined ? {} : { lease }),
    ...(maxEventLoopLagMs === undefined ? {} : { maxEventLoopLagMs }),
  };
}
