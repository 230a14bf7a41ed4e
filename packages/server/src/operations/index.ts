/** Operators' reads of the ledger (docs/operations.md): the audit, open rounds, escrow, and the database they read. */
export { auditLedger, LEDGER_INVARIANTS, type LedgerAuditReport } from './ledger-audit.js';
export { ledgerGauges, openRoundSummaries, type LedgerGauges, type OpenRoundSummary, type OwnerState } from './open-rounds.js';
export { openOperatorDatabase, OperatorDatabaseError, type OperatorDatabase, type OperatorDatabaseOptions } from './operator-database.js';
