/** The server's structured log (pino JSON lines; docs/operations.md "Logs"). */
export {
  DEFAULT_LOG_LEVEL,
  LOG_LEVELS,
  LogLevelError,
  briefError,
  createLogger,
  logLevelFromEnv,
  problemReporter,
  redisFaultOf,
  rootLogger,
  throttlingFaults,
  unansweredBy,
  withContext,
  type LogContext,
  type ProblemFields,
  type ProblemLog,
  type LogLevel,
  type Logger,
  type LoggerOptions,
} from './logger.js';
export { colyseusLogger, isClientMistake, type ColyseusLogger } from './colyseus.js';
export { LineThrottle, LineThrottles, LOG_REPEAT_MS } from './throttle.js';
export { reportConsoleWarnings } from './console-warnings.js';
export { reportUnhandledRejections } from './unhandled.js';
