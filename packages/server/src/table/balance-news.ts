/**
 * Balances across processes (issue 13 point 5; docs/server.md "Balances across processes"): when money of
 * some players moved on one process (a deal, a settlement, a top-up, a bank cover), every other process
 * re-reads their balances from the ledger at the tables where they sit there. The news goes over the
 * Colyseus presence's pub/sub (Redis, under the deployment's prefix), batched: the player ids changed
 * within `BALANCE_NEWS_BATCH_MS` go out as one message `{ from, playerIds }` on `BALANCES_CHANNEL`.
 * The message names players only; each process reads the amounts from the ledger (one book).
 * While Redis does not answer, news that could not go out is a `warn` line `balance-news-failed` at most every
 * `LOG_REPEAT_MS` (`repeated` counting those not written), as Redis' own `redis-error` lines: the outage is reported
 * already, and one `error` line per balance change grew with the players (an operator counted 68 in 19 s with 8).
 */
import type { Result } from '@paigow/engine';
import type { Ledger, RoundRecord } from '../ledger/index.js';
import { briefError, LineThrottle, redisFaultOf, rootLogger, type Logger, type ProblemLog } from '../log/index.js';

/** What the news needs of the presence: Colyseus' `Presence` has these. */
export interface PubSub {
  publish(topic: string, data: unknown): unknown;
  subscribe(topic: string, callback: (data: unknown) => void): Promise<unknown>;
  unsubscribe(topic: string, callback?: (data: unknown) => void): unknown;
}

/** The channel (the presence adds the deployment's prefix). */
export const BALANCES_CHANNEL = 'paigow:balances';

/** How long changes are gathered into one message, ms (well inside the 1 s the issue allows). */
export const BALANCE_NEWS_BATCH_MS = 50;

/** The most player ids in one message (a larger batch goes out as several). */
const MAX_IDS_PER_MESSAGE = 500;

/** One process's end of the news. */
export class BalanceNews {
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private readonly listener = (data: unknown): void => {
    const message = data as { from?: unknown; playerIds?: unknown } | null;
    if (message === null || typeof message !== 'object' || message.from === this.instanceId || !Array.isArray(message.playerIds)) return;
    const playerIds = message.playerIds.filter((id): id is string => typeof id === 'string');
    if (playerIds.length > 0) this.onNews(playerIds);
  };

  /**
   * @param pubsub the presence shared by the deployment's processes
   * @param instanceId this process (its own messages are ignored)
   * @param onNews called with the players whose money another process moved
   * @param log where a publish that failed for another reason than Redis not answering is reported (each one)
   * @param logger where a publish that failed because Redis does not answer is written (a `warn` line, throttled)
   * @param redisThrottle how often such a line is written (default one per `LOG_REPEAT_MS`)
   */
  constructor(
    private readonly pubsub: PubSub,
    private readonly instanceId: string,
    private readonly onNews: (playerIds: readonly string[]) => void,
    private readonly log: ProblemLog,
    private readonly logger: Logger = rootLogger(),
    private readonly redisThrottle: LineThrottle = new LineThrottle(),
  ) {}

  /** Starts listening. @throws the presence's error */
  async start(): Promise<void> {
    await this.pubsub.subscribe(BALANCES_CHANNEL, this.listener);
  }

  /** Money of `playerIds` moved on this process: tells the others within `BALANCE_NEWS_BATCH_MS`. */
  changed(playerIds: readonly string[]): void {
    for (const playerId of playerIds) this.pending.add(playerId);
    if (this.timer === null && this.pending.size > 0) this.timer = setTimeout(() => this.flush(), BALANCE_NEWS_BATCH_MS);
  }

  /** Sends what is pending and stops listening. */
  async stop(): Promise<void> {
    this.flush();
    await this.pubsub.unsubscribe(BALANCES_CHANNEL, this.listener);
  }

  private flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const playerIds = [...this.pending];
    this.pending = new Set();
    for (let first = 0; first < playerIds.length; first += MAX_IDS_PER_MESSAGE) {
      const message = { from: this.instanceId, playerIds: playerIds.slice(first, first + MAX_IDS_PER_MESSAGE) };
      Promise.resolve(this.pubsub.publish(BALANCES_CHANNEL, message)).catch((error: unknown) => this.failed(error));
    }
  }

  /** A publish failed: Redis not answering is a throttled `warn` line (see the module comment), anything else the problem log's. */
  private failed(error: unknown): void {
    const fault = redisFaultOf(error);
    if (fault === null) {
      this.log('balances: could not tell the other processes', error, { event: 'balance-news-failed' });
      return;
    }
    this.redisThrottle.offer((repeated) => {
      const err = briefError(error);
      this.logger.warn(
        { event: 'balance-news-failed', fault, err, ...(repeated > 0 ? { repeated } : {}) },
        `balances: could not tell the other processes, Redis does not answer: ${err.message}`,
      );
    });
  }
}

/**
 * `ledger` that reports, after each call that moved money (or a bank cover) and succeeded, whose:
 * `changed(playerIds)` (a deal's, settlement's or refund's participants; the player topped up or whose
 * bank cover was held or released). Reads are passed through.
 */
export function reportingMoves(ledger: Ledger, changed: (playerIds: readonly string[]) => void): Ledger {
  const participants = (result: Result<RoundRecord>): Result<RoundRecord> => {
    if (result.ok) changed(result.value.players.map((player) => player.playerId));
    return result;
  };
  return {
    ...ledger,
    openRound: async (...args) => participants(await ledger.openRound(...args)),
    settleRound: async (...args) => participants(await ledger.settleRound(...args)),
    // Every argument is passed on as given (a dropped `tell` once kept a refund's notices from the players).
    refundRound: async (...args) => participants(await ledger.refundRound(...args)),
    topUp: async (playerId, brokeBelowCents) => {
      const topped = await ledger.topUp(playerId, brokeBelowCents);
      if (topped.ok) changed([playerId]);
      return topped;
    },
    reserveBank: async (input) => {
      const held = await ledger.reserveBank(input);
      if (held.ok) changed([input.playerId]);
      return held;
    },
    releaseBank: async (tableId, playerId) => {
      await ledger.releaseBank(tableId, playerId);
      changed([playerId]);
    },
  };
}
