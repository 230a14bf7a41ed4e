/** `/livez` and `/readyz` (docs/operations.md "Health"): one `ServerHealth` per server. */
export { DEFAULT_MAX_EVENT_LOOP_LAG_MS, LAG_WINDOW_MS, READINESS_CHECK_TIMEOUT_MS, ServerHealth, STARTING_READINESS, type CheckOutcome, type HealthOptions, type Liveness, type Readiness } from './health.js';
