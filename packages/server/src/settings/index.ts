/** The operator's settings: the environment (docs/operations.md "Settings") and the tables file. */
export { leaseFromEnv, operatorSettingsFromEnv, type OperatorSettings } from './operator-env.js';
export { loadTablesFile, parseTables, TablesFileError } from './tables-file.js';
export { SettingsConflictError } from './values.js';
