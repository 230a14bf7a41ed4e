export {
  createDatabase,
  databaseOptionsFromEnv,
  SERVING_STATEMENT_TIMEOUT_MS,
  type Database,
  type DatabaseOptions,
  type DialectName,
} from './database.js';
export { databaseDescription, deploymentIdentity } from './deployment.js';
export { DatabaseFault, faultKindOf, faultSummary, storageFaultReason, type DatabaseFaultKind } from './faults.js';
export { ensureDirectory } from './folders.js';
export { migrateToLatest } from './migrations.js';
export { DEFAULT_BUSY_WAIT, type BusyWait } from './sqlite-busy.js';
export { checkDatabase } from './write-faults.js';
export {
  ACCOUNT_KINDS,
  HOLD_KINDS,
  ROUND_ROLES,
  ROUND_STATUSES,
  SETTLEMENT_KINDS,
  TRANSFER_KINDS,
  type AccountKind,
  type HoldKind,
  type RoundRole,
  type RoundStatus,
  type SettlementKind,
  type Tables,
  type TransferKind,
} from './schema.js';
