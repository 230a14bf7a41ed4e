/**
 * One live table: the engine reducer (`apply`) plus the clock, the timers and the ledger glue
 * (rules.md §5). Framework-free: the Colyseus room (`rooms/`) only forwards messages here and
 * sends the views this runner announces.
 *
 * Every operation runs in one serial queue per table, so actions never interleave: an action is
 * applied, its effects are carried out in order from a plain first-in-first-out queue, the effects of the
 * actions they lead to (the ledger's answers) joining its end (ledger `openRound` before anyone sees a
 * card, `saveRoundSecret` after a setting, `settleRound` at the reveal, in one transaction each), and
 * only then are listeners told. Time comes from `now()`; each round's deck from its server seed and the
 * players' client seeds (fairness.md, `RoundSeeds`), drawn only when the reducer asks for the deal
 * (`deal-due`); the seed's commitment is published before the round's first bet.
 *
 * Hints (docs/protocol.md `hint`) are checked in the queue (`hintHand`, in order with the player's
 * other messages) but computed outside it, by the `HintService` (worker threads), so play never waits
 * for one; a hint that comes back after the player's hand was set or the round ended is dropped.
 */
import {
  apply,
  createTable,
  err,
  hintHand,
  nextDeadline,
  ok,
  type HintHand,
  type Hold,
  type LedgerFigures,
  type PlayerFigures,
  type Result,
  type RoundResult,
  type Rng,
  type RuleError,
  type SettingHint,
  type TableAction,
  type TableConfig,
  type TableEffect,
  type TableNotice,
  type TableState,
} from '@paigow/engine';
import { viewFor, type ClientMessage, type HintReply, type InboxNotice, type TableView } from '@paigow/protocol';
import type { HintService } from '../hint/index.js';
import type { RoundGrader } from '../coach/coach.js';
import { briefError, LineThrottle, LineThrottles, LOG_REPEAT_MS, problemReporter, rootLogger, throttlingFaults, withContext, type Logger, type ProblemLog } from '../log/index.js';
import { shortPlayersOf, type Ledger, type PlayerEventInput } from '../ledger/index.js';
import type { Player, Players } from '../players/index.js';
import { settlementRetries } from '../metrics/index.js';
import { openRoundWithRetry } from './deal-retry.js';
import { RoundSeeds } from '../fairness/round-seeds.js';
import { InboxDelivery, inboxNotice, unstoredNotice } from './inbox.js';
import type { PlayerTables } from './player-tables.js';
import { encodeRoundSecret } from './recovery.js';
import { NoAnswerInTime, within } from '../within.js';
import { DEFAULT_ROUND_DEADLINES, pause, retryPauseMs, type RoundDeadlines } from './round-deadlines.js';
import { SettlementRetrier, type Resolution } from './settlement-retry.js';
import { tableNickname } from './table-nickname.js';
import { dealFailed, dealNotRecorded, roundDealt, roundRefunded, roundSettled, settlementRefused } from './round-audit.js';
import type { TransitionLane } from './transition-lane.js';

/**
 * Why a table drains (`TableRunner.drain`): its process stops (`stopping`), or stops with a live peer of the
 * deployment to take the table on (`leaving`: the players are told the table moves, as a cluster's drain does), or the
 * table moves to another process (`moving`, which a move called off ends).
 */
export type DrainReason = 'stopping' | 'leaving' | 'moving';

/** What a runner needs. */
export interface TableRunnerOptions {
  readonly config: TableConfig;
  readonly ledger: Ledger;
  readonly players: Players;
  /**
   * Tests only: deal every round from a deck shuffled by this source (such rounds have no proof). Without
   * it, each round is dealt from a fresh 32-byte server seed and the players' client seeds (fairness.md).
   */
  readonly rng?: Rng;
  /** The clock in epoch ms (default `Date.now`). */
  readonly now?: () => number;
  /** Where problems are reported (default: `problemReporter(logger)`). */
  readonly log?: ProblemLog;
  /** The structured log for this table's audit trail (rounds dealt and settled; default: the root logger with `tableId`). */
  readonly logger?: Logger;
  /**
   * Called after this table moved money of `playerIds` in the ledger (a deal, a settlement), so
   * that other tables where they sit re-read their balances.
   */
  readonly onBalancesChanged?: (playerIds: readonly string[]) => void;
  /** Computes Hints off the main thread (the server's `HintPool`); without it `hint` is `action/unavailable`. */
  readonly hints?: HintService;
  /** Grades the players' settings of each round settled here, off the main thread (the server's `Coach`; default none). */
  readonly coach?: RoundGrader;
  /**
   * The server instance running this table (docs/server.md "Processes, leases and recovery"): recorded
   * as the owner of each round it deals, and required when settling it (a round another process
   * recovered is not settled again). Default `null` (no owner: for tests of the runner alone).
   */
  readonly instanceId?: string | null;
  /**
   * With many processes (Redis): each deal goes through only while the table's hosting row names `instanceId`
   * (`OpenRoundInput.hostedBy`; docs/server.md "Table hosting"); a deal refused so is void, the bets back on the
   * felt. Default false.
   */
  readonly hostingFence?: boolean;
  /**
   * Sends the player inboxes from this process (docs/server.md "The player inbox"): one per server, shared
   * by its tables. Default: this runner's own.
   */
  readonly inbox?: InboxDelivery;
  /**
   * Takes `notice`, an inbox event of another table, to that table's runner on this process when `playerId` has a
   * client there, so that the notice reaches the player at the table where it happened (docs/server.md "The player
   * inbox"); false when it did not, and this table's clients of the player get it. Default: never.
   */
  readonly forward?: (playerId: string, notice: InboxNotice) => boolean;
  /** How long the deal and the settlement may wait for the ledger (default `DEFAULT_ROUND_DEADLINES`; docs/server.md "Database faults"). */
  readonly deadlines?: Partial<RoundDeadlines>;
  /**
   * Fencing (docs/server.md "Processes, leases and recovery"): whether this process holds its lease now
   * (`LeaseKeeper.held`). An action that would deal or settle a round while it does not is refused
   * (`action/unavailable`) and changes nothing. Default: always held (a runner without a lease, in tests).
   */
  readonly fence?: () => boolean;
  /**
   * Admission control (docs/server.md "Admission control"): why this process takes no new seat now
   * (`server/overloaded`: the server's refuses it for the event-loop delay, or when the player limit's number of
   * players have a seat; the player is counted already), or null.
   * A `sit` by a player without a seat here is refused with it. Default: always admitted.
   */
  readonly admit?: () => RuleError | null;
  /** The server's index of which tables each player is at, kept up to date by this runner (default none). */
  readonly playerTables?: PlayerTables;
  /**
   * Called after an operation changed who sits where, before its view is sent: the cluster's hosting saves
   * the seats (`TableHosting.saveSeats`), so a seat a player was told it has outlives a kill -9 of this
   * process (docs/server.md "Table hosting"). It is waited for 1 s at most; a failure or a late save is logged, and the
   * next hosting sweep saves the seats. Default none.
   */
  readonly seatsChanged?: () => Promise<void>;
  /**
   * The process's lane of round transitions (docs/server.md "Actions first"): each deal and reveal the reducer asks for
   * runs in a turn of it. Default none: a transition starts as the table's next operation.
   */
  readonly transitions?: TransitionLane;
}

/** How long a change of seats waits for them to be saved (`seatsChanged`) before its view goes anyway, ms. */
const SEAT_SAVE_WAIT_MS = 1_000;

/** While fenced, a due timer is tried again this often, ms (not at once, which would spin). */
const FENCED_RETRY_MS = 1_000;

/** A read of the players' figures that failed after the ledger committed is tried again this often, ms (`figuresAfterCommit`). */
const FIGURES_RETRY_MS = 1_000;

/** A record of a setting the database did not take is saved again this often, ms (`recordSetting`). */
const SETTING_RECORD_RETRY_MS = 1_000;

/** What changed, for the room: who gets an `ack`, who gets a `notice`. */
export interface TableChange {
  /**
   * The acting player, whose view answers its request at once, and its `requestId` to echo in that view (`null`
   * when the request was refused: the `error` answers it, and the view shows what the attempt changed).
   */
  readonly ack: { readonly playerId: string; readonly requestId: string | null } | null;
  /**
   * `notice` messages (docs/protocol.md) for connected players, from their inboxes: what a timer, a disconnection, a void
   * deal, a balance change or recovery did to them. Never a refusal (that is the request's `error`).
   */
  readonly notices: readonly { readonly playerId: string; readonly notice: InboxNotice }[];
}

type Listener = (change: TableChange) => void;

/** A balance read started for a stake (`TableRunner.askBalance`), with the table's `figureReads` when it started. */
interface BalanceAsk {
  /** What the player may stake at the table; null when the database did not answer. */
  readonly read: Promise<Result<number> | null>;
  readonly figureReads: number;
}

/** A live table. Create one per table at start; `close()` it at shutdown. */
export class TableRunner {
  private state: TableState;
  /**
   * The table as the last operation of its queue left it: what views show (`view`). An operation changes `state` in
   * steps while it waits for the ledger, and a view sent meanwhile (the others' views, 50 ms after a change; a client
   * joining) showed a round's reveal before its settlement was committed, withdrawn if the commit failed.
   */
  private shown: TableState;
  /** `settlingRoundId` as the last operation left it, shown with `shown` (an acknowledgement sent midway through a reveal showed the round set and settling at once). */
  private shownSettlingRoundId: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** The last cover asked of the ledger (`reserveBank`): a retry of an older one is dropped. */
  private coverAsked: Extract<TableEffect, { kind: 'reserve-bank' }> | null = null;
  /** See `roundsLeftOpen`. */
  private leftOpen: readonly string[] = [];
  private readonly listeners = new Set<Listener>();
  private readonly now: () => number;
  private readonly log: ProblemLog;
  private readonly logger: Logger;
  private notices: { playerId: string; notice: InboxNotice }[] = [];
  /** The notices of the operation running now, not yet written to the inboxes (`recordOutbox`). */
  private outbox: PlayerEventInput[] = [];
  /** Players whose inbox the operation running now wrote to, or one of its ledger transactions may have. */
  private readonly written = new Set<string>();
  private readonly inbox: InboxDelivery;
  /** Acknowledgements being written (`ackNotice`): `close` waits for them. */
  private readonly acking = new Set<Promise<void>>();
  /** First attempts to save records of players' settings (`save-round`): the settlement, `idle` and `close` wait for them. */
  private readonly secretSaves = new Set<Promise<void>>();
  /** Whether each record of a setting the running operation made was kept (`recordSetting`): its acknowledgement waits for them (`enqueue`). */
  private ackWaits: Promise<boolean>[] = [];
  /** The latest private record of the round in play, as a retry of an earlier setting's save writes it (`recordSetting`). */
  private latestSecret: { readonly roundId: string; readonly secret: unknown } | null = null;
  /** Players whose hint is being computed (one at a time each). */
  private readonly hinting = new Set<string>();
  /**
   * The hints given in the round in play, by player: asked again in that round, the same hint is sent
   * without computing it again (one hand has one hint; a player asking in a loop kept the shared hint
   * workers busy, and everyone's hints waited). The next round's first hint starts afresh.
   */
  private hinted: { readonly roundId: string; readonly byPlayer: Map<string, SettingHint> } | null = null;
  private readonly deadlines: RoundDeadlines;
  /** Settlements and refunds the ledger did not take at once, retried in the background. */
  private readonly settlements: SettlementRetrier;
  /**
   * The results of rounds played to their end whose settlement is being retried, by round id, in the order played:
   * not shown until the ledger records them (`settlementResolved`). An operator saw a table reveal a player's own
   * setting during a database outage, then the round recovered elsewhere by the house way and paid otherwise.
   */
  private readonly heldReveals = new Map<string, RoundResult>();
  /** The last round of `heldReveals` (the view's `settlingRoundId`), kept with it rather than read off it for every view. */
  private settlingRoundId: string | null = null;
  /** No new round is dealt (docs/server.md "Drain"): the process stops, or the table moves to another process. */
  private draining: DrainReason | null = null;
  /** Aborted by `close`: a deal being tried again gives up at once. */
  private readonly closing = new AbortController();
  /** The next round's id and server seed, and the seeds of rounds dealt (fairness.md). */
  private readonly seeds: RoundSeeds;
  /**
   * Reads of players' figures from the ledger started here, and guesses of them shown (`withoutStakes`): a balance
   * read asked before one of them may be older than what the table shows (`checkBalance`).
   */
  private figureReads = 0;
  /** The last action was refused by the fence (the lease is not held): timers wait `FENCED_RETRY_MS`. */
  private fenced = false;
  /** Effects not yet carried out, each batch with the state before the action that made it (`dispatch`). */
  private readonly effects: { readonly effects: readonly TableEffect[]; readonly before: TableState }[] = [];
  /** `runQueuedEffects` is carrying out `effects`. */
  private runningEffects = false;
  /**
   * The deal or reveal asked for (`deal-due`, `reveal-due`) and queued, not yet started: asked again meanwhile, it is not
   * queued twice. One at most: a deal is due only while no round is in play, a reveal only while one is.
   */
  private transitionAsked: Transition | null = null;
  /** Deals and reveals queued and not yet done (`idle` waits for them). */
  private transitionsQueued = 0;
  /**
   * The rounds whose settings' records are being written, each with a promise their settlement here resolves (`settle-round`)
   * once it keeps the settings: settled, or taken on to be retried (a last setting during a partition was answered once
   * the settlement was handed on, not after the database came back).
   */
  private readonly settlementTakesOver = new Map<string, { readonly kept: Promise<true>; readonly settle: (kept: true) => void }>();
  /**
   * The `balance-unread` lines: during a database outage every bet attempt fails its balance read, and with 1,000
   * players one `error` line each was a flood. One line per `LOG_REPEAT_MS`, `repeated` counting the others.
   */
  private readonly balanceUnreadLines: LineThrottle;
  /**
   * `log` for the lines an outage repeats at every deal (`deal-failed`, `inbox-write-failed`): a fault of the database
   * or Redis at most once per event and kind every `LOG_REPEAT_MS`, `repeated` counting the others (`throttlingFaults`:
   * on a full disk one player's deals wrote 116 `error` lines in 10 s).
   */
  private readonly repeatedLog: ProblemLog;

  constructor(private readonly options: TableRunnerOptions) {
    this.now = options.now ?? Date.now;
    this.logger = options.logger ?? withContext(rootLogger(), { tableId: options.config.tableId });
    this.log = options.log ?? problemReporter(this.logger);
    this.balanceUnreadLines = new LineThrottle(LOG_REPEAT_MS, this.now);
    this.repeatedLog = throttlingFaults(this.log, new LineThrottles(LOG_REPEAT_MS, this.now));
    this.seeds = new RoundSeeds(options.rng);
    this.state = createTable(options.config, this.now(), this.seeds.nextRound);
    this.shown = this.state;
    this.inbox = options.inbox ?? new InboxDelivery(options.ledger);
    this.deadlines = { ...DEFAULT_ROUND_DEADLINES, ...options.deadlines };
    this.settlements = new SettlementRetrier({
      ledger: options.ledger,
      deadlines: this.deadlines,
      now: this.now,
      log: this.log,
      onRetry: () => settlementRetries.inc({ table: options.config.tableId }),
      // The retrier settles what this runner gave it (`settle-round` below): its `result` is the round's `RoundResult`.
      onSettled: (input) => roundSettled(this.logger, this.tableId, input.roundId, input.postings, input.result as RoundResult),
      onResolved: (resolution) => this.settlementResolved(resolution),
      onStale: (roundId, error) => settlementRefused(this.logger, this.tableId, roundId, error),
    });
  }

  /** The table's id. */
  get tableId(): string {
    return this.options.config.tableId;
  }

  /**
   * Players at the table with a client connected (seated or watching), for admission control: the load is theirs;
   * a seat held for a player whose client left costs nothing (and that player gets back in regardless).
   */
  get connectedPlayerCount(): number {
    let count = 0;
    for (const player of Object.values(this.state.players)) if (player.connected) count += 1;
    return count;
  }

  /** Those of `connectedPlayerCount` with a seat here, for admission control (a seat is refused past its limit). */
  get seatedPlayerCount(): number {
    let count = 0;
    for (const player of Object.values(this.state.players)) if (player.connected && player.seat !== null) count += 1;
    return count;
  }

  /** The table's settings. */
  get config(): TableConfig {
    return this.options.config;
  }

  /** The current private state (read-only; for the lobby and tests). Never send it to a client. */
  get current(): TableState {
    return this.state;
  }

  /**
   * `viewFor(state, playerId)`: what that player may see now (docs/protocol.md `TableView`), with `serverNowMs`
   * read from the clock as it is made, not the time of the table's last change: a view sent long after that change
   * (a client that joins a quiet table, the others' views sent a moment after a change) would otherwise show every
   * countdown too long by the time since, and two screens of one table would count down apart.
   * Of the table as its last operation left it (`shown`), never midway through one.
   */
  view(playerId: string | null): TableView {
    return { ...viewFor(this.shown, playerId), serverNowMs: this.now(), settlingRoundId: this.shownSettlingRoundId };
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A client of `player` joined the table's room (or rejoined: rules.md §5 reconnection). The
   * balance and comp points are read fresh from the database; the player is shown by its name at this table
   * (`tableNickname`: numbered, `Anna (2)`, when a name shown here already reads like its nickname).
   * @returns the player's inbox events not acknowledged, oldest first (docs/server.md "The player inbox"),
   *   for the joining client only (it may be a new tab that has none of them); or the refusal
   */
  async join(player: Player): Promise<Result<InboxNotice[]>> {
    let backlog: InboxNotice[] = [];
    const joined = await this.enqueue(null, async () => {
      const fresh = (await this.options.players.getPlayer(player.id)) ?? player;
      const joined = await this.dispatch({
        type: 'join',
        playerId: fresh.id,
        nickname: tableNickname(this.state, fresh.id, fresh.nickname),
        ...(await this.joinFigures(fresh)),
        nowMs: this.now(),
      });
      if (joined.ok) {
        const events = await this.inbox.backlog(player.id);
        // A round recovered since the balance was read above moved money: read it again.
        if (events.some((event) => event.notice.code === 'notice/round-recovered')) await this.syncPlayer(player.id);
        backlog = events.map(inboxNotice);
      }
      return joined;
    });
    return joined.ok ? ok(backlog) : joined;
  }

  /**
   * Sends `playerId` events of its inbox that another process or table wrote (e.g. a round recovered by
   * another process, docs/protocol.md `notice/round-recovered`; the server's sweep found them), after
   * re-reading its balance and comp points from the database (its money may have moved elsewhere). Sent
   * if the player has a client at this table; the inbox keeps them for its next join anyway.
   * @returns nothing; `action/unavailable` if the table is closed
   */
  notify(playerId: string, notices: readonly InboxNotice[]): Promise<Result<void>> {
    return this.enqueue(null, async () => {
      if (this.state.players[playerId] !== undefined) {
        const synced = await this.syncPlayer(playerId);
        if (!synced.ok) return synced;
      }
      if (this.state.players[playerId]?.connected === true) for (const notice of notices) this.notices.push({ playerId, notice });
      return ok(undefined);
    });
  }

  /**
   * A client of `playerId` received its notice `seq` (the `ack-notice` message): it is not sent again
   * (docs/server.md "The player inbox"). Outside the table's queue: it changes nothing at the table. When
   * the database cannot record it, that is logged, and the notice is sent again at the next join. `close` waits for
   * the acknowledgements being written; one that comes once the table is closed (the server stops, its database about
   * to close) is not written, a `debug` line only: the notice is sent again at the next join (a stop used to log
   * `notice-ack-failed` at `error`, "driver has already been destroyed", between `drained` and `stopped`).
   */
  async ackNotice(playerId: string, seq: number): Promise<void> {
    if (this.closed) {
      this.logger.debug({ event: 'notice-ack-skipped', playerId, seq }, `the table is closed: the acknowledgement of notice ${seq} of ${playerId} is not recorded; the notice is sent again at the next join`);
      return;
    }
    const written = this.inbox.acknowledge(playerId, seq).catch((error: unknown) => this.log(`could not record the acknowledgement of notice ${seq} of ${playerId}`, error, { event: 'notice-ack-failed', playerId }));
    this.acking.add(written);
    try {
      await written;
    } finally {
      this.acking.delete(written);
    }
  }

  /**
   * The last client of `playerId` left (rules.md §5 "Interruptions"). `deliberate`: it left the table on purpose (the
   * lobby's Leave, a consented leave), not a lost connection: a hand it has in play and has not set is set by the house
   * way at once, as if it had pressed House Way, so the round is settled without waiting out its reconnection grace
   * (a tester's: the page promised "the house way sets it and the round is settled without you", and the others
   * waited 15 s for a hand then marked "house way (disconnected)"); a banker's bank ends (the reducer's `leave`).
   */
  leave(playerId: string, deliberate = false): Promise<Result<void>> {
    return this.enqueue(null, async () => {
      const nowMs = this.now();
      const round = this.state.round;
      // Refused, changing nothing, when it has no hand to set in that round (not dealt in, set already, revealed).
      if (deliberate && round !== null) await this.dispatch({ type: 'house-way', playerId, roundId: round.roundId, nowMs });
      return this.dispatch({ type: 'leave', playerId, deliberate, nowMs });
    });
  }

  /**
   * Seats `player` at `seat` as a player whose connection is lost, held for the table's reconnection time
   * (rules.md §5 "Interruptions"): how a new host gives back the seats of a table that moved from another
   * process (docs/server.md "Table hosting"). The player's client joins again and finds its seat.
   * @returns nothing, or the refusal (the seat is taken, the player sits here already); a refusal changes nothing
   */
  reseat(player: Player, seat: number): Promise<Result<void>> {
    return this.enqueue(null, async () => {
      if (this.state.players[player.id] !== undefined) return err('action/duplicate', `${player.id} is at this table already`);
      const nowMs = this.now();
      const joined = await this.dispatch({ type: 'join', playerId: player.id, nickname: tableNickname(this.state, player.id, player.nickname), ...(await this.joinFigures(player)), nowMs });
      if (!joined.ok) return joined;
      const sat = await this.dispatch({ type: 'sit', playerId: player.id, seat, nowMs });
      await this.dispatch({ type: 'leave', playerId: player.id, nowMs });
      return sat;
    });
  }

  /** Re-reads `playerId`'s balance and comp points from the database (after a top-up elsewhere). */
  refreshPlayer(playerId: string): Promise<Result<void>> {
    return this.enqueue(null, async () => {
      if (this.state.players[playerId] === undefined) return ok(undefined);
      return this.syncPlayer(playerId);
    });
  }

  /**
   * Handles one parsed client message of `playerId` (docs/protocol.md); `hint` goes to `hint()`, `ack-notice` to `ackNotice()`, and the room answers `ping` itself.
   * @returns nothing, or the refusal (its code from the reducer, the ledger's for `top-up`); a refused
   *   message changes nothing.
   */
  handle(playerId: string, message: Exclude<ClientMessage, { type: 'hint' | 'ack-notice' | 'ping' }>): Promise<Result<void>> {
    if (this.draining !== null && (message.type === 'bet' || message.type === 'rebet' || message.type === 'deal')) {
      // Operators': a move of about 0.6 s, and a cluster process's drain whose players played on a peer a second later,
      // were told as a restart, "try again in a minute".
      const why = this.draining === 'stopping' ? 'the server is restarting: no new rounds now; try again in a minute' : 'this table is moving to another server: bets reopen in a few seconds';
      return Promise.resolve(err('bet/closed', why));
    }
    const ack = { playerId, requestId: message.requestId };
    // A stake's balance is read as the message arrives, not at its turn in the queue (`checkBalance`).
    const balance = message.type === 'bet' || message.type === 'rebet' ? this.askBalance(playerId) : null;
    return this.enqueue(ack, async () => {
      const nowMs = this.now();
      switch (message.type) {
        case 'top-up': {
          // At a table, a balance under its minimum bet is broke too (the web client offers Top up there).
          const topped = await this.options.ledger.topUp(playerId, this.state.config.limits.main.minCents);
          if (!topped.ok) return topped;
          this.options.onBalancesChanged?.([playerId]);
          return this.syncPlayer(playerId);
        }
        case 'sit': {
          const refused = (this.state.players[playerId]?.seat ?? null) === null ? (this.options.admit?.() ?? null) : null;
          if (refused !== null) return err(refused.code, refused.message);
          return this.dispatch({ type: 'sit', playerId, seat: message.seat, nowMs });
        }
        case 'bet':
          await this.checkBalance(playerId, balance ?? this.askBalance(playerId));
          return this.dispatch({ type: 'bet', playerId, spot: message.spot, amountCents: message.amountCents, nowMs });
        case 'set':
          return this.dispatch({ type: 'set', playerId, roundId: message.roundId, low: message.low, nowMs });
        case 'house-way':
          return this.dispatch({ type: 'house-way', playerId, roundId: message.roundId, nowMs });
        case 'auto-approve':
          return this.dispatch({ type: 'auto-approve', playerId, on: message.on, clientSeed: message.clientSeed, nowMs });
        case 'deal':
          // The Deal button marks the player ready; the reducer asks for the deal when every bettor is (`deal-due`).
          return this.dispatch({ type: 'ready', playerId, clientSeed: message.clientSeed, nowMs });
        case 'approve':
          return this.dispatch({ type: 'approve', playerId, clientSeed: message.clientSeed, nowMs });
        case 'rebet':
          await this.checkBalance(playerId, balance ?? this.askBalance(playerId));
          return this.dispatch({ type: 'rebet', playerId, nowMs });
        case 'stand':
        case 'take-bank':
        case 'leave-bank':
          return this.dispatch({ type: message.type, playerId, nowMs });
      }
    });
  }

  /**
   * A Hint for `playerId` (docs/protocol.md `hint`): the best setting of its own seven cards and its EV
   * beside the house way's, computed by the `hints` service off the main thread. Checked in the
   * table's queue, in order with the player's other messages; computed outside it, so play never waits.
   * It changes nothing at the table and nothing is announced. Asked again in the same round, the hint
   * already given is sent again, not computed again.
   * @param requestId echoed in the reply
   * @param roundId the round the hint is asked for (docs/protocol.md: a decision names its round)
   * @returns the reply for the asking client; `null` when the hint came too late (the player set its
   *   hand, the decision timer ran out or the round ended meanwhile: it is dropped); or a refusal:
   *   `hintHand`'s (`action/not-seated`, `action/stale`, `action/out-of-phase`, `action/not-your-turn`,
   *   `action/duplicate` for a hand already set), `action/duplicate` while this player's previous hint
   *   is still being computed, `action/unavailable` when the table has no hint service or the
   *   computation failed.
   */
  async hint(playerId: string, requestId: string, roundId: string): Promise<Result<HintReply | null>> {
    const hints = this.options.hints;
    if (hints === undefined) return err('action/unavailable', 'hints are not available at this table');
    const checked = await this.enqueueQuery<{ given: SettingHint } | { hand: HintHand }>(() => {
      const hand = hintHand(this.state, playerId, roundId);
      if (!hand.ok) return hand;
      const given = this.hinted?.roundId === roundId ? this.hinted.byPlayer.get(playerId) : undefined;
      if (given !== undefined) return ok({ given });
      if (this.hinting.has(playerId)) return err('action/duplicate', 'your hint is being computed');
      this.hinting.add(playerId);
      return ok({ hand: hand.value });
    });
    if (!checked.ok) return checked;
    if ('given' in checked.value) return ok({ requestId, ...checked.value.given });
    const { cards, commissionBps, houseWay } = checked.value.hand;
    let computed: SettingHint;
    try {
      computed = await hints.compute(cards, commissionBps, houseWay);
    } catch (error) {
      this.log('a hint could not be computed', error, { event: 'hint-failed' });
      return err('action/unavailable', 'the hint could not be computed; try again');
    } finally {
      this.hinting.delete(playerId);
    }
    const still = hintHand(this.state, playerId, roundId);
    if (this.closed || !still.ok) return ok(null);
    if (this.hinted?.roundId !== roundId) this.hinted = { roundId, byPlayer: new Map() };
    this.hinted.byPlayer.set(playerId, computed);
    return ok({ requestId, ...computed });
  }

  /**
   * Starts a drain (docs/server.md "Drain"): from now on `bet`, `rebet` and `deal` are refused
   * (`bet/closed`) and no round is dealt (one that would be is void, its bets back on the felt); the
   * round in play goes on with its timers. See `roundsInPlay`.
   * @param why `stopping` or `leaving` (the process stops: either prevails over a move, and the first of them stays), or
   *   `moving` (the table moves to another process)
   */
  drain(why: DrainReason = 'stopping'): void {
    if (this.draining === null || this.draining === 'moving') this.draining = why;
  }

  /**
   * Ends a move's drain (`drain('moving')`): a table move called off (docs/server.md "Table hosting"); bets and deals
   * are taken again. A process's drain to stop (`drain('stopping')`) is never ended: a move called off as it began
   * (its hosting read under way at the signal) took bets and dealt again at a table of a process stopping.
   */
  resume(): void {
    if (this.draining === 'moving') this.draining = null;
  }

  /** True while a round is dealt and not yet settled, or a settlement or refund is being retried. */
  get roundsInPlay(): boolean {
    return this.state.round !== null || this.settlements.pending > 0;
  }

  /**
   * The ids of the rounds open at this table now (`roundsInPlay`): the round dealt and not yet settled, if any, and
   * those whose settlement or refund is being retried (`SettlementRetrier`), each once. For the `draining` and
   * `drain-deadline` log lines (docs/operations.md), which left out a round waiting on its settlement.
   */
  get roundIdsInPlay(): string[] {
    return [...new Set([...(this.state.round === null ? [] : [this.state.round.roundId]), ...this.settlements.roundIds])];
  }

  /**
   * Those of `roundIdsInPlay` that are voided deals whose refund waits for the ledger's answer (`SettlementRetrier.voidedDealIds`):
   * named apart in the drain's lines, where an operator read 132 of them as rounds in play.
   */
  get voidedDealsRefunding(): string[] {
    return this.settlements.voidedDealIds;
  }

  /**
   * The rounds this table left open when it was closed (`close`): the round in play, if dealt, and those whose
   * settlement or refund was being retried; some of them the attempt in flight may have settled meanwhile. Empty
   * before `close`. Nobody settles them while this process's lease lives: a process that closes a table and goes on
   * (the table was taken over, docs/server.md "Table hosting") hands them to recovery (`ledger.releaseRounds`).
   */
  get roundsLeftOpen(): readonly string[] {
    return this.leftOpen;
  }

  /**
   * Stops the timers and the settlement retries and waits for the queue, the acknowledgements being written
   * (`ackNotice`) and the records of settings being saved; later calls are refused.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.closing.abort();
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.queue.catch(() => undefined);
    await Promise.all([...this.acking, ...this.secretSaves]);
    this.settlementTakesOver.clear();
    this.leftOpen = this.roundIdsInPlay;
    await this.settlements.close();
  }

  /**
   * Waits until every operation queued by now is done, with the deals and reveals they asked for (and those these
   * asked for in turn: a deal again after a shortfall), and the records of settings they save (not the players'
   * operations queued meanwhile: a drain, and tests).
   */
  async idle(): Promise<void> {
    do await this.queue.catch(() => undefined);
    while (this.transitionsQueued > 0);
    await Promise.all(this.secretSaves);
  }

  // -------------------------------------------------------------------------------------------

  /**
   * Runs `op` in the table's queue and announces what it changed. Its acknowledgement (`ack`), and the promise
   * returned, wait for the records of settings it saves (`ackWaits`: a setting is acknowledged only once a restart
   * would keep it, `recordSetting`); the queue does not: the table's next action runs meanwhile, and a table's
   * settings are saved together rather than one after another (most of a setting's latency under load,
   * `npm run bench -- server`). Its own view, without the acknowledgement, may reach the player a moment before it.
   * A record that could not be kept (the table closed first, or another process took the round over) is answered
   * `action/unavailable`, never acknowledged.
   */
  private enqueue(ack: TableChange['ack'], op: () => Promise<Result<void>>): Promise<Result<void>> {
    let written: Promise<Result<void> | null> = Promise.resolve(null);
    const run = async (): Promise<Result<void>> => {
      if (this.closed) return err('action/unavailable', 'the table is closed');
      this.notices = [];
      this.ackWaits = [];
      const stateBefore = this.state;
      let result: Result<void>;
      try {
        result = await op();
      } catch (error) {
        this.log('an action failed', error, { event: 'action-failed' });
        result = err('action/unavailable', 'the server could not complete this action; try again');
      }
      if (this.options.seatsChanged !== undefined && !sameSeats(stateBefore.seats, this.state.seats)) await this.awaitSeatsSaved(this.options.seatsChanged);
      await this.sendInbox();
      this.shown = this.state;
      this.shownSettlingRoundId = this.settlingRoundId;
      const acked = result.ok || ack === null ? ack : { playerId: ack.playerId, requestId: null };
      const waits = this.ackWaits;
      // A refused action may still have changed the table (e.g. a bet's balance check read the ledger's): announce it.
      if (result.ok || this.notices.length > 0 || this.state !== stateBefore) {
        if (waits.length === 0 || acked === null) this.announce({ ack: acked, notices: this.notices });
        else {
          this.announce({ ack: null, notices: this.notices });
          written = Promise.all(waits).then((kept) => {
            if (!kept.every(Boolean)) return err('action/unavailable', 'your setting could not be recorded: the round is no longer played here');
            this.announce({ ack: acked, notices: [] });
            return null;
          });
        }
      }
      this.schedule();
      return result;
    };
    return this.queueUp(run).then(async (result) => (await written) ?? result);
  }

  /**
   * Waits for `seatsChanged` (the seats saved), at most `SEAT_SAVE_WAIT_MS`: a database that hangs keeps no table
   * waiting for longer; a save that fails or is late is logged, and the next hosting sweep saves the seats.
   */
  private async awaitSeatsSaved(seatsChanged: () => Promise<void>): Promise<void> {
    try {
      await within(seatsChanged(), SEAT_SAVE_WAIT_MS);
    } catch (error) {
      if (error instanceof NoAnswerInTime) this.log(`the seats were not saved within ${error.ms} ms; the next hosting sweep saves them`, undefined, { event: 'seats-unsaved' });
      else this.log('the seats could not be saved; the next hosting sweep saves them', error, { event: 'seats-unsaved' });
    }
  }

  /** Queues `run` after every operation before it. */
  private queueUp<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next;
    return next;
  }

  /** Runs a read-only check in the queue (after the messages before it); announces nothing. */
  private enqueueQuery<T>(op: () => Result<T>): Promise<Result<T>> {
    const run = async (): Promise<Result<T>> => {
      if (this.closed) return err('action/unavailable', 'the table is closed');
      try {
        return op();
      } catch (error) {
        this.log('a check failed', error, { event: 'check-failed' });
        return err('action/unavailable', 'the server could not complete this action; try again');
      }
    };
    return this.queueUp(run);
  }

  private announce(change: TableChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.log('a listener failed', error, { event: 'listener-failed' });
      }
    }
  }

  /**
   * Applies an action and queues its effects; unless effects are being carried out already (this action is
   * one of theirs: its effects wait their turn in the queue), carries out the queue until it is empty.
   */
  private async dispatch(action: TableAction): Promise<Result<void>> {
    const applied = apply(this.state, action);
    if (!applied.ok) return applied;
    const { state, effects } = applied.value;
    this.fenced = this.options.fence !== undefined && touchesRound(effects) && !this.options.fence();
    if (this.fenced) return err('action/unavailable', 'this server cannot confirm its lease: it does not deal or settle now; try again or reconnect');
    const before = this.state;
    this.state = state;
    this.options.playerTables?.update(this.tableId, before.players, this.state.players);
    this.effects.push({ effects, before });
    if (!this.runningEffects) await this.runQueuedEffects();
    return ok(undefined);
  }

  /** Carries out the queued effects in order, first in first out: one loop, never re-entered. */
  private async runQueuedEffects(): Promise<void> {
    this.runningEffects = true;
    try {
      for (let batch = this.effects.shift(); batch !== undefined; batch = this.effects.shift()) await this.runEffects(batch.effects, batch.before);
    } finally {
      this.runningEffects = false;
      // An effect that threw ends the operation: the effects after it are dropped, as its own later ones are.
      this.effects.length = 0;
    }
  }

  /**
   * Queues the deal or the reveal the reducer asked for (`deal-due`, `reveal-due`) as the table's next operation, which
   * runs in a turn of the process's lane (`transitions`, docs/server.md "Actions first"): the action that asked for it is
   * answered first. Asked again before it started (every action while a round is due asks), it is queued once.
   */
  private askTransition(transition: Transition): void {
    if (this.transitionAsked !== null && transitionKey(this.transitionAsked) === transitionKey(transition)) return;
    this.transitionAsked = transition;
    this.transitionsQueued += 1;
    const done = this.enqueue(null, async () => {
      const endTurn = await this.options.transitions?.turn();
      try {
        this.transitionAsked = null;
        await this.carryOut(transition);
      } finally {
        endTurn?.();
      }
      return ok(undefined);
    });
    void done.finally(() => (this.transitionsQueued -= 1));
  }

  /**
   * Deals the round the reducer asked for (from the next server seed, fairness.md, or a deck of the test `rng`), or
   * reveals the round whose every hand is set (its settlement follows: `settle-round`). No longer due when its turn
   * came (a player cleared a bet or left before the deal; a round revealed already: `action/stale`), nothing.
   */
  private async carryOut(transition: Transition): Promise<void> {
    const nowMs = this.now();
    const action: TableAction = transition.kind === 'deal' ? { type: 'deal', ...this.seeds.deal(), nowMs } : { type: 'reveal', roundId: transition.roundId, nowMs };
    const done = await this.dispatch(action);
    if (!done.ok && done.error.code !== 'action/stale') {
      this.log(`the round due could not be ${transition.kind === 'deal' ? 'dealt' : 'revealed'}: ${done.error.code} ${done.error.message}`, undefined, { event: `${transition.kind}-failed` });
    }
  }

  /** Tells the reducer the ledger's answer to the settlement of `roundId`: the figures of `playerIds` as it has them now. */
  private async tellRoundSettled(roundId: string, playerIds: readonly string[]): Promise<void> {
    const here = [...new Set(playerIds)].filter((playerId) => this.state.players[playerId] !== undefined);
    const figures = await this.figuresAfterCommit(here, () => this.tellRoundSettled(roundId, playerIds));
    if (figures === null) return;
    const players: LedgerFigures[] = here.flatMap((playerId) => figures.get(playerId) ?? []);
    await this.dispatch({ type: 'round-settled', roundId, players, nowMs: this.now() });
  }

  /**
   * The figures of `playerIds` read after the ledger committed a deal or a settlement; `null` when the database did
   * not answer. Then the read is not the caller's failure: the ledger has the round, so the table goes on (a dealt
   * round to its decisions), and `later` runs on the table's queue every `FIGURES_RETRY_MS` until it succeeds or the
   * table closes. Thrown, it left a dealt table in `dealing` for good, its stakes in escrow (an operator's trial:
   * a PostgreSQL backend terminated just after a deal).
   */
  private async figuresAfterCommit(playerIds: readonly string[], later: () => Promise<void>): Promise<Map<string, LedgerFigures> | null> {
    try {
      return await this.figures(playerIds);
    } catch (error) {
      this.logger.warn({ event: 'figures-unread', playerIds, err: briefError(error) }, 'could not read the players\' balances after the ledger recorded the round; reading them again');
      this.retryLater(later);
      return null;
    }
  }

  /** Runs `op` on the table's queue after `FIGURES_RETRY_MS` (see `figuresAfterCommit`). */
  private retryLater(op: () => Promise<void>): void {
    const timer = setTimeout(() => {
      if (!this.closed) void this.enqueue(null, async () => ok(await op()));
    }, FIGURES_RETRY_MS);
    timer.unref();
  }

  /** The ledger's figures (`Ledger.figures`: spendable here, comp points) of `playerIds`, by player id, in one read. */
  private async figures(playerIds: readonly string[]): Promise<Map<string, LedgerFigures>> {
    if (playerIds.length === 0) return new Map();
    this.figureReads += 1;
    const rows = await this.options.ledger.figures(playerIds, this.tableId);
    return new Map(rows.map((row) => [row.playerId, { playerId: row.playerId, balanceCents: row.balanceCents, compPoints: row.compPoints, heldElsewhereCents: row.heldElsewhereCents }]));
  }

  private async syncPlayer(playerId: string): Promise<Result<void>> {
    const figures = (await this.figures([playerId])).get(playerId);
    if (figures === undefined) return err('ledger/unknown-account', `no player ${playerId}`);
    if (this.state.players[playerId] === undefined) return ok(undefined);
    return this.dispatch({ type: 'sync', ...figures, nowMs: this.now() });
  }

  /**
   * `syncPlayer` of each of `playerIds` at the table (in that order), their figures read in one statement; should the
   * database not answer, they are read again later (`figuresAfterCommit`) and the table goes on meanwhile.
   */
  private async syncPlayers(playerIds: readonly string[]): Promise<void> {
    const here = [...new Set(playerIds)].filter((playerId) => this.state.players[playerId] !== undefined);
    const figures = await this.figuresAfterCommit(here, () => this.syncPlayers(here));
    if (figures === null) return;
    for (const playerId of here) {
      const player = figures.get(playerId);
      if (player !== undefined && this.state.players[playerId] !== undefined) await this.dispatch({ type: 'sync', ...player, nowMs: this.now() });
    }
  }

  /**
   * Starts reading what `playerId` may stake here from the ledger (`Ledger.spendable`), for `checkBalance`; a read
   * that fails is logged (`balance-unread`, throttled) and answers null.
   */
  private askBalance(playerId: string): BalanceAsk {
    const read = this.options.ledger.spendable(playerId, this.tableId).catch((error: unknown) => {
      this.balanceUnreadLines.offer((repeated) =>
        this.log(`the balance of ${playerId} could not be read before a bet`, error, { event: 'balance-unread', playerId, ...(repeated > 0 ? { repeated } : {}) }),
      );
      return null;
    });
    return { read, figureReads: this.figureReads };
  }

  /**
   * Before a bet is checked against `playerId`'s balance here, makes that balance the ledger's (issue 13 point 5):
   * money it spent or won at a table of another process a moment ago counts, so a stale balance is never staked
   * (and never leaves the deal to find it short). One read; the reducer hears of a difference only. If the
   * database does not answer, the bet is checked against the seat's balance, and the deal checks it again.
   * The read was `asked` as the bet arrived: each of a table's bets waited in the queue for the read of the one
   * before (on PostgreSQL most of a bet's latency, `npm run bench -- server`), where now a table's bets share one
   * statement. It is used if the table has read or changed no figures since (`figureReads`); otherwise one of those
   * may be newer than it, and it is read again.
   */
  private async checkBalance(playerId: string, asked: BalanceAsk): Promise<void> {
    if (this.state.players[playerId] === undefined) return;
    const spendable = await (asked.figureReads === this.figureReads ? asked : this.askBalance(playerId)).read;
    const seat = this.state.players[playerId];
    if (seat === undefined || spendable === null || !spendable.ok || spendable.value === seat.balanceCents) return;
    await this.dispatch({ type: 'sync', playerId, balanceCents: spendable.value, compPoints: seat.compPoints, nowMs: this.now() });
  }

  /** What `player` may stake here: its wallet less its banks' covers at other tables (docs/server.md "The banker's cover"). */
  /**
   * `player`'s figures as it joins (`Ledger.figures`: what it may stake here, what it holds as bank cover at other
   * tables, its comp points); its account's balance and comp points if the ledger has no account for it.
   */
  private async joinFigures(player: Player): Promise<PlayerFigures> {
    const figures = (await this.figures([player.id])).get(player.id);
    return figures ?? { balanceCents: player.balanceCents, compPoints: player.compPoints };
  }

  /** Commits the banker's cover in the ledger (docs/server.md "The banker's cover") and tells the reducer what was held. */
  private async reserveBank(effect: Extract<TableEffect, { kind: 'reserve-bank' }>, attempt = 1): Promise<void> {
    const { minCents, maxCents, playerId } = effect;
    if (attempt === 1) this.coverAsked = effect;
    const input = { tableId: this.tableId, playerId, minCents, maxCents, ownerInstanceId: this.options.instanceId ?? null };
    let held: Result<number>;
    try {
      held = await this.options.ledger.reserveBank(input);
    } catch (error) {
      // No answer is no refusal: the bank stays, its cover as approved, and the ledger is asked again until it answers
      // (an attacker's: an approve during a 7 s database outage cost the banker its bank, told it was short of money).
      // A later approval's cover replaces this one; a bank that ended meanwhile asks for nothing.
      if (attempt === 1) this.log(`the bank of ${playerId} could not be covered yet; retrying`, error, { event: 'bank-cover-retrying', playerId });
      this.later(attempt, async () => {
        // Not once the round is dealt: its bank hold is in escrow then, and a reservation taken after it would be
        // counted less that hold, twice (a retester's: the banker could stake money its cover held).
        const banker = this.state.banker;
        if (this.coverAsked === effect && banker?.playerId === playerId && banker.approved && this.state.round === null) await this.reserveBank(effect, attempt + 1);
      });
      return;
    }
    if (!held.ok) this.log(`the bank of ${playerId} could not be covered: ${held.error.code} ${held.error.message}`, undefined, { event: 'bank-cover-failed', playerId });
    const applied = await this.dispatch({ type: 'bank-cover', playerId, coverCents: held.ok ? held.value : null, nowMs: this.now() });
    // No longer the banker here (`action/stale`): nothing may stay held for a bank that is gone.
    if (!applied.ok && held.ok) await this.releaseBank(playerId, 1);
    else this.options.onBalancesChanged?.([playerId]);
  }

  /**
   * Drops `playerId`'s bank cover at this table (`ledger.releaseBank`). On a database fault it is tried again with
   * back-off until the ledger answers (a banker who left during a database outage kept its cover held, spendable
   * nowhere, until the server restarted: an attacker's), unless the player banks here again meanwhile (its next
   * approval replaces the reservation).
   */
  private async releaseBank(playerId: string, attempt: number): Promise<void> {
    try {
      await this.options.ledger.releaseBank(this.tableId, playerId);
    } catch (error) {
      if (attempt === 1) this.log(`could not release the bank of ${playerId}; retrying`, error, { event: 'bank-release-failed', playerId });
      this.later(attempt, async () => {
        if (this.state.banker?.playerId !== playerId) await this.releaseBank(playerId, attempt + 1);
      });
      return;
    }
    this.options.onBalancesChanged?.([playerId]);
  }

  /** Runs `retry` on the table's queue after the back-off of `attempt` (`retryPauseMs`), unless the table closes first. */
  private later(attempt: number, retry: () => Promise<void>): void {
    void pause(retryPauseMs(this.deadlines, attempt), this.closing.signal).then(() =>
      this.enqueue(null, async () => {
        await retry();
        return ok(undefined);
      }),
    );
  }

  /** Carries out `effects` of the action that moved the table from `before` to the state after it. */
  private async runEffects(effects: readonly TableEffect[], before: TableState): Promise<void> {
    const { ledger } = this.options;
    for (const effect of effects) {
      switch (effect.kind) {
        case 'deal-due':
          this.askTransition({ kind: 'deal' });
          break;
        case 'reveal-due':
          this.askTransition({ kind: 'reveal', roundId: effect.roundId });
          break;
        case 'open-round': {
          this.seeds.noteDealt(effect.roundId);
          if (this.draining !== null) {
            // docs/server.md "Drain": no new round; the bets go back on the felt (notice/round-void).
            await this.dispatch({ type: 'round-failed', roundId: effect.roundId, reason: 'bet/closed', nowMs: this.now() });
            break;
          }
          const attempt = await openRoundWithRetry(
            ledger,
            {
              roundId: effect.roundId,
              tableId: this.tableId,
              bankerPlayerId: effect.bankerPlayerId,
              holds: effect.holds,
              secret: encodeRoundSecret(effect.secret),
              public: effect.public,
              ownerInstanceId: this.options.instanceId ?? null,
              fairness: this.seeds.take(effect.roundId, effect.secret.fairness),
              ...(this.options.hostingFence === true && this.options.instanceId != null ? { hostedBy: this.options.instanceId } : {}),
            },
            this.deadlines,
            this.now,
            this.closing.signal,
          );
          if (!attempt.answered) {
            await this.dealGivenUp(effect.roundId, effect.holds, attempt.error);
            break;
          }
          const opened = attempt.result;
          if (opened.ok && opened.value.status === 'open') {
            roundDealt(this.logger, this.tableId, effect.roundId, effect.holds);
            this.options.onBalancesChanged?.([...new Set(effect.holds.map((hold) => hold.playerId))]);
            // Players may now ask for hints: have the hint workers ready (they start once per process).
            this.options.hints?.prewarm?.();
            // The ledger took the stakes: the table shows its balances; then decisions start.
            await this.syncPlayers(effect.holds.map((hold) => hold.playerId));
            await this.dispatch({ type: 'round-opened', roundId: effect.roundId, nowMs: this.now() });
          } else if (!opened.ok && shortPlayersOf(opened.error).length > 0) {
            // One player's shortfall never voids the round for the others (docs/server.md): deal again without it, the
            // same round (its id and server seed: the refused deal wrote nothing), whose commitment the players saw
            // before they locked their client seeds (fairness.md §1), not the round after it, which nobody was shown.
            const short = shortPlayersOf(opened.error);
            await this.dispatch({ type: 'round-short', roundId: effect.roundId, playerIds: short, nowMs: this.now() });
            // Before the deal it asked for (`deal-due`, queued after this effect).
            if (this.state.nextRound?.roundId === effect.roundId) this.seeds.dealAgain(effect.roundId);
            await this.syncPlayers(short);
          } else {
            const error: RuleError = opened.ok ? { code: 'action/stale', message: 'the round could not be dealt' } : opened.error;
            dealFailed(this.logger, this.tableId, effect.roundId, error);
            // The reducer voids the round and tells its players (notice/round-void).
            await this.dispatch({ type: 'round-failed', roundId: effect.roundId, reason: error.code, nowMs: this.now() });
            await this.syncPlayers(effect.holds.map((hold) => hold.playerId));
            // Refused because another process hosts the table now: no more bets or deals here until the hosting sweep
            // drops the room (an operator's: players pressing Deal again got 16 deals void in 0.24 s, each a notice).
            if (!opened.ok && opened.error.code === 'action/stale' && this.options.hostingFence === true) this.drain('moving');
          }
          break;
        }
        case 'save-round': {
          // Not awaited here: the setting's acknowledgement waits for it (`enqueue`), the table's next action does not.
          const { attempted, kept } = this.recordSetting(effect.roundId, encodeRoundSecret(effect.secret));
          this.secretSaves.add(attempted);
          void attempted.finally(() => this.secretSaves.delete(attempted));
          this.ackWaits.push(kept);
          break;
        }
        case 'settle-round': {
          // The records of settings still being written are not waited for: the settlement keeps every setting of the
          // round and answers them (`settlementTakesOver`, below); a record that reaches the ledger after it finds the
          // round closed and is dropped (`recordSetting`). Waiting for them, a last setting during a partition was
          // answered only after two statements' bounds.
          const input = {
            roundId: effect.roundId,
            postings: effect.postings,
            compPoints: effect.compPoints,
            result: effect.result,
            ...(this.options.instanceId == null ? {} : { ownerInstanceId: this.options.instanceId }),
          };
          await this.recordOutbox();
          // The record with every hand set (the round as the reveal found it), saved while the settlement is retried: the
          // settings' own records may not be written yet. Encoded only then, not at every settlement.
          const round = before.round;
          const decided = round === null ? undefined : () => encodeRoundSecret(round);
          const settled = await this.settlements.settle({ ...input, tell: 'notice/round-settled' }, effect.compPoints.map((change) => change.playerId), decided);
          for (const change of effect.compPoints) this.written.add(change.playerId);
          // Settled here, or taken on to be retried: the settlement keeps the round's settings. Recovered by another
          // process (`stale`): whether a setting is kept is its own record's answer.
          if (settled.status !== 'stale') this.settlementTakesOver.get(effect.roundId)?.settle(true);
          this.settlementTakesOver.delete(effect.roundId);
          if (settled.status === 'settled') {
            roundSettled(this.logger, this.tableId, effect.roundId, effect.postings, effect.result);
            // The coach grades the settings in the background (worker threads): the round does not wait.
            if (before.round !== null) this.options.coach?.roundSettled(effect.result, before.round.rules);
          } else {
            if (settled.error !== null) settlementRefused(this.logger, this.tableId, effect.roundId, settled.error);
            // The table shows no reveal the ledger did not record (the last round stays the one before): another
            // process recovered the round (stale), whose notice tells the players the ledger's outcome; or the
            // settlement is retried (pending), and the result shows once it is recorded, unless it is refunded.
            if (settled.status === 'pending' && this.state.lastRound !== null) {
              this.heldReveals.set(effect.roundId, this.state.lastRound);
              this.settlingRoundId = effect.roundId;
            }
            this.state = { ...this.state, lastRound: before.lastRound };
          }
          // The table shows the balances and comp points the ledger has now. A settlement retried in the
          // background leaves them as the ledger last said (without this round's) until it is resolved
          // (`settlementResolved`); a banker waits for that to be asked to approve the next round.
          if (settled.status !== 'pending') await this.tellRoundSettled(effect.roundId, effect.compPoints.map((change) => change.playerId));
          this.options.onBalancesChanged?.(effect.compPoints.map((change) => change.playerId));
          break;
        }
        case 'reserve-bank':
          await this.reserveBank(effect);
          break;
        case 'release-bank':
          await this.releaseBank(effect.playerId, 1);
          break;
        case 'notice':
          this.deliver(effect.playerId, effect.notice);
          break;
      }
    }
  }

  /**
   * A deal whose ledger transaction gave no answer: it kept failing on a database fault for `deadlines.dealMs` (a
   * connection refused or lost, no answer, a full disk), or failed otherwise (`openRoundWithRetry`). The round is void (the
   * reducer puts the bets back on the felt and sends `notice/round-void`), and it is refunded in the
   * background in case the deal did reach the ledger; until the ledger answers, the table shows the
   * players' balances without those stakes (what the ledger has if the deal went through).
   */
  private async dealGivenUp(roundId: string, holds: readonly Hold[], error: unknown): Promise<void> {
    dealNotRecorded(this.repeatedLog, this.tableId, roundId, error);
    await this.dispatch({ type: 'round-failed', roundId, reason: 'action/unavailable', nowMs: this.now() });
    const stakes = new Map<string, number>();
    for (const hold of holds) stakes.set(hold.playerId, (stakes.get(hold.playerId) ?? 0) + hold.amountCents);
    this.settlements.refund(roundId, [...stakes.keys()], 'interrupted: the deal could not be recorded in time');
    await this.withoutStakes(stakes);
  }

  /**
   * Saves the private record of `roundId` with a setting made (`ledger.saveRoundSecret`), so that a restart keeps
   * the setting. `attempted` resolves after the first attempt; `kept` with whether the setting is kept: true once a
   * record with it is written, once the round's settlement here has settled it or taken it on to be retried
   * (`settlementTakesOver`), or once the round is no longer in play here (its settlement or refund has it); false
   * when the table closed first, the ledger refused the record (`action/stale`: another process recovered the
   * round while this one had lost its lease). Neither rejects.
   * A save that fails (a database fault) is tried again every `SETTING_RECORD_RETRY_MS` with the round's latest record (`latestSecret`, which has every setting made since):
   * an operator's trial acknowledged a setting whose save had failed, and a restart replaced it by the house way.
   * The driver's error is logged once, so that the line names the fault (`faultKindOf`), as the others do.
   */
  private recordSetting(roundId: string, secret: unknown): { attempted: Promise<void>; kept: Promise<boolean> } {
    this.latestSecret = { roundId, secret };
    const fields = { event: 'round-secret-unsaved', roundId };
    let attempted: () => void = () => undefined;
    const firstAttempt = new Promise<void>((resolve) => (attempted = resolve));
    const saved = (async (): Promise<boolean> => {
      for (let attempt = 1; ; attempt++) {
        const record = this.latestSecret?.roundId === roundId ? this.latestSecret.secret : secret;
        let saved: Result<void> | null = null;
        try {
          saved = await this.options.ledger.saveRoundSecret(roundId, record);
        } catch (error) {
          if (attempt === 1) this.log(`could not save round ${roundId}; trying again`, error, fields);
        }
        attempted();
        if (saved !== null && saved.ok) return true;
        if (saved !== null) {
          // Refused: said so at `warn`, not as an error whose `err` named only an object (an operator's).
          if (this.state.round?.roundId !== roundId) return true;
          this.log(`round ${roundId} is no longer open in the ledger (another process recovered it): this setting was not saved`, undefined, fields);
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, SETTING_RECORD_RETRY_MS).unref());
        if (this.closed) return false;
        if (this.state.round?.roundId !== roundId) return true;
      }
    })();
    let takeOver = this.settlementTakesOver.get(roundId);
    if (takeOver === undefined) {
      let settle: (kept: true) => void = () => undefined;
      const keptBySettlement = new Promise<true>((resolve) => (settle = resolve));
      takeOver = { kept: keptBySettlement, settle };
      this.settlementTakesOver.set(roundId, takeOver);
    }
    return { attempted: firstAttempt, kept: Promise.race([saved, takeOver.kept]) };
  }

  /**
   * Shows the players of a deal the ledger may have taken (it did not answer) their balances without
   * `stakes` (cents, by player; players no longer here are skipped): what the ledger has if the deal went
   * through. The ledger's own figures are read again once the round is refunded (`settlementResolved`). Not the
   * banker's: a bank is ended by figures short of a bank (`sync`), and a guess without its cover would end it (a
   * reviewer's finding: a banker of 200.00 covering 101.50 lost the bank to a deal the ledger did not answer).
   */
  private async withoutStakes(stakes: ReadonlyMap<string, number>): Promise<void> {
    this.figureReads += 1;
    for (const [playerId, cents] of stakes) {
      const p = this.state.players[playerId];
      if (p === undefined || playerId === this.state.banker?.playerId) continue;
      await this.dispatch({ type: 'sync', playerId, balanceCents: p.balanceCents - cents, compPoints: p.compPoints, nowMs: this.now() });
    }
  }

  /** A round retried in the background was settled or refunded: the players see the ledger's balances again, and hear of a refund. */
  private settlementResolved(resolution: Resolution): void {
    // An operator's: a refund after the settlement's deadline left no line.
    if (resolution.outcome === 'refunded') roundRefunded(this.logger, resolution.roundId, resolution.playerIds);
    void this.enqueue(null, async () => {
      const held = this.heldReveals.get(resolution.roundId);
      if (held !== undefined) {
        this.heldReveals.delete(resolution.roundId);
        this.settlingRoundId = [...this.heldReveals.keys()].at(-1) ?? null;
        // Recorded: its result shows now, unless a round played after it shows already.
        const newer = this.state.lastRound !== null && this.state.lastRound.settledAtMs > held.settledAtMs;
        this.state = { ...this.state, lastRound: resolution.outcome === 'settled' && !newer ? held : this.state.lastRound };
      }
      await this.tellRoundSettled(resolution.roundId, resolution.playerIds);
      // A settlement or a refund that told the players wrote to their inboxes (`notice/round-settled`, `-recovered`).
      for (const playerId of resolution.playerIds) this.written.add(playerId);
      if (resolution.outcome !== 'gone') this.options.onBalancesChanged?.(resolution.playerIds);
      return ok(undefined);
    });
  }

  /**
   * Writes the notices kept so far (`deliver`) to the inboxes in one transaction (before a settlement, so
   * that they are numbered before its `notice/round-settled`, and when the operation ends). A notice the
   * database could not store is sent once, unnumbered, to a connected player.
   */
  private async recordOutbox(): Promise<void> {
    const outbox = this.outbox;
    this.outbox = [];
    for (const event of outbox) this.written.add(event.playerId);
    try {
      await this.inbox.record(outbox);
    } catch (error) {
      this.repeatedLog('could not write notices to the player inbox', error, { event: 'inbox-write-failed' });
      for (const event of outbox) {
        if (this.state.players[event.playerId]?.connected === true) this.notices.push({ playerId: event.playerId, notice: unstoredNotice(event.notice, event.tableId) });
      }
    }
  }

  /** Keeps `notice` for `playerId`'s inbox: written when the operation ends (`sendInbox`). */
  private deliver(playerId: string, notice: TableNotice): void {
    this.outbox.push({ playerId, tableId: this.tableId, notice });
  }

  /**
   * Ends an operation's notices (docs/server.md "The player inbox"): writes the ones it made to the
   * inboxes (`recordOutbox`), then sends the players connected here their events not yet sent (those and
   * any the operation's settlement or refund wrote). Events not read now go at the next join or sweep.
   */
  private async sendInbox(): Promise<void> {
    await this.recordOutbox();
    const here = [...this.written].filter((playerId) => this.state.players[playerId]?.connected === true);
    this.written.clear();
    try {
      for (const event of await this.inbox.fresh(here)) {
        const notice = inboxNotice(event);
        if (event.tableId !== this.tableId && this.options.forward?.(event.playerId, notice) === true) continue;
        this.notices.push({ playerId: event.playerId, notice });
      }
    } catch (error) {
      this.log('could not read the player inbox', error, { event: 'inbox-read-failed' });
    }
  }

  /** Schedules a `tick` at the table's next deadline (rules.md §5 timers). */
  private schedule(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.closed) return;
    const deadline = nextDeadline(this.state);
    if (deadline === null) return;
    const delay = Math.max(this.fenced ? FENCED_RETRY_MS : 0, deadline - this.now()) + 5;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.enqueue(null, () => this.dispatch({ type: 'tick', nowMs: this.now() }));
    }, delay);
  }
}

/** A round transition the reducer asks the runner for (`deal-due`, `reveal-due`). */
type Transition = { readonly kind: 'deal' } | { readonly kind: 'reveal'; readonly roundId: string };

/** What tells two transitions apart: the deal, or the reveal of one round. */
function transitionKey(transition: Transition): string {
  return transition.kind === 'deal' ? 'deal' : `reveal ${transition.roundId}`;
}

/** Whether `effects` deal or settle a round: what a process without its lease must not do (fencing). */
function touchesRound(effects: readonly TableEffect[]): boolean {
  return effects.some((effect) => effect.kind === 'deal-due' || effect.kind === 'open-round' || effect.kind === 'reveal-due' || effect.kind === 'settle-round');
}

/** Whether two seat lists name the same player (or nobody) at every seat. */
function sameSeats(a: readonly (string | null)[], b: readonly (string | null)[]): boolean {
  return a === b || (a.length === b.length && a.every((playerId, seat) => playerId === b[seat]));
}
