/** For tests of what the server logs: a logger whose JSON lines are kept and read back parsed. */
import { Writable } from 'node:stream';
import { createLogger, type Logger, type LogLevel } from '../log/index.js';

/**
 * A logger at `level` (default `info`) writing to memory; `lines()` returns every line written so far, each parsed
 * from its JSON.
 */
export function capturedLog(level: LogLevel = 'info'): { readonly logger: Logger; lines(): Record<string, unknown>[] } {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return {
    logger: createLogger({ level, destination }),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
