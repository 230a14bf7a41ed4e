/**
 * The Colyseus room of one table: a thin adapter (architecture.md). It authenticates the join
 * (`token` option), parses every message with the protocol's `parseClientMessage`, hands it to the
 * table's `TableRunner`, answers every refusal with `error {code, message, requestId}` and a Hint
 * with `hint` (`HintReply`, to the asking client only), a `ping` with `pong` (at once, not through the table), and after
 * every change sends each client its own `view` (`viewFor` of its player; `ViewPublisher`: at once to
 * the player it answers, coalesced for the others, never a view the client already has), sends `notice`
 * `{code, params, message}` to the players a timer, a disconnection or recovery affected, and announces the round the
 * table deals next, whose fairness then answers 409 (`AnnouncedRounds`). The room has no
 * Colyseus schema state: every client reads its own `view` message, and nothing else would read a shared
 * state (issue 12 point 7). No game logic and no Colyseus type leave this folder.
 *
 * Abuse (docs/server.md "Matchmaking", "Limits"): the static `onAuth` checks the session token before any
 * seat is reserved; `reserveSeatFor` reserves one for a signed-in player, at most
 * `limits.connectionsPerPlayer` per player; a message over `limits.maxMessageBytes` closes the connection (1009,
 * the WebSocket layer's `maxPayload`, unread), and one that cannot be decoded is answered with `error`
 * (`action/invalid`) and the connection closed, each logged on one line;
 * messages over the rate limits are answered with `error` (`rate/limited`) and not handled; a `sit` from an address
 * holding `limits.seatsPerIp` seats here is answered `seat/address-limit` before the table sees it (`SeatAddresses`); a
 * client that does not acknowledge its join within `joinAckMs` is closed (`JoinAcks`), and until it acknowledges it is
 * sent no view but its first and its own frames are dropped unread.
 */
import { ClientState, generateId, matchMaker, Protocol, Room, RoomInternalState, ServerError, type AuthContext, type Client, type ClientPrivate } from '@colyseus/core';
import type { RuleError } from '@paigow/engine';
import { MADE_ROOM_CLOSE_CODE, parseClientMessage, requestIdOf, type ErrorMessage, type HintReply, type InboxNotice, type PongReply } from '@paigow/protocol';
import type { Watchers } from '../admission/index.js';
import { authenticate } from '../auth/index.js';
import { rateLimited, SeatAddresses, type RateLimits, type RateRefusal, type ServerLimits } from '../limits/index.js';
import { rateLimitedRequests } from '../metrics/index.js';
import { briefError, LineThrottles, LOG_REPEAT_MS, redisFaultOf, rootLogger, type Logger } from '../log/index.js';
import { faultKindOf } from '../storage/faults.js';
import type { AnnouncedRounds } from '../fairness/announced-rounds.js';
import type { Player, Players } from '../players/index.js';
import { decodeRoomData, isControlFrame } from './frames.js';
import { countUnacknowledged, JOIN_ACK_CLOSE_CODE, JOIN_ACK_TIMEOUT_MS, JoinAcks } from './join-acks.js';
import { TABLE_MOVING } from './matchmaking.js';
import { ViewPublisher } from './view-publisher.js';
import type { TableChange, TableRunner } from '../table/runner.js';

/** What the room needs (passed as the room type's default options). */
export interface TableRoomServices {
  readonly players: Players;
  readonly runners: ReadonlyMap<string, TableRunner>;
  readonly limits: ServerLimits;
  readonly rateLimits: RateLimits;
  /** Where refused frames are logged (default `rootLogger()`). */
  readonly logger?: Logger;
  /**
   * Admission control (docs/server.md "Admission control"): a new player's seat reservation is refused while it
   * says why; once the player's client has joined, `joined` closes an evictable watcher of `watchers` if the
   * process is over its player limit.
   */
  readonly admission?: { admit(): RuleError | null; joined(): void };
  /** The process's watchers, kept by its rooms for admission control (default: none kept). */
  readonly watchers?: Watchers;
  /**
   * Where the room announces the round its table deals next (fairness.md §1), so that the fairness route answers it 409
   * from then on, and withdraws it when the room closes (`AnnouncedRounds`; default: nowhere).
   */
  readonly announced?: Pick<AnnouncedRounds, 'announce'>;
  /**
   * How long a client has to acknowledge its join once it was sent `JOIN_ROOM`, ms (default `JOIN_ACK_TIMEOUT_MS`, 10 s;
   * no environment variable: tests shorten it).
   */
  readonly joinAckMs?: number;
}

/** `onCreate` options: the table id (also the room id) and the services. */
export interface TableRoomOptions {
  readonly tableId: string;
  readonly services: TableRoomServices;
}

interface UserData {
  playerId: string;
}

/** What a seat reservation carries to the join: the signed-in player and the IP it asked from. */
export interface JoinAuth {
  readonly player: Player;
  readonly ip: string;
}

/** The answer of `reserveSeatFor`: the reservation's session id, or the typed refusal. */
export type SeatAnswer = { readonly sessionId: string } | { readonly error: RuleError };

/** Colyseus close code / matchmaking error code for a refused sign-in. */
export const AUTH_FAILED_CODE = 4401;

/** The close code after a refused frame (the `error` message went first). */
const BAD_FRAME_CLOSE_CODE = 4400;

/** How often a room being disconnected drops unused reservations and closes the clients joined since (`sweepLateJoins`), ms. */
const LATE_CLIENT_SWEEP_MS = 50;

/**
 * How long a refused join's client is given to take its join, ms (`closeOnceJoined`): the `error` message queued for it
 * is sent only once it has (Colyseus holds a joining client's messages until then).
 */
const REFUSED_JOIN_WAIT_MS = 5_000;

/** The close code of a client cut off for flooding (the `error` message went first). */
const FLOOD_CLOSE_CODE = 4429;

/**
 * The `frame-refused` and `client-cut-off` lines of this process, by event and player: a player's first line is
 * written, then at most one every `LOG_REPEAT_MS`, counting in `repeated` those not written (a guest that joined and
 * sent a bad frame 400 times a second wrote a line each time: about 460 MB of log an hour). Players quiet for that
 * long are forgotten past 10,000 (log/throttle.ts).
 */
const clientFaultLines = new LineThrottles(LOG_REPEAT_MS, Date.now, 10_000);

type TableClient = Client<UserData, JoinAuth>;

/** One table's room; its room id is the table id (`client.joinById('table-1', { token })`). Use `tableRoomType`. */
export class TableRoom extends Room<object, unknown, UserData, JoinAuth> {
  override autoDispose = false;
  override maxClients = 200;
  private runner!: TableRunner;
  private services!: TableRoomServices;
  private logger!: Logger;
  private unsubscribe: (() => void) | null = null;
  private readonly clientsOf = new Map<string, Set<TableClient>>();
  /** Each client's messages refused by its player's own rate limit in its current window (`refuseOverRate`). */
  private readonly rateRefusals = new WeakMap<TableClient, { sinceMs: number; count: number }>();
  /** Clients cut off for flooding: their remaining frames are dropped unread. */
  private readonly cutOff = new WeakSet<TableClient>();
  /** Sends the views (set in `onCreate`). */
  private views!: ViewPublisher<TableClient>;
  /** The address each seat was taken from, for `limits.seatsPerIp` (set in `onCreate`). */
  private seatAddresses!: SeatAddresses;
  /** True while `reserveSeatFor` reserves for a player at this table (`hasReachedMaxClients`). */
  private reservingForPlayerAtTable = false;
  /** Players who sent a table message since the last session check (`checkSessions`): they used their session. */
  private sessionsUsed = new Set<string>();
  /** Runs `checkSessions` every `Players.sessionCheckMs`. */
  private sessionChecks: NodeJS.Timeout | null = null;
  /** The clients sent `JOIN_ROOM` that have not acknowledged it, with their deadlines (set in `onCreate`). */
  private joinAcks!: JoinAcks<TableClient>;

  override onCreate(options: TableRoomOptions): void {
    const runner = options.services.runners.get(options.tableId);
    if (runner === undefined) throw new Error(`no table ${options.tableId}`);
    if (matchMaker.getLocalRoomById(options.tableId) !== undefined) throw new Error(`table ${options.tableId} has its room already`);
    this.roomId = options.tableId;
    this.runner = runner;
    this.services = options.services;
    this.logger = options.services.logger ?? rootLogger();
    void this.setMetadata({ tableId: options.tableId, name: runner.config.name });
    this.views = new ViewPublisher({ view: (playerId) => runner.view(playerId), clientsOf: this.clientsOf, joining: (client) => client.state === ClientState.JOINING });
    const joinAckMs = options.services.joinAckMs ?? JOIN_ACK_TIMEOUT_MS;
    this.joinAcks = new JoinAcks(joinAckMs, (client) => {
      countUnacknowledged(this.logger, { tableId: this.roomId, playerId: client.userData?.playerId, ip: client.auth?.ip }, joinAckMs);
      this.closeUnacknowledged(client, JOIN_ACK_CLOSE_CODE);
    });
    this.seatAddresses = new SeatAddresses(options.services.limits.seatsPerIp, (playerId) => this.seatedHere(playerId));
    this.unsubscribe = runner.subscribe((change) => this.publish(change));
    this.announceNextRound();
    this.onMessage('*', (client, type, payload) => void this.receive(client, type, payload));
    this.sessionChecks = setInterval(() => void this.checkSessions(), options.services.players.sessionCheckMs);
    this.sessionChecks.unref();
  }

  /**
   * Checks the sessions of the players connected here (docs/server.md "Sessions"): those who sent a table message
   * since the last check are renewed (playing is using the session); a player whose session expired or was signed
   * out is told `auth/invalid-session` and closed (4401), as at sign-out. A database fault skips this check (the
   * next one looks again, with the uses kept).
   */
  private async checkSessions(): Promise<void> {
    const playerIds = [...this.clientsOf.keys()];
    if (playerIds.length === 0) return;
    const used = this.sessionsUsed;
    this.sessionsUsed = new Set();
    let refused: Map<string, RuleError>;
    try {
      refused = await this.services.players.keepSessions(playerIds, used);
    } catch (error) {
      for (const playerId of used) this.sessionsUsed.add(playerId);
      // The fault is named (`fault`: `busy`, `connection-lost`, …) as on the other lines of a database or Redis fault.
      const fault = faultKindOf(error) ?? redisFaultOf(error);
      this.logger.warn({ event: 'session-check-failed', tableId: this.roomId, err: briefError(error), ...(fault === null ? {} : { fault }) }, 'the sessions at this table could not be checked');
      return;
    }
    for (const [playerId, error] of refused) this.closeSession(playerId, error);
  }

  /**
   * Reserves a seat for `auth`'s player (called through `matchMaker.remoteRoomCall` by the matchmaking
   * route, after the static `onAuth`).
   * A player at its limit (`limits.connectionsPerPlayer` connections and unused reservations here) that holds an
   * unused reservation gets a new one in place of its oldest, dropped as its expiry would drop it: a page reloaded
   * while joining leaves reservations nobody will use, and they refused the player for up to their 15 s.
   * @returns the reservation's session id; or `rate/too-many-connections` when the player already has
   *   `limits.connectionsPerPlayer` connections here (clients joined or joining, not unused reservations), `server/overloaded` for a player without a seat at
   *   this table while the process is overloaded (admission control: at its player limit, unless a watcher anywhere
   *   in the process is evictable; it is closed only when this player's client joins, `onJoin`), or
   *   `action/table-full` when the room is full
   *   (never for a player at this table: `hasReachedMaxClients`), or `action/unavailable` (`TABLE_MOVING`) while the
   *   room is being disconnected
   */
  async reserveSeatFor(auth: JoinAuth, options: unknown): Promise<SeatAnswer> {
    // Its table is moving (or this process stopping): Colyseus would call the room full (an operator's finding).
    if (this.disposing()) return { error: TABLE_MOVING };
    const limit = this.services.limits.connectionsPerPlayer;
    const playerId = auth.player.id;
    const reserved = Object.values(this.reservedSeats).filter(([, seatAuth]) => (seatAuth as JoinAuth | undefined)?.player.id === playerId).length;
    const unused = [...this.unusedReservations()].filter(([, reservedFor]) => reservedFor === playerId).length;
    // Its clients joined, and its reservations being used (or still being made): only these refuse it.
    const connections = this.clients.filter((client) => client.auth?.player.id === playerId).length + reserved - unused;
    if (connections >= limit) {
      rateLimitedRequests.inc({ kind: 'ws-connection' });
      return { error: { code: 'rate/too-many-connections', message: `at most ${limit} connections per player at a table` } };
    }
    const atTable = this.seatedHere(playerId);
    const refused = atTable ? null : (this.services.admission?.admit() ?? null);
    if (refused !== null) return { error: refused };
    // At its limit with reservations nobody used: the oldest go, as their expiry would drop them.
    for (let held = connections + unused; held >= limit; held--) this.dropOldestReservation((reservedFor) => reservedFor === playerId);
    const sessionId = generateId();
    // `_reserveSeat` asks `hasReachedMaxClients` before its first await: only this reservation gets past a full room.
    this.reservingForPlayerAtTable = atTable || this.makeRoom();
    const reserving = this._reserveSeat(sessionId, options, auth);
    this.reservingForPlayerAtTable = false;
    if (!(await reserving)) return { error: { code: 'action/table-full', message: 'the table takes no more connections' } };
    return { sessionId };
  }

  /**
   * Full at `maxClients` connections and reservations, except for a player who is at this table (seated, or
   * its seat held): reservations nobody uses (a flood of joins that never connect) may fill the room, but never
   * keep a player from its seat. A room being disposed takes nobody.
   */
  override hasReachedMaxClients(): boolean {
    if (!this.reservingForPlayerAtTable) return super.hasReachedMaxClients();
    // Colyseus' own test without the count (`maxClients` is not changed: setting it relists and locks the room).
    return this.disposing();
  }

  /** Whether the room is being disconnected and disposed (its table moves away, or this process stops). */
  private disposing(): boolean {
    return (this as unknown as { _internalState: RoomInternalState })._internalState === RoomInternalState.DISPOSING;
  }

  /**
   * Whether `playerId` is at this table in the sense of the room's limits: seated, or its seat held after a drop
   * (a player who only watches is not: its extra connections counted toward `maxClients`, docs/server.md "Limits").
   */
  private seatedHere(playerId: string): boolean {
    return (this.runner.current.players[playerId]?.seat ?? null) !== null;
  }

  /**
   * In a full room, makes a place for a player who comes to the table: first by dropping the oldest seat
   * reservation nobody has used of a player not at the table (as its expiry would: nobody is at the table
   * yet, and guests who keep asking for seats they never use filled the room and shut every newcomer out),
   * else by closing the client sent its join longest ago that has not acknowledged it (`JoinAcks`: it has seen nothing
   * of the table yet, as a reservation unused; an attacker's 200 clients that never acknowledged held a table shut,
   * as they were never counted as watchers), else by closing the connection that has watched longest without a seat
   * (a player at this table with none, or not yet joined: an attacker's hundreds of idle connections did the same).
   * That watcher is told `action/table-full` and closed with `MADE_ROOM_CLOSE_CODE` (a client not acknowledging its
   * join gets the code alone: it reads nothing before); a seated player's connections and a reservation of a player at
   * the table are never taken.
   * @returns whether a place was made (after a close, the room is over `maxClients` by one until the close
   *   completes), false when the room is not full or nobody only watches or holds an unused reservation
   */
  private makeRoom(): boolean {
    if (!super.hasReachedMaxClients()) return false;
    if (this.dropOldestReservation()) return true;
    for (const client of this.joinAcks.clients()) {
      const playerId = client.userData?.playerId;
      // A seated player's client reconnecting: never taken, as its joined ones.
      if (playerId !== undefined && this.seatedHere(playerId)) continue;
      this.closeUnacknowledged(client, MADE_ROOM_CLOSE_CODE);
      return true;
    }
    const watcher = this.clients.find((client) => {
      const playerId = client.userData?.playerId;
      return client.state === ClientState.JOINED && (playerId === undefined || (this.runner.current.players[playerId]?.seat ?? null) === null);
    });
    if (watcher === undefined) return false;
    this.sendError(watcher, { code: 'action/table-full', message: 'the table is full: your place as a watcher went to a player who came to the table' }, null);
    watcher.leave(MADE_ROOM_CLOSE_CODE);
    return true;
  }

  /**
   * Drops the oldest unused seat reservation of a player `which` picks (by its id, `undefined` for a reservation
   * without one; by default a player not at this table), as Colyseus does when one expires (`_reserveSeat`'s timer);
   * its client's WebSocket is then refused as that of an expired reservation.
   * @returns whether one was dropped
   */
  private dropOldestReservation(which: (playerId: string | undefined) => boolean = (playerId) => playerId === undefined || !this.seatedHere(playerId)): boolean {
    for (const [sessionId, playerId] of this.unusedReservations()) {
      if (!which(playerId)) continue;
      this.dropReservation(sessionId);
      void this._decrementClientCount();
      return true;
    }
    return false;
  }

  /**
   * The seat reservations nobody has used, as `[sessionId, playerId]`, oldest first: the enumerable keys of
   * `reservedSeats` (a used one is made non-enumerable), less those consumed or reconnecting. One whose expiry is
   * not set yet is left out: `_reserveSeat` lists a reservation before it counts it and sets its expiry, and one
   * still in that await, dropped, would be counted down here and again when its expiry fires.
   */
  private *unusedReservations(): Generator<[string, string | undefined]> {
    for (const sessionId of Object.keys(this.reservedSeats)) {
      const [, auth, consumed, reconnecting] = this.reservedSeats[sessionId];
      if (consumed || reconnecting || this.reservedSeatTimeouts[sessionId] === undefined) continue;
      yield [sessionId, (auth as JoinAuth | undefined)?.player.id];
    }
  }

  /** Forgets the reservation `sessionId` and its expiry (the count is the caller's). */
  private dropReservation(sessionId: string): void {
    clearTimeout(this.reservedSeatTimeouts[sessionId]);
    delete this.reservedSeatTimeouts[sessionId];
    delete this.reservedSeats[sessionId];
  }

  /**
   * Whether `playerId` only watches here: at the table with a client connected (so admission control counts it),
   * without a seat, and with a client joined or sent its join and not acknowledging it (`JoinAcks`; 10 such clients
   * kept a server at its player limit shut, never evictable). A client whose join the room is still taking is not
   * counted: it is the newcomer admission control is making room for (`Admission.joined`, from `onJoin`).
   */
  private watching(playerId: string): boolean {
    const player = this.runner.current.players[playerId];
    if (player === undefined || !player.connected || player.seat !== null) return false;
    for (const client of this.clientsOf.get(playerId) ?? []) if (client.state === ClientState.JOINED || this.joinAcks.awaits(client)) return true;
    return false;
  }

  /**
   * The process is over its player limit and `playerId`, the evictable watcher connected longest, gives its place to a
   * player who joined (admission control, `Watchers.replaceLongest`): each of its clients here is told `server/overloaded` and
   * closed with `MADE_ROOM_CLOSE_CODE`, so the web client does not rejoin (one not acknowledging its join gets the code alone).
   */
  private closeWatcher(playerId: string): void {
    for (const client of [...(this.clientsOf.get(playerId) ?? [])]) {
      if (this.joinAcks.awaits(client)) {
        this.closeUnacknowledged(client, MADE_ROOM_CLOSE_CODE);
        continue;
      }
      this.sendError(client, { code: 'server/overloaded', message: 'this server is full: your place as a watcher went to a player who came to play; try again in a minute or pick another table' }, null);
      client.leave(MADE_ROOM_CLOSE_CODE);
    }
  }

  /**
   * Closes every connection of `playerId` here after telling it `auth/invalid-session` (its session was
   * signed out; called through `matchMaker.remoteRoomCall` by `GameServer.disconnectPlayer`).
   */
  disconnectPlayer(playerId: string): void {
    this.closeSession(playerId, { code: 'auth/invalid-session', message: 'this session was signed out; sign in again' });
  }

  /** Tells each connection of `playerId` here why its session no longer works (`error`) and closes it (4401). */
  private closeSession(playerId: string, error: RuleError): void {
    for (const client of this.clientsOf.get(playerId) ?? []) {
      this.sendError(client, error, null);
      client.leave(AUTH_FAILED_CODE);
    }
  }

  /**
   * Closes `client` with `code` once it has taken its join, so that the messages queued for it reach it first; at
   * most `REFUSED_JOIN_WAIT_MS` later if it never does.
   */
  private closeOnceJoined(client: TableClient, code: number): void {
    const deadline = Date.now() + REFUSED_JOIN_WAIT_MS;
    const poll = setInterval(() => {
      if (client.state === ClientState.JOINING && Date.now() < deadline) return;
      clearInterval(poll);
      client.leave(code);
    }, 20);
  }

  /**
   * Colyseus' join of `client`'s WebSocket (`onJoin` runs in it); once it has sent the client `JOIN_ROOM`, the client's
   * acknowledgement is awaited for `joinAckMs` (`JoinAcks`). A join that throws is Colyseus' to answer, as before.
   */
  override async _onJoin(client: TableClient & ClientPrivate, authContext: AuthContext): Promise<void> {
    await super._onJoin(client, authContext);
    // `JOIN_ROOM` went out at the end of that call, and no frame of the client has been read since (reading one takes a
    // turn of the event loop): a client still joining now has not acknowledged it.
    if (client.state === ClientState.JOINING) this.joinAcks.sent(client);
  }

  /**
   * Closes `client`, sent its join and not acknowledging it, with `code`, and forgets it at once (`_forciblyCloseClient`,
   * as a consented leave is): it reads nothing before it acknowledges, so it is told nothing, and its place is free
   * whether or not it ever answers the close.
   */
  private closeUnacknowledged(client: TableClient, code: number): void {
    this.joinAcks.settled(client);
    this._forciblyCloseClient(client as TableClient & ClientPrivate, code);
  }

  override async onJoin(client: TableClient, options: unknown, auth: JoinAuth): Promise<void> {
    const player = auth.player;
    client.userData = { playerId: player.id };
    let clients = this.clientsOf.get(player.id);
    if (clients === undefined) {
      clients = new Set();
      this.clientsOf.set(player.id, clients);
    }
    clients.add(client);
    // As `reserveSeatFor` judged it: a player not at the table is new to the count (admission control).
    const newcomer = this.runner.current.players[player.id] === undefined;
    // A seat reserved before its session was signed out is no way back in: the session is checked again, now
    // that the client is where a sign-out finds it (`disconnectPlayer`), so one of the two always closes it.
    const session = await authenticate(this.services.players, tokenOf(options));
    if (!session.ok) {
      // Told as an open connection is (`closeSession`: `error`, then 4401; an attacker's finding: it got the close
      // alone), so the join completes first; meanwhile it is nobody's connection, and any action it sends is refused.
      await this.forget(client);
      this.sendError(client, session.error, null);
      this.closeOnceJoined(client, AUTH_FAILED_CODE);
      return;
    }
    this.services.watchers?.enter(this.roomId, player.id, { watching: () => this.watching(player.id), close: () => this.closeWatcher(player.id) });
    const joined = await this.runner.join(player);
    if (!joined.ok) {
      this.sendError(client, joined.error, null);
      return;
    }
    this.seatAddresses.joined(player.id, auth.ip);
    // Its view first, then the player's inbox events not acknowledged (docs/server.md "The player inbox").
    this.views.sendFirstView(player.id);
    for (const notice of joined.value) client.send('notice', notice satisfies InboxNotice);
    // Counted now: past the process's player limit, an evictable watcher makes room (never for a reservation unused).
    if (newcomer) this.services.admission?.joined();
  }

  /**
   * `consented`: the client left on purpose (`room.leave()`), not a lost connection (`TableRunner.leave`); Colyseus
   * says so also of the clients the room closes itself when it goes (`disconnect`), who did not choose to.
   */
  override async onLeave(client: TableClient, consented?: boolean): Promise<void> {
    this.joinAcks.settled(client);
    await this.forget(client, consented === true && !this.disposing());
  }

  /**
   * Takes `client` from its player's connections (it speaks for nobody from then on); the player's last one gone, the
   * table counts the player gone (`deliberate`: that last one left on purpose).
   */
  private async forget(client: TableClient, deliberate = false): Promise<void> {
    const playerId = client.userData?.playerId;
    if (playerId === undefined) return;
    client.userData = undefined;
    const clients = this.clientsOf.get(playerId);
    clients?.delete(client);
    if (clients !== undefined && clients.size === 0) {
      this.clientsOf.delete(playerId);
      await this.runner.leave(playerId, deliberate);
      // Once the table no longer counts it (a watcher being closed counts as gone until then), unless it came back meanwhile.
      if (!this.clientsOf.has(playerId)) this.services.watchers?.leave(this.roomId, playerId);
    }
  }

  /**
   * Closes every client (the table moves to another process, or this one stops) and disposes the room: the views
   * still due (other players' views wait up to `OTHERS_VIEW_DELAY_MS`) go first, so nobody misses the last change,
   * e.g. a reveal. Until the room is gone, every `LATE_CLIENT_SWEEP_MS`, the seat reservations nobody has used are
   * dropped and the clients that joined since are closed (`sweepLateJoins`).
   */
  override async disconnect(closeCode?: number): Promise<unknown> {
    this.views.flush();
    const disconnected = super.disconnect(closeCode);
    const sweep = setInterval(() => this.sweepLateJoins(closeCode ?? Protocol.WS_CLOSE_CONSENTED), LATE_CLIENT_SWEEP_MS);
    try {
      return await disconnected;
    } finally {
      clearInterval(sweep);
    }
  }

  /**
   * While the room is being disconnected: Colyseus disposes it only once no client is left and no seat is reserved,
   * so a reservation nobody uses kept it (unlisted, the table's move unfinished) until its expiry, 15 s; and one used
   * while the clients were leaving joined after them, and kept it for good (the cluster soak found both). Such
   * reservations are dropped (their clients are refused as expired ones and join again, reaching the table's new
   * host), and such clients are closed. The room's auto-dispose timer (which a reservation made as the disconnect began
   * set to its expiry) is then made due now.
   */
  private sweepLateJoins(closeCode: number): void {
    let dropped = false;
    for (const [sessionId] of this.unusedReservations()) {
      this.dropReservation(sessionId);
      dropped = true;
    }
    // The timer checks for clients itself; one still here leaves later, and the 15 s timer would have kept the room.
    if (dropped) this.resetAutoDisposeTimeout(0);
    for (const client of this.clients) if (client.state === ClientState.JOINED) client.leave(closeCode);
  }

  override onDispose(): void {
    if (this.sessionChecks !== null) clearInterval(this.sessionChecks);
    this.joinAcks.close();
    this.views.close();
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.services.announced?.announce(this.roomId, null);
  }

  /**
   * Every frame of a client sent its join: Colyseus' own join and leave frames go to Colyseus (its join acknowledged,
   * the client is sent what changed since its first view, `ViewPublisher.joined`); any other is a room message, dropped
   * unread from a client that has not acknowledged its join (Colyseus' clients send none before it, and the answers
   * would wait in Colyseus' queue for it), else decoded here (refused with `error` and the close when too large or
   * undecodable) and handled by `receive`.
   */
  protected override _onMessage(client: TableClient & ClientPrivate, frame: Buffer): void {
    if (this.cutOff.has(client)) return;
    if (isControlFrame(frame)) {
      super._onMessage(client, frame);
      const playerId = client.userData?.playerId;
      if (client.state === ClientState.JOINED && this.joinAcks.settled(client) && playerId !== undefined) this.views.joined(client, playerId);
      return;
    }
    if (client.state === ClientState.LEAVING || client.state === ClientState.JOINING || this.cutOff.has(client)) return;
    const decoded = decodeRoomData(frame, this.services.limits.maxMessageBytes);
    if (decoded.ok) {
      void this.receive(client, decoded.value.type, decoded.value.payload);
      return;
    }
    const playerId = client.userData?.playerId;
    clientFaultLines.offer(`frame-refused\u0000${playerId ?? ''}`, (repeated) =>
      this.logger.warn(
        { event: 'frame-refused', tableId: this.roomId, playerId, bytes: frame.byteLength, err: briefError(decoded.error), ...(repeated > 0 ? { repeated } : {}) },
        `refused a table message: ${decoded.error.message}`,
      ),
    );
    this.sendError(client, decoded.error, null);
    client.leave(BAD_FRAME_CLOSE_CODE);
  }

  /**
   * One message of a joined client: counted against the message rates (every message, readable or not),
   * parsed, counted against the top-up rates when it is a top-up, then handled by the runner.
   */
  private async receive(client: TableClient, type: string | number, payload: unknown): Promise<void> {
    const refused = await this.answer(client, type, payload);
    // LOG_LEVEL=debug: every table message and how it ended, refused before the table or by it (docs/operations.md "Logs").
    // Checked first: this runs for every message, and at other levels the line is not built.
    if (this.logger.isLevelEnabled('debug')) {
      this.logger.debug({ event: 'message', tableId: this.roomId, playerId: client.userData?.playerId, type: String(type), refused }, 'table message');
    }
  }

  /** Handles one message and answers it where it is answered. @returns the refusal's code, or null when it was taken */
  private async answer(client: TableClient, type: string | number, payload: unknown): Promise<string | null> {
    const playerId = client.userData?.playerId;
    if (playerId === undefined) return this.refuse(client, { code: 'auth/invalid-session', message: 'not signed in' }, requestIdOf(payload));
    this.sessionsUsed.add(playerId);
    const ip = client.auth?.ip ?? '';
    const overRate = await this.services.rateLimits.message(playerId, ip);
    if (overRate !== null) {
      this.refuseOverRate(client, overRate, requestIdOf(payload));
      return 'rate/limited';
    }
    const parsed = parseClientMessage(type, payload);
    if (!parsed.ok) return this.refuse(client, parsed.error, requestIdOf(payload));
    const message = parsed.value;
    const overTopUps = message.type === 'top-up' ? await this.services.rateLimits.topUp(playerId, ip) : null;
    if (overTopUps !== null) {
      rateLimitedRequests.inc({ kind: 'ws-message' });
      return this.refuse(client, rateLimited(overTopUps.waitMs), message.requestId);
    }
    if (message.type === 'ping') {
      // Answered here, not by the table's queue: it says the process and the connection are alive (docs/protocol.md `ping`).
      client.send('pong', { requestId: message.requestId } satisfies PongReply);
      return null;
    }
    if (message.type === 'ack-notice') {
      // Never answered (docs/protocol.md `ack-notice`).
      await this.runner.ackNotice(playerId, message.seq);
      return null;
    }
    if (message.type === 'hint') {
      // A hint goes to the asking client only, as a `hint` message; a late one is dropped (null).
      const hint = await this.runner.hint(playerId, message.requestId, message.roundId);
      if (!hint.ok) return this.refuse(client, hint.error, message.requestId);
      if (hint.value !== null) client.send('hint', hint.value satisfies HintReply);
      return null;
    }
    const sitting = message.type === 'sit';
    if (sitting) {
      const refused = this.seatAddresses.claim(playerId, ip);
      if (refused !== null) {
        rateLimitedRequests.inc({ kind: 'seat' });
        return this.refuse(client, refused, message.requestId);
      }
    }
    try {
      const handled = await this.runner.handle(playerId, message);
      return handled.ok ? null : this.refuse(client, handled.error, message.requestId);
    } finally {
      if (sitting) this.seatAddresses.settle(playerId);
    }
  }

  /** Answers `error` and returns its code. */
  private refuse(client: TableClient, error: RuleError, requestId: string | null): string {
    this.sendError(client, error, requestId);
    return error.code;
  }

  /**
   * Answers a message over the rate limits with `rate/limited`. A client refused by its player's own limit as many
   * times as that limit allows messages, within one of its windows, is flooding: it is cut off (logged on one
   * line, closed) so that what it has still queued costs nothing. Refusals by the IP's limit are not counted: that
   * allowance is shared with the others behind the address (a NAT), and a player sending a few messages a second
   * there was cut off for what the others sent. Nor do refusals add up across windows: a player tapping chips fast
   * now and then, under the rate on average, was cut off after three bursts.
   */
  private refuseOverRate(client: TableClient, refusal: RateRefusal, requestId: string | null): void {
    if (this.cutOff.has(client)) return;
    rateLimitedRequests.inc({ kind: 'ws-message' });
    this.sendError(client, rateLimited(refusal.waitMs), requestId);
    if (!refusal.own) return;
    const limit = this.services.limits.messagesPerPlayer;
    const now = Date.now();
    const counted = this.rateRefusals.get(client);
    const window = counted !== undefined && now - counted.sinceMs < limit.windowMs ? counted : { sinceMs: now, count: 0 };
    window.count += 1;
    this.rateRefusals.set(client, window);
    if (window.count < limit.points) return;
    this.cutOff.add(client);
    const playerId = client.userData?.playerId;
    clientFaultLines.offer(`client-cut-off\u0000${playerId ?? ''}`, (repeated) =>
      this.logger.warn({ event: 'client-cut-off', tableId: this.roomId, playerId, refusals: window.count, ...(repeated > 0 ? { repeated } : {}) }, 'cut off a client that kept sending over the rate limit'),
    );
    client.leave(FLOOD_CLOSE_CODE);
  }

  private sendError(client: Client, error: RuleError, requestId: string | null): void {
    const message: ErrorMessage = { code: error.code, message: error.message, requestId };
    client.send('error', message);
  }

  /**
   * Announces the round the table deals next (`TableState.nextRound`, in the views between rounds), withdrawing the one
   * before it: after a change, that one was dealt and its deal is in the ledger (or it was voided).
   */
  private announceNextRound(): void {
    this.services.announced?.announce(this.roomId, this.runner.current.nextRound);
  }

  /** Sends the clients their views and notices (`ViewPublisher`: at once to the players it concerns, coalesced for the others). */
  private publish(change: TableChange): void {
    // Before the views that show it go.
    this.announceNextRound();
    this.views.publish(change);
    // Admission control keeps a watcher's place for its grace after the end of a round it was dealt in (`Watchers.dealtIn`).
    const watchers = this.services.watchers;
    if (watchers !== undefined) {
      const round = this.runner.current.round;
      const dealt = new Set(round === null ? [] : [...round.hands.map((hand) => hand.playerId), ...(round.banker === null ? [] : [round.banker.playerId])]);
      for (const playerId of this.clientsOf.keys()) watchers.dealtIn(this.roomId, playerId, dealt.has(playerId));
    }
  }
}

/**
 * The table room type of one server: `TableRoom` whose static `onAuth` (run by the matchmaking route
 * before any seat is reserved, as Colyseus 0.16 runs a static `onAuth`) checks the join's `token` option
 * against `services.players`.
 */
export function tableRoomType(services: TableRoomServices): typeof TableRoom {
  return class extends TableRoom {
    /**
     * The player of the join's `token` option, with the IP it asked from (`context.ip`, the socket's address).
     * @throws ServerError `AUTH_FAILED_CODE` `auth/invalid-session: …` for a missing, unknown, expired or revoked token
     */
    static override async onAuth(_token: string, options: unknown, context: AuthContext): Promise<JoinAuth> {
      const player = await authenticate(services.players, tokenOf(options));
      if (!player.ok) throw new ServerError(AUTH_FAILED_CODE, `${player.error.code}: ${player.error.message}`);
      return { player: player.value, ip: typeof context.ip === 'string' ? context.ip : '' };
    }
  };
}

/** The join options' `token` (the session token), or `undefined`. */
function tokenOf(options: unknown): unknown {
  return typeof options === 'object' && options !== null ? (options as { token?: unknown }).token : undefined;
}
