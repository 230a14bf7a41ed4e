/** Server instances and their leases, and which instance hosts each table (docs/server.md "Processes, leases and recovery", "Table hosting"). */
export {
  DEFAULT_LEASE,
  INSTANCE_RETENTION_MS,
  endLease,
  peersRenewedSince,
  pruneInstances,
  registerInstance,
  renewLease,
  type LeaseTiming,
} from './lease.js';
export { DEFAULT_STALL_MS, LeaseKeeper, leaseProblemReporter, type BriefError, type LeaseKeeperOptions, type LeaseTarget } from './keeper.js';
export { announceTables, claimTable, liveInstances, recordRedisPrefix, releaseTable, saveSeats, tableHosts, type LiveInstance, type TableHost } from './table-hosts.js';
export { placeTables } from './placement.js';
export { TableHosting, type TableHostingActions, type TableHostingOptions } from './table-hosting.js';
export { settingsFingerprints } from './table-settings.js';
