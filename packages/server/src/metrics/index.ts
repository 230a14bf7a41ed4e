/** The server's Prometheus metrics (docs/operations.md "Metrics"). */
export {
  attachServer,
  databaseStatementSeconds,
  dealsFailed,
  holdCents,
  metricsRegistry,
  observeQuery,
  rateLimitedRequests,
  roundsDealt,
  roundsRecovered,
  roundsRefunded,
  roundsSettled,
  settlementRetries,
  staleRefusals,
  statementKind,
  wageredCents,
  type MetricsSource,
} from './metrics.js';
