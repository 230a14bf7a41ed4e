/**
 * The server's structured log (docs/operations.md "Logs"): pino, one JSON line per event on stderr
 * (stdout carries only `paigow serve`'s "serving at" line), with `time` (ISO 8601, UTC), `level` (its
 * name: `debug`, `info`, `warn`, `error`, …), `msg`, and the context of the event where it applies:
 * `tableId`, `roundId`, `playerId` (child loggers, `withContext`). Errors are one line too: the error's
 * type, message and code under `err` (its stack only for the server's own faults, never for a client's
 * mistake). The level is `LOG_LEVEL` (default `info`).
 */
import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import { faultKindOf } from '../storage/faults.js';
import type { LineThrottles } from './throttle.js';

export type { Logger } from 'pino';

/** The levels `LOG_LEVEL` accepts, most verbose first; `silent` logs nothing. */
export const LOG_LEVELS: readonly (Level | 'silent')[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** A log level name (`LOG_LEVELS`). */
export type LogLevel = Level | 'silent';

/** The level when `LOG_LEVEL` is unset or empty. */
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

/** What an event concerns; each field is present on a line only when it applies. */
export interface LogContext {
  readonly tableId?: string;
  readonly roundId?: string;
  readonly playerId?: string;
}

/** Options of `createLogger`. */
export interface LoggerOptions {
  /** The least severe level written (default `DEFAULT_LOG_LEVEL`). */
  readonly level?: LogLevel;
  /** Where the JSON lines go (default stderr, written synchronously so that nothing is lost at exit). */
  readonly destination?: DestinationStream;
}

/** Thrown by `logLevelFromEnv` for a `LOG_LEVEL` that is not a level name. */
export class LogLevelError extends Error {
  constructor(text: string) {
    super(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${text}'`);
    this.name = 'LogLevelError';
  }
}

/**
 * The level named by `LOG_LEVEL` (case and surrounding spaces ignored), `DEFAULT_LOG_LEVEL` when unset.
 * @throws LogLevelError when it names no level
 */
export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): LogLevel {
  const text = env.LOG_LEVEL?.trim().toLowerCase();
  if (text === undefined || text === '') return DEFAULT_LOG_LEVEL;
  const level = LOG_LEVELS.find((name) => name === text);
  if (level === undefined) throw new LogLevelError(env.LOG_LEVEL ?? '');
  return level;
}

/**
 * A new root logger: JSON lines `{"level":"info","time":"2026-12-01T15:20:00.000Z","pid":…,"msg":…}`
 * at `options.level` and above, to `options.destination` (default stderr).
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? DEFAULT_LOG_LEVEL,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // An Error gets pino's form (type, message, stack, …); a brief form already made (`briefError`) is written as it is.
      serializers: { err: (err: unknown) => (err instanceof Error ? pino.stdSerializers.err(err) : err) },
    },
    options.destination ?? pino.destination({ dest: 2, sync: true }),
  );
}

let root: Logger | undefined;

/**
 * The process's logger (created at first use from `LOG_LEVEL`, writing to stderr). Modules log through
 * it, or through a child of the logger `startServer` was given.
 * @throws LogLevelError when `LOG_LEVEL` names no level
 */
export function rootLogger(): Logger {
  root ??= createLogger({ level: logLevelFromEnv() });
  return root;
}

/** A child of `logger` whose lines carry the fields of `context` that are set (`tableId`, `roundId`, `playerId`). */
export function withContext(logger: Logger, context: LogContext): Logger {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(context)) if (typeof value === 'string') fields[key] = value;
  return logger.child(fields);
}

/** The one-line form of an error for a log line's `err` field: type, message, code (no stack, no cause chain). */
export function briefError(error: unknown): { type: string; message: string; code?: string } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { type: error.name, message: error.message.split('\n')[0] ?? '', ...(typeof code === 'string' ? { code } : {}) };
  }
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return { type: 'object', message: typeof message === 'string' ? message : JSON.stringify(error), ...(typeof code === 'string' ? { code } : {}) };
  }
  return { type: typeof error, message: String(error) };
}

/** The fields a problem's line carries besides its message: `event` (what happened, kebab-case) and the ids it concerns. */
export interface ProblemFields {
  readonly event: string;
  readonly tableId?: string;
  readonly roundId?: string;
  readonly playerId?: string;
  readonly [field: string]: unknown;
}

/** How the server's modules report a problem (`log` options): see `problemReporter`. */
export type ProblemLog = (message: string, detail?: unknown, fields?: ProblemFields) => void;

/**
 * `redis-unavailable` when `error` is ioredis' word that Redis does not answer (its retries per command ran out; a
 * closed connection is `connection-lost` already, `faultKindOf`): an outage outside the server, written without a stack like a database's; else `null`.
 */
export function redisFaultOf(error: unknown): 'redis-unavailable' | null {
  if (!(error instanceof Error)) return null;
  return error.name === 'MaxRetriesPerRequestError' ? 'redis-unavailable' : null;
}

/**
 * Who did not answer when `error` happened, for a line's message: `Redis` for Redis not answering (`redis-unavailable`),
 * `the database` for a fault of the database (`faultKindOf`), `null` for any other failure (a bug, a refusal).
 */
export function unansweredBy(error: unknown): 'Redis' | 'the database' | null {
  if (redisFaultOf(error) !== null) return 'Redis';
  return faultKindOf(error) !== null ? 'the database' : null;
}

/**
 * The `(message, detail?, fields?) => void` reporter the server's modules take (`log` options), writing to
 * `logger`: `detail` a fault of the database (`faultKindOf`: the connection lost or refused, a lock not
 * granted, a full disk, …) or of Redis (`redis-unavailable`) → one `error` line with `err` (type, message, code) and `fault`
 * (its kind), without a stack: it is their doing, and an unreachable one would write a stack at every retry; another
 * Error → one `error` line with `err` (type, message, code, stack); a typed refusal (`{ code, message }`)
 * or other value → one `error` line with it under `err`/`detail`; none → a `warn` line (a problem the
 * server handled). `fields` (`event` and the ids) are put on the line.
 */
export function problemReporter(logger: Logger): ProblemLog {
  return (message, detail, fields) => {
    const fault = faultKindOf(detail) ?? redisFaultOf(detail);
    if (detail === undefined) logger.warn({ ...fields }, message);
    else if (fault !== null) logger.error({ ...fields, err: briefError(detail), fault }, message);
    else if (detail instanceof Error) logger.error({ ...fields, err: detail }, message);
    else if (typeof detail === 'object' && detail !== null && 'code' in detail) logger.error({ ...fields, err: briefError(detail) }, message);
    else logger.error({ ...fields, detail }, message);
  };
}

/**
 * `log`, but a line whose `detail` is a fault of the database or of Redis (`faultKindOf`, `redisFaultOf`) is written at
 * most once per event and kind of fault every `lines`' interval (`LineThrottles`, e.g. `LOG_REPEAT_MS`), the next one
 * counting in `repeated` (beside `event`) those not written. For the lines an outage repeats at every operation (a
 * full disk wrote an `error` line `deal-failed` and one `inbox-write-failed` at each deal, 116 in 10 s for one
 * player); any other line (a refusal, or the server's own fault with its stack) is written every time.
 */
export function throttlingFaults(log: ProblemLog, lines: LineThrottles): ProblemLog {
  return (message, detail, fields) => {
    const fault = faultKindOf(detail) ?? redisFaultOf(detail);
    if (fault === null) return log(message, detail, fields);
    lines.offer(`${fields?.event ?? ''} ${fault}`, (repeated) => log(message, detail, fields === undefined || repeated === 0 ? fields : { ...fields, repeated }));
  };
}
