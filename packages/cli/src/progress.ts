/**
 * A progress bar on stderr for long runs (cli-progress), shown only when stderr is a terminal so
 * that logs and pipes stay clean.
 */

import cliProgress from 'cli-progress';

/** A started bar: `add(n)` work units done, `stop()` at the end. */
export interface Progress {
  add(done: number): void;
  stop(): void;
}

/**
 * Starts a bar for `total` units of `unit` (e.g. "hands", "rounds").
 * Does nothing (and prints nothing) when stderr is not a TTY.
 */
export function startProgress(total: number, unit: string): Progress {
  if (!process.stderr.isTTY) return { add: () => undefined, stop: () => undefined };
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: `{bar} {percentage}% | {value}/{total} ${unit} | {eta_formatted} left`, hideCursor: true, etaBuffer: 50 },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  let done = 0;
  return {
    add: (n) => {
      done += n;
      bar.update(done);
    },
    stop: () => bar.stop(),
  };
}
