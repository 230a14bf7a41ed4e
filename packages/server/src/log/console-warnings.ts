/**
 * ioredis' own warnings as lines of the structured log. ioredis writes a few warnings with `console.warn` (a password
 * given to a Redis that asks for none: `[WARN] This Redis server's `default` user does not require a password, but a
 * password was supplied`), a plain-text line on stderr among the JSON lines (an operator's finding, at a start that
 * then failed for another reason). `reportConsoleWarnings` sends each `console.warn` whose text starts with `[WARN] `
 * to the logger as one `warn` line `library-warning`; any other `console.warn` is written as before.
 */
import type { Logger } from './logger.js';

/** The prefix ioredis gives its `console.warn` lines. */
const LIBRARY_WARNING = '[WARN] ';

/** Where the lines go (the logger of the last `reportConsoleWarnings` call); `null` before the first. */
let target: Logger | null = null;

/**
 * From now on `console.warn` lines starting with `[WARN] ` are `warn` lines of `logger` (module comment), for the
 * process's life. Installs the filter at the first call; a later call (another server in the same process: tests)
 * only changes where the lines go.
 */
export function reportConsoleWarnings(logger: Logger): void {
  if (target === null) {
    const write = console.warn.bind(console);
    console.warn = (...args: unknown[]): void => {
      const [first] = args;
      if (target !== null && typeof first === 'string' && first.startsWith(LIBRARY_WARNING)) {
        target.warn({ event: 'library-warning' }, first.slice(LIBRARY_WARNING.length));
      } else {
        write(...args);
      }
    };
  }
  target = logger;
}
