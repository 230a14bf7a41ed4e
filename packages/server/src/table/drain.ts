/**
 * The drain on SIGTERM (docs/server.md "Drain"): the server stops taking bets, lets the rounds in play
 * finish (players keep their decision time), then stops; a second signal, or the drain's deadline, stops
 * it at once as before the drain existed (rounds still open are recovered at the next start, or by a
 * surviving process: docs/server.md "Processes, leases and recovery").
 */
import { rootLogger, type Logger } from '../log/index.js';
import type { DrainReason, TableRunner } from './runner.js';

/** How long a drain waits for the rounds in play by default, ms (more than a decision timer, 45 s). */
export const DEFAULT_DRAIN_MS = 60_000;

/** How often a drain looks whether the rounds in play are over, ms. */
const DRAIN_POLL_MS = 50;

/**
 * Puts every table into drain (`TableRunner.drain`: bets refused, no new deal) and waits until none has a
 * round in play (`roundsInPlay`: dealt and not settled, or a settlement being retried), then for the operations
 * queued by then (`idle`: the answer to a player's last decision still to go), at most `deadlineMs`, or until
 * `interrupted` resolves. Not for operations queued later: a flood of joins kept a table's queue from ever being
 * empty, and a drain with no round in play took 20 s (a service tester's), as long as the flood.
 * @param why what the players refused a bet are told (`TableRunner.drain`): the process stops, or the tables move
 * @returns `finished`, `deadline` or `interrupted`
 */
export async function drainTables(
  runners: Iterable<TableRunner>,
  deadlineMs: number,
  interrupted: Promise<void>,
  why: DrainReason = 'stopping',
): Promise<'finished' | 'deadline' | 'interrupted'> {
  const tables = [...runners];
  for (const runner of tables) runner.drain(why);
  let stop: 'deadline' | 'interrupted' | null = null;
  let timer: NodeJS.Timeout | undefined;
  const stopped = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      stop ??= 'deadline';
      resolve();
    }, deadlineMs);
    void interrupted.then(() => {
      stop ??= 'interrupted';
      resolve();
    });
  });
  try {
    while (tables.some((runner) => runner.roundsInPlay)) {
      if (stop !== null) return stop;
      await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
    }
    await Promise.race([Promise.all(tables.map((runner) => runner.idle())), stopped]);
    return stop ?? 'finished';
  } finally {
    clearTimeout(timer);
  }
}

/** What `stopOnSignals` stops. */
export interface Stoppable {
  /** Drains, then closes. */
  drain(): Promise<void>;
  /** Closes now. */
  close(): Promise<void>;
}

/**
 * `paigow serve`'s signals: the first SIGTERM or SIGINT drains the server then calls `exit(0)`; the next
 * one closes it at once (then `exit(0)`). `exit(1)` if closing fails. The last line of `logger` before the exit
 * says it: `stopped` (`info`), or `stop-failed` (`error`, `err`: why).
 * @param logger the structured log (default `rootLogger()`)
 */
export function stopOnSignals(server: Stoppable, exit: (status: number) => void = (status) => process.exit(status), logger: Logger = rootLogger()): void {
  let signalled = false;
  const onSignal = (): void => {
    const stopping = signalled ? server.close() : server.drain();
    signalled = true;
    stopping.then(
      () => {
        logger.info({ event: 'stopped', status: 0 }, 'stopped: exiting');
        exit(0);
      },
      (error: unknown) => {
        logger.error({ event: 'stop-failed', status: 1, err: error }, 'stopping failed: exiting with status 1');
        exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
