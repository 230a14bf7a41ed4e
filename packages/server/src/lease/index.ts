/** Server instances and their leases (docs/server.md "Processes, leases and recovery"). */
export {
  DEFAULT_LEASE,
  INSTANCE_RETENTION_MS,
  endLease,
  pruneInstances,
  registerInstance,
  renewLease,
  type LeaseTiming,
} from './lease.js';
export { DEFAULT_STALL_MS, LeaseKeeper, type LeaseKeeperOptions, type LeaseTarget } from './keeper.js';
