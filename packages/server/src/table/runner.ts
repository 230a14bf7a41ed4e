/**
 * One live table: the engine reducer (`apply`) plus the clock, the timers and the ledger glue
 * (rules.md §5). Framework-free: the Colyseus room (`rooms/`) only forwards messages here and
 * sends the views this runner announces.
 *
 * Every operation runs in one serial queue per table, so actions never interleave: an action is
 * applied, its effects are carried out in order (ledger `openRound` before anyone sees a card,
 * `saveRoundSecret` after a setting, `settleRound` at the reveal, in one transaction each), and
 * only then are listeners told. Time comes from `now()`, rounds' decks from `shuffledDeck(rng)`
 * with a cryptographic `Rng` (rules.md §1).
 *
 * Hints (docs/protocol.md `hint`) are checked in the queue (`hintHand`, in order with the player's
 * other messages) but computed outside it, by the `HintService` (worker threads), so play never waits
 * for one; a hint that comes back after the player's hand was set or the round ended is dropped.
 */
import { randomUUID } from 'node:crypto';
import {
  apply,
  createTable,
  err,
  hintHand,
  nextDeadline,
  ok,
  shuffledDeck,
  viewFor,
  type ClientMessage,
  type HintReply,
  type Notice,
  type Result,
  type Rng,
  type RuleError,
  type SettingHint,
  type TableAction,
  type TableConfig,
  type TableEffect,
  type TableState,
  type TableView,
} from '@paigow/engine';
import type { HintService } from '../hint/index.js';
import type { Ledger } from '../ledger/index.js';
import type { Player, Players } from '../players/index.js';
import { NoticeBox } from './notice-box.js';
import { encodeRoundSecret } from './recovery.js';

/** What a runner needs. */
export interface TableRunnerOptions {
  readonly config: TableConfig;
  readonly ledger: Ledger;
  readonly players: Players;
  /** The shuffle's random source: `createCryptoRng(globalThis.crypto)` in production. */
  readonly rng: Rng;
  /** The clock in epoch ms (default `Date.now`). */
  readonly now?: () => number;
  /** Where problems are reported (default `console.error`). */
  readonly log?: (message: string, detail?: unknown) => void;
  /**
   * Called after this table moved money of `playerIds` in the ledger (a deal, a settlement), so
   * that other tables where they sit re-read their balances.
   */
  readonly onBalancesChanged?: (playerIds: readonly string[]) => void;
  /** Computes Hints off the main thread (the server's `HintPool`); without it `hint` is `action/unavailable`. */
  readonly hints?: HintService;
  /**
   * The server instance running this table (docs/server.md "Processes, leases and recovery"): recorded
   * as the owner of each round it deals, and required when settling it (a round another process
   * recovered is not settled again). Default `null` (no owner: for tests of the runner alone).
   */
  readonly instanceId?: string | null;
  /**
   * Takes the notices of rounds recovered while `playerId` was away (docs/server.md "Recovery"), whichever
   * process recovered them: called when the player joins this table; each notice is taken once.
   */
  readonly takeRecoveryNotices?: (playerId: string) => Promise<Notice[]>;
}

/** What changed, for the room: who gets an `ack`, who gets a `notice`. */
export interface TableChange {
  /** The acting player's `requestId`, to echo in its next view. */
  readonly ack: { readonly playerId: string; readonly requestId: string } | null;
  /**
   * `notice` messages (docs/protocol.md) for connected players: what a timer, a disconnection, a void
   * deal, a balance change or recovery did to them. Never a refusal (that is the request's `error`).
   */
  readonly notices: readonly { readonly playerId: string; readonly notice: Notice }[];
}

type Listener = (change: TableChange) => void;

/** A live table. Create one per table at start; `close()` it at shutdown. */
export class TableRunner {
  private state: TableState;
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly listeners = new Set<Listener>();
  private readonly now: () => number;
  private readonly log: (message: string, detail?: unknown) => void;
  private notices: { playerId: string; notice: Notice }[] = [];
  /** Notices of this table for players without a client here, sent when they join again. */
  private readonly waiting = new NoticeBox();
  /** Players whose hint is being computed (one at a time each). */
  private readonly hinting = new Set<string>();

  constructor(private readonly options: TableRunnerOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((message, detail) => console.error(`[table ${options.config.tableId}] ${message}`, detail ?? ''));
    this.state = createTable(options.config, this.now());
  }

  /** The table's id. */
  get tableId(): string {
    return this.options.config.tableId;
  }

  /** The table's settings. */
  get config(): TableConfig {
    return this.options.config;
  }

  /** The current private state (read-only; for the lobby and tests). Never send it to a client. */
  get current(): TableState {
    return this.state;
  }

  /** `viewFor(state, playerId)`: what that player may see now (docs/protocol.md `TableView`). */
  view(playerId: string | null): TableView {
    return viewFor(this.state, playerId);
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A client of `player` joined the table's room (or rejoined: rules.md §5 reconnection). The
   * balance and comp points are read fresh from the database.
   */
  join(player: Player): Promise<Result<void>> {
    return this.enqueue(null, async () => {
      const fresh = (await this.options.players.getPlayer(player.id)) ?? player;
      const joined = await this.dispatch({
        type: 'join',
        playerId: fresh.id,
        nickname: fresh.nickname,
        balanceCents: fresh.balanceCents,
        compPoints: fresh.compPoints,
        nowMs: this.now(),
      });
      if (joined.ok) {
        const recovered = (await this.options.takeRecoveryNotices?.(player.id)) ?? [];
        // A round recovered since the balance was read above moved money: read it again.
        if (recovered.length > 0) await this.syncPlayer(player.id);
        for (const notice of [...this.waiting.take(player.id), ...recovered]) this.notices.push({ playerId: player.id, notice });
      }
      return joined;
    });
  }

  /**
   * Tells `playerId` something no request of its own caused (e.g. a round recovered by the server,
   * docs/protocol.md `notice/round-recovered`), after re-reading its balance and comp points from the
   * database. Sent now if the player has a client at this table, else when it joins again.
   * @returns nothing; `action/unavailable` if the table is closed
   */
  notify(playerId: string, notice: Notice): Promise<Result<void>> {
    return this.enqueue(null, async () => {
      if (this.state.players[playerId] !== undefined) {
        const synced = await this.syncPlayer(playerId);
        if (!synced.ok) return synced;
      }
      this.deliver(playerId, notice);
      return ok(undefined);
    });
  }

  /** The last client of `playerId` left (rules.md §5 "Interruptions"). */
  leave(playerId: string): Promise<Result<void>> {
    return this.enqueue(null, () => this.dispatch({ type: 'leave', playerId, nowMs: this.now() }));
  }

  /** Re-reads `playerId`'s balance and comp points from the database (after a top-up elsewhere). */
  refreshPlayer(playerId: string): Promise<Result<void>> {
    return this.enqueue(null, async () => {
      if (this.state.players[playerId] === undefined) return ok(undefined);
      return this.syncPlayer(playerId);
    });
  }

  /**
   * Handles one parsed client message of `playerId` (docs/protocol.md); `hint` goes to `hint()`.
   * @returns nothing, or the refusal (its code from the reducer, the ledger's for `top-up`); a refused
   *   message changes nothing.
   */
  handle(playerId: string, message: Exclude<ClientMessage, { type: 'hint' }>): Promise<Result<void>> {
    const ack = { playerId, requestId: message.requestId };
    return this.enqueue(ack, async () => {
      const nowMs = this.now();
      switch (message.type) {
        case 'top-up': {
          const topped = await this.options.ledger.topUp(playerId);
          if (!topped.ok) return topped;
          return this.syncPlayer(playerId);
        }
        case 'sit':
          return this.dispatch({ type: 'sit', playerId, seat: message.seat, nowMs });
        case 'bet':
          return this.dispatch({ type: 'bet', playerId, spot: message.spot, amountCents: message.amountCents, nowMs });
        case 'set':
          return this.dispatch({ type: 'set', playerId, low: message.low, nowMs });
        case 'auto-approve':
          return this.dispatch({ type: 'auto-approve', playerId, on: message.on, nowMs });
        case 'stand':
        case 'deal':
        case 'house-way':
        case 'rebet':
        case 'take-bank':
        case 'leave-bank':
        case 'approve':
          return this.dispatch({ type: message.type, playerId, nowMs });
      }
    });
  }

  /**
   * A Hint for `playerId` (docs/protocol.md `hint`): the best setting of its own seven cards and its EV
   * beside the house way's, computed by the `hints` service off the main thread. Checked in the
   * table's queue, in order with the player's other messages; computed outside it, so play never waits.
   * It changes nothing at the table and nothing is announced.
   * @param requestId echoed in the reply
   * @returns the reply for the asking client; `null` when the hint came too late (the player set its
   *   hand, the decision timer ran out or the round ended meanwhile: it is dropped); or a refusal:
   *   `hintHand`'s (`action/not-seated`, `action/out-of-phase`, `action/not-your-turn`,
   *   `action/duplicate` for a hand already set), `action/duplicate` while this player's previous hint
   *   is still being computed, `action/unavailable` when the table has no hint service or the
   *   computation failed.
   */
  async hint(playerId: string, requestId: string): Promise<Result<HintReply | null>> {
    const hints = this.options.hints;
    if (hints === undefined) return err('action/unavailable', 'hints are not available at this table');
    const checked = await this.enqueueQuery(() => {
      const hand = hintHand(this.state, playerId);
      if (!hand.ok) return hand;
      if (this.hinting.has(playerId)) return err('action/duplicate', 'your hint is being computed');
      this.hinting.add(playerId);
      return hand;
    });
    if (!checked.ok) return checked;
    const { roundId, cards, commissionBps } = checked.value;
    let computed: SettingHint;
    try {
      computed = await hints.compute(cards, commissionBps);
    } catch (error) {
      this.log('a hint could not be computed', error);
      return err('action/unavailable', 'the hint could not be computed; try again');
    } finally {
      this.hinting.delete(playerId);
    }
    const still = hintHand(this.state, playerId);
    if (this.closed || !still.ok || still.value.roundId !== roundId) return ok(null);
    return ok({ requestId, ...computed });
  }

  /** Stops the timers and waits for the queue; later calls are refused. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.queue.catch(() => undefined);
  }

  /** Waits until every queued operation is done (tests). */
  async idle(): Promise<void> {
    await this.queue.catch(() => undefined);
  }

  // -------------------------------------------------------------------------------------------

  private enqueue(ack: TableChange['ack'], op: () => Promise<Result<void>>): Promise<Result<void>> {
    const run = async (): Promise<Result<void>> => {
      if (this.closed) return err('action/unavailable', 'the table is closed');
      this.notices = [];
      let result: Result<void>;
      try {
        result = await op();
      } catch (error) {
        this.log('an action failed', error);
        result = err('action/unavailable', 'the server could not complete this action; try again');
      }
      if (result.ok || this.notices.length > 0) this.announce({ ack: result.ok ? ack : null, notices: this.notices });
      this.schedule();
      return result;
    };
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
        this.log('a check failed', error);
        return err('action/unavailable', 'the server could not complete this action; try again');
      }
    };
    const next = this.queue.then(run, run);
    this.queue = next;
    return next;
  }

  private announce(change: TableChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.log('a listener failed', error);
      }
    }
  }

  /** Applies an action (with fresh deal material) and carries out its effects. */
  private async dispatch(action: TableAction): Promise<Result<void>> {
    const withDeal = { ...action, deal: { roundId: randomUUID(), deck: shuffledDeck(this.options.rng) } } as TableAction;
    const applied = apply(this.state, withDeal);
    if (!applied.ok) return applied;
    this.state = applied.value;
    await this.runEffects(applied.value.effects);
    return ok(undefined);
  }

  private async syncPlayer(playerId: string): Promise<Result<void>> {
    const player = await this.options.players.getPlayer(playerId);
    if (player === undefined) return err('ledger/unknown-account', `no player ${playerId}`);
    if (this.state.players[playerId] === undefined) return ok(undefined);
    return this.dispatch({ type: 'sync', playerId, balanceCents: player.balanceCents, compPoints: player.compPoints, nowMs: this.now() });
  }

  private async runEffects(effects: readonly TableEffect[]): Promise<void> {
    const { ledger } = this.options;
    for (const effect of effects) {
      switch (effect.kind) {
        case 'open-round': {
          const opened = await ledger.openRound({
            roundId: effect.roundId,
            tableId: this.tableId,
            bankerPlayerId: effect.bankerPlayerId,
            holds: effect.holds,
            secret: encodeRoundSecret(effect.secret),
            public: effect.public,
            ownerInstanceId: this.options.instanceId ?? null,
          });
          if (opened.ok && opened.value.status === 'open') {
            this.options.onBalancesChanged?.([...new Set(effect.holds.map((hold) => hold.playerId))]);
            // Players may now ask for hints: have the hint workers ready (they start once per process).
            this.options.hints?.prewarm?.();
            await this.dispatch({ type: 'round-opened', roundId: effect.roundId, nowMs: this.now() });
          } else {
            const error: RuleError = opened.ok ? { code: 'action/stale', message: 'the round could not be dealt' } : opened.error;
            this.log(`the deal of ${effect.roundId} was refused: ${error.code} ${error.message}`);
            // The reducer voids the round and tells its players (notice/round-void).
            await this.dispatch({ type: 'round-failed', roundId: effect.roundId, reason: error.code, nowMs: this.now() });
            for (const playerId of new Set(effect.holds.map((hold) => hold.playerId))) await this.syncPlayer(playerId);
          }
          break;
        }
        case 'save-round': {
          // The round settles in this same action: its settlement supersedes the private record.
          if (effects.some((later) => later.kind === 'settle-round' && later.roundId === effect.roundId)) break;
          const saved = await ledger.saveRoundSecret(effect.roundId, encodeRoundSecret(effect.secret));
          if (!saved.ok) this.log(`could not save round ${effect.roundId}`, saved.error);
          break;
        }
        case 'settle-round': {
          const settled = await ledger.settleRound({
            roundId: effect.roundId,
            postings: effect.postings,
            compPoints: effect.compPoints,
            result: effect.result,
            ...(this.options.instanceId == null ? {} : { ownerInstanceId: this.options.instanceId }),
          });
          if (!settled.ok) {
            // The round stays open in the ledger and is recovered once this process stops (or, if
            // another process already recovered it, `action/stale`, it stays as that one settled it);
            // meanwhile the table shows the balances the ledger really has.
            this.log(`could not settle round ${effect.roundId}`, settled.error);
            for (const change of effect.compPoints) await this.syncPlayer(change.playerId);
          }
          // Otherwise the reducer's balances and comp points are the ledger's (the engine's
          // property tests check that they agree); a join or a refused deal re-reads them.
          this.options.onBalancesChanged?.(effect.compPoints.map((change) => change.playerId));
          break;
        }
        case 'stood-up':
          break;
        case 'notice':
          this.deliver(effect.playerId, effect.notice);
          break;
      }
    }
  }

  /** Sends `notice` with this change if `playerId` has a client at the table, else keeps it for its next join. */
  private deliver(playerId: string, notice: Notice): void {
    if (this.state.players[playerId]?.connected === true) this.notices.push({ playerId, notice });
    else this.waiting.add(playerId, notice);
  }

  /** Schedules a `tick` at the table's next deadline (rules.md §5 timers). */
  private schedule(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.closed) return;
    const deadline = nextDeadline(this.state);
    if (deadline === null) return;
    const delay = Math.max(0, deadline - this.now()) + 5;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.enqueue(null, () => this.dispatch({ type: 'tick', nowMs: this.now() }));
    }, delay);
  }
}
