/**
 * Rejections nobody handles, as lines of the structured log. Colyseus drops the promises of some of its Redis commands
 * (the matchmaker's counts `Stats.persist`, a room listing's updates when a seat reservation expires or a client
 * leaves, `lock`/`unlock`, …). While Redis is away each such command fails after ioredis' retries with
 * `MaxRetriesPerRequestError`, a rejection nobody handles; Colyseus also loads `@pm2/io`, whose own
 * `unhandledRejection` listener writes it with `console.error`: a multi-line stack on stderr among the JSON lines.
 *
 * `reportUnhandledRejections` takes them instead: a Redis fault (expected while Redis is away, which the clients'
 * `redis-error` lines already report) is one `warn` line `redis-command-dropped` at most every `LOG_REPEAT_MS`; any
 * other rejection is one `error` line `unhandled-rejection` (its stack in the `err` field). The process goes on in
 * both cases, as it did with `@pm2/io`'s listener, whose listeners are removed.
 */
import { createRequire } from 'node:module';
import { briefError, type Logger } from './logger.js';
import { LineThrottle, LOG_REPEAT_MS } from './throttle.js';

/**
 * ioredis' word that a command was not carried out because Redis is away: its retries per command ran out, or its
 * connection was closed meanwhile (`CONNECTION_CLOSED_ERROR_MSG`).
 */
function isRedisOutage(error: unknown): boolean {
  return error instanceof Error && (error.name === 'MaxRetriesPerRequestError' || error.message === 'Connection is closed.');
}

/** The process events `@pm2/io` listens to when it loads. */
const PM2_EVENTS = ['unhandledRejection', 'uncaughtException'] as const;

/**
 * Loads `@pm2/io` as Colyseus would (from Colyseus' own folder: it is Colyseus' dependency, not ours) and removes the
 * process listeners its loading added: the `unhandledRejection` one writes rejections with `console.error`, the
 * `uncaughtException` one writes with `console.error` too, then exits as Node would. It loads once per process
 * (`Symbol.for('@pm2/io')`), so Colyseus' later `import("@pm2/io")` adds none again. Nothing when it is not installed.
 */
function silencePm2(): void {
  const events: NodeJS.EventEmitter = process;
  const before = new Map(PM2_EVENTS.map((event) => [event, new Set(events.listeners(event))]));
  try {
    createRequire(createRequire(import.meta.url).resolve('@colyseus/core'))('@pm2/io');
  } catch {
    return; // Not installed with this Colyseus: nothing of it to silence.
  }
  for (const event of PM2_EVENTS) {
    for (const listener of events.listeners(event)) {
      if (!before.get(event)?.has(listener)) events.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
}

/** Where the process's listener writes (the logger of the last `reportUnhandledRejections` call); `null` before the first. */
let target: { logger: Logger; redisThrottle: LineThrottle } | null = null;

/** The process's listener (see the module comment). */
function onUnhandledRejection(reason: unknown): void {
  if (target === null) return;
  const { logger, redisThrottle } = target;
  if (isRedisOutage(reason)) {
    redisThrottle.offer((repeated) => {
      const err = briefError(reason);
      logger.warn(
        { event: 'redis-command-dropped', fault: 'redis-unavailable', err, ...(repeated > 0 ? { repeated } : {}) },
        `redis: a command nobody waits for failed, Redis does not answer: ${err.message}`,
      );
    });
    return;
  }
  logger.error({ event: 'unhandled-rejection', err: reason instanceof Error ? reason : briefError(reason) }, 'a rejection nobody handled');
}

/**
 * From now on the process's unhandled rejections are lines of `logger` (see the module comment), for the process's
 * life: Colyseus may drop a command's promise until its very end. Silences `@pm2/io` and installs the listener at the
 * first call; a later call (another server in the same process: tests) only changes where the lines go.
 * @param repeatMs the least time between two `redis-command-dropped` lines, ms (default `LOG_REPEAT_MS`)
 */
export function reportUnhandledRejections(logger: Logger, repeatMs: number = LOG_REPEAT_MS): void {
  if (target === null) {
    silencePm2();
    process.on('unhandledRejection', onUnhandledRejection);
  }
  target = { logger, redisThrottle: new LineThrottle(repeatMs) };
}
