/**
 * The Pai Gow Poker game server (docs/protocol.md, docs/server.md): `startServer` for the CLI's
 * `paigow serve`, `serverOptionsFromEnv` for the environment of interfaces.md (`portNumber` for its `--port`), and `benchServer`.
 */
export {
  DEFAULT_TABLES,
  ServerStartError,
  startServer,
  type CloseOptions,
  type ServerHandle,
  type ServerStartErrorCode,
  type StartServerOptions,
} from './server.js';
export { DEFAULT_LEASE, type LeaseTiming } from './lease/index.js';
export { portNumber, serverOptionsFromEnv } from './env.js';
export { checkDatabaseUrl } from './storage/database-url.js';
export { DEFAULT_DRAIN_MS, stopOnSignals, type Stoppable } from './table/drain.js';
export {
  auditLedger,
  openOperatorDatabase,
  openRoundSummaries,
  OperatorDatabaseError,
  type LedgerAuditReport,
  type OperatorDatabase,
  type OpenRoundSummary,
  type OwnerState,
} from './operations/index.js';
export { leaseFromEnv, loadTablesFile, operatorSettingsFromEnv, SettingsConflictError, TablesFileError } from './settings/index.js';
export { settingText } from './settings/values.js';
export { metricsRegistry, rateLimitedRequests, type MetricsSource } from './metrics/index.js';
export { createLogger, logLevelFromEnv, rootLogger, withContext, type LogContext, type LogLevel, type Logger } from './log/index.js';
export { benchServer, type BenchOptions, type BenchResult } from './bench/bench.js';
export { AUDIT_THRESHOLD, auditDatabase, type AuditRow, type AuditTest, type FairnessAuditReport } from './fairness/audit.js';
