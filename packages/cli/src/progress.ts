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

/** The exit status of a run stopped by a signal, as a shell reports one: 128 + the signal's number. */
const SIGNAL_EXIT_STATUS = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * Starts a bar for `total` units of `unit` (e.g. "hands", "rounds") on `stream` (stderr).
 * Does nothing (and prints nothing) when the stream is not a TTY. The bar hides the cursor while it runs: a
 * Ctrl-C (SIGINT) or SIGTERM meanwhile stops it, which shows the cursor again and ends its line, then exits with
 * 130 or 143 (the terminal was left with no cursor and no line wrap).
 */
export function startProgress(total: number, unit: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { add: () => undefined, stop: () => undefined };
  const bar = new cliProgress.SingleBar(
    {
      stream,
      // The time left reads "estimating" until a unit is done (it read "0s left" at the start).
      format: (options, params) =>
        `${cliProgress.Format.BarFormat(params.progress, options)} ${Math.floor(params.progress * 100)}% | ${params.value}/${params.total} ${unit} | ${
          params.value === 0 ? 'estimating the time left' : `${cliProgress.Format.TimeFormat(params.eta, options, 5)} left`
        }`,
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  const handlers = Object.entries(SIGNAL_EXIT_STATUS).map(([signal, status]) => {
    const interrupted = (): void => {
      stop();
      process.exit(status);
    };
    process.once(signal, interrupted);
    return { signal, interrupted };
  });
  const stop = (): void => {
    for (const { signal, interrupted } of handlers) process.removeListener(signal, interrupted);
    bar.stop();
  };
  bar.start(total, 0);
  let done = 0;
  return {
    add: (n) => {
      done += n;
      bar.update(done);
    },
    stop,
  };
}
