/** `/livez` and `/readyz` (docs/operations.md "Health"): one `ServerHealth` per server. */
export { LAG_WINDOW_MS, ServerHealth, STARTING_READINESS, type CheckOutcome, type HealthOptions, type Liveness, type Readiness } from './health.js';
