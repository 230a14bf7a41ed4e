/**
 * Colyseus' own log, as lines of the server's structured log. Colyseus reports with `console`-like
 * calls (`logger.error(err.stack)`), so a client's mistake (a WebSocket on a path that is no room, a
 * seat reservation that expired, a malformed frame) would write a multi-line stack trace to stderr.
 * Here every call is one JSON line: its first line is `msg`; a client's mistake is a `warn` line
 * without a stack, Colyseus' words under `err` (and a clearer `msg` where they mislead); anything else keeps its
 * level, with the stack (if any) in the `stack` field.
 *
 * A client makes these mistakes at will (5,000 WebSockets on a bogus path wrote 5,000 lines, 1.46 MB, in 19 s), so
 * they are throttled (`LineThrottle`): at most one line per kind of mistake every `LOG_REPEAT_MS` (5 s), carrying
 * `repeated`, the mistakes of that kind not written since its previous line.
 */
import type { Logger } from 'pino';
import { LineThrottle, LOG_REPEAT_MS } from './throttle.js';

/**
 * The errors a client causes (Colyseus' ws-transport and room, and `ws`), by their first line: answered and logged
 * without a stack, under `message` where Colyseus' own words mislead.
 */
const CLIENT_MISTAKES: readonly { readonly pattern: RegExp; readonly message?: string }[] = [
  // ws-transport says it of any WebSocket whose path names no room of this process or no reservation of that room.
  {
    pattern: /seat reservation expired/i,
    message: 'a WebSocket without a valid seat reservation (its path names no room here, or no reservation of it)',
  },
  { pattern: /invalid websocket frame/i },
  { pattern: /max payload size exceeded/i },
  { pattern: /invalid (utf-8 sequence|opcode|status code|payload length)/i },
  { pattern: /rsv[123] must be clear/i },
  { pattern: /mask must be set/i },
  // The room's `_onJoin` when the socket closed while our `onJoin` was awaited (an attacker's finding: 10 `error` lines
  // with a stack when 10 guests hung up during slow joins).
  { pattern: /early_leave|already disconnected/i, message: 'a client closed its WebSocket while it was joining a table' },
];

/** The methods Colyseus calls on its logger (`new Server({ logger })`). */
export interface ColyseusLogger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  trace(...args: unknown[]): void;
}

function textOf(args: readonly unknown[]): string {
  return args
    .map((arg) => (arg instanceof Error ? (arg.stack ?? `${arg.name}: ${arg.message}`) : typeof arg === 'string' ? arg : JSON.stringify(arg)))
    .join(' ');
}

/** The index in `CLIENT_MISTAKES` of the kind of client mistake `firstLine` names, -1 when it names none. */
function mistakeKind(firstLine: string): number {
  return CLIENT_MISTAKES.findIndex(({ pattern }) => pattern.test(firstLine));
}

/** True when `firstLine` names an error a client caused. */
export function isClientMistake(firstLine: string): boolean {
  return mistakeKind(firstLine) >= 0;
}

/**
 * A Colyseus logger writing one line per call to `logger` (its lines carry `source: "colyseus"`), but a client's
 * mistakes: at most one line per kind every `repeatMs` (see the module comment).
 * @param repeatMs the least time between two `client-mistake` lines of one kind, ms (default `LOG_REPEAT_MS`, 5,000)
 * @param now the clock, epoch ms (default `Date.now`)
 */
export function colyseusLogger(logger: Logger, repeatMs: number = LOG_REPEAT_MS, now: () => number = Date.now): ColyseusLogger {
  const log = logger.child({ source: 'colyseus' });
  // One throttle per pattern: a flood of bogus paths does not hide the first malformed frame.
  const throttles = CLIENT_MISTAKES.map(() => new LineThrottle(repeatMs, now));
  const write = (level: 'debug' | 'info' | 'warn' | 'error' | 'trace', args: readonly unknown[]): void => {
    const [first = '', ...rest] = textOf(args).split('\n');
    const kind = mistakeKind(first);
    if (kind >= 0) {
      const message = CLIENT_MISTAKES[kind].message ?? first;
      throttles[kind].offer((repeated) =>
        log.warn({ event: 'client-mistake', err: { type: 'ClientMistake', message: first }, ...(repeated > 0 ? { repeated } : {}) }, message),
      );
      return;
    }
    const stack = rest.map((line) => line.trim()).filter((line) => line !== '');
    if (stack.length > 0) log[level]({ stack: stack.join(' | ') }, first);
    else log[level](first);
  };
  return {
    debug: (...args) => write('debug', args),
    info: (...args) => write('info', args),
    warn: (...args) => write('warn', args),
    error: (...args) => write('error', args),
    trace: (...args) => write('trace', args),
  };
}
