/**
 * The colyseus.js adapter (architecture.md "packages/web/src/net"): joins a table room, turns the
 * server's `view`, `error`, `notice` and `hint` messages into callbacks (acknowledging each notice of the
 * player's inbox once handed on: `ack-notice`), and sends client messages with request ids (docs/protocol.md).
 * It pings the table every `PING_EVERY_MS` and joins again after `SILENCE_MS` without a word from it (`heartbeat`).
 * Colyseus types stay in this file; the rest of the client sees `TableView`s.
 *
 * The room's schema state is not read: the `view` message is the source of truth for the UI.
 */
import { Client, type Room } from 'colyseus.js';
import { ERROR_CODES } from '@paigow/engine';
import { MADE_ROOM_CLOSE_CODE, onTableView, type ClientMessageType, type ErrorMessage, type HintReply, type InboxNotice, type TableView } from '@paigow/protocol';
import { ApiError } from './http.js';

/** What a client message carries besides `requestId` (see `ClientMessage` in the engine's protocol). */
export type Payload = Record<string, unknown>;

/** Callbacks of a table connection. */
export interface TableListener {
  /** A new view (after every change at the table); `receivedAtMs` is the browser clock at arrival. */
  view(view: TableView, receivedAtMs: number): void;
  /** A refused message (`requestId` names which one, when readable); `code` is an `ErrorCode` or `network`. */
  error(error: TableError): void;
  /** The connection state changed. */
  status(status: ConnectionStatus): void;
  /** The answer to a `hint` request (its `requestId` names which). */
  hint?(hint: HintReply): void;
  /** Something that happened to the player without a request (a timer, a disconnection, another table). */
  notice?(notice: ReceivedNotice): void;
}

/**
 * The server's `notice` message (docs/protocol.md; `InboxNotice`, @paigow/protocol notices.ts): `code`
 * starts with `notice/` (`notice/bet-returned` `{amountCents, reason}`, `notice/house-way-set`
 * `{roundId, reason}`, `notice/left-table` `{reason}`, `notice/left-bank` `{reason}`, `notice/round-void`
 * `{roundId, reason}`, `notice/round-recovered` `{roundId, outcome, netCents, setBy}`, `notice/round-settled`
 * `{roundId, outcome, netCents, setBy}`); `message` is an English text, shown only for a code the catalog
 * does not know; `seq` its number in the player's inbox (acknowledged with `ack-notice`; `null`: not
 * stored), `tableId` the table it happened at. Read loosely (a newer server may send codes this client
 * does not know yet).
 */
export interface ReceivedNotice {
  readonly code: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly message: string;
  readonly seq: number | null;
  readonly tableId: string | null;
}

/** Every protocol notice fits the client's reading of one (fails to compile otherwise). */
export const PROTOCOL_NOTICES_FIT: (notice: InboxNotice) => ReceivedNotice = (notice) => notice;

/** Reads a `notice` payload (tolerant: missing params become `{}`); `null` when it is not one. */
export function parseNotice(payload: unknown): ReceivedNotice | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { code, params, message, seq, tableId } = payload as { code?: unknown; params?: unknown; message?: unknown; seq?: unknown; tableId?: unknown };
  if (typeof code !== 'string' || !code.startsWith('notice/')) return null;
  return {
    code,
    params: typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : {},
    message: typeof message === 'string' ? message : '',
    seq: typeof seq === 'number' && Number.isSafeInteger(seq) && seq > 0 ? seq : null,
    tableId: typeof tableId === 'string' ? tableId : null,
  };
}

/**
 * The server's `error` message, or a local failure: `network` (a message sent while disconnected, or
 * the server cannot be reached), `table/unknown` (no table has that id).
 */
export type TableError = Omit<ErrorMessage, 'code'> & { readonly code: ErrorMessage['code'] | 'network' | 'table/unknown' };

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** An open table. */
export interface TableConnection {
  /**
   * Sends a client message with a fresh `requestId`.
   * @returns the request id (echoed in the `view.ack` that accepts it or the `error` that refuses it)
   */
  send(type: ClientMessageType, payload?: Payload): string;
  /**
   * Leaves the room for good (no reconnection). `deliberate`: the player chose to leave the table (the Leave
   * button): the server then sets a hand still to set by the house way at once (docs/server.md "Interruptions");
   * otherwise (the page goes elsewhere) it is a lost connection, and the player has its reconnection grace.
   */
  close(deliberate?: boolean): Promise<void>;
}

/** The WebSocket endpoint of the page's own server (`ws://host` or `wss://host`). */
export function defaultEndpoint(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}`;
}

/** The server's refusal of a join to a table that does not exist (404: colyseus.js gives its status as the code). */
const NO_SUCH_TABLE = 'action/unknown: ';

/** Colyseus' refusal of a WebSocket whose seat reservation is gone (it ran out, or the room dropped it as its table moved). */
const RESERVATION_GONE = 'seat reservation expired';

/**
 * Finds the error code in a failed join (colyseus.js rejects it with the server's `error` as the message, and the
 * answer's HTTP status as the code): `table/unknown` when the table does not exist (`action/unknown`), else the first
 * project `ErrorCode` named in it; else `action/unavailable`, to join again soon, for a seat reservation refused as
 * gone (the table moved meanwhile) and for a 503 that names no code (a server starting, or the front with no process
 * to answer: their `{ error: { code, message } }` reaches colyseus.js' message as "[object Object]"); else `network`.
 */
export function joinErrorCode(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith(NO_SUCH_TABLE)) return 'table/unknown';
  const named = ERROR_CODES.find((code) => message.includes(code)) ?? (message.includes('invalid-session') ? 'auth/invalid-session' : undefined);
  if (named !== undefined) return named;
  if ((error as { code?: unknown } | null)?.code === 503 || message.includes(RESERVATION_GONE)) return 'action/unavailable';
  return 'network';
}

/** Refusals of a join that say to join again in a few seconds (503 with `Retry-After`: the table moving, Redis out of reach). */
const JOIN_AGAIN_SOON: ReadonlySet<string> = new Set(['action/unavailable', 'server/coordination-unavailable']);

/** How many more times a first join refused with `JOIN_AGAIN_SOON` is tried (with `backoffMs`: about 24 s in all, past a failover's 17 s). */
const FIRST_JOIN_RETRIES = 8;

/** The wait before the `attempt`th (from 0) join again, ms: 300 ms, doubling, at most 5 s. */
function backoffMs(attempt: number): number {
  return Math.min(5000, 300 * 2 ** attempt);
}

/**
 * Runs `join` until it succeeds; a refusal that says to join again soon (`JOIN_AGAIN_SOON`, an `ApiError`) is tried
 * again up to `retries` more times, after `backoffMs(attempt)` each (an operator's finding: a player opening a table
 * while it moved between two servers was turned away at once).
 * @throws any other refusal at once, and the last one when the retries are spent
 */
export async function joinRetryingSoon<T>(join: () => Promise<T>, retries: number = FIRST_JOIN_RETRIES, wait: (ms: number) => Promise<void> = sleep): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await join();
    } catch (e) {
      if (!(e instanceof ApiError) || !JOIN_AGAIN_SOON.has(e.code) || attempt >= retries) throw e;
      await wait(backoffMs(attempt));
    }
  }
}

/** How often an open table is pinged (docs/protocol.md `ping`), ms. */
export const PING_EVERY_MS = 5_000;
/** How long a table may say nothing, pongs included, before its connection is taken for dead and joined again, ms. */
export const SILENCE_MS = 20_000;

/**
 * What the heartbeat does now, `nowMs` after the table last said anything (`lastHeardMs`, both browser clock ms):
 * `'rejoin'` past `SILENCE_MS` (its process hung or stopped: a socket nothing closes stays open and silent, and an
 * operator saw a player's table frozen until the process was killed), else `'ping'`.
 */
export function heartbeat(lastHeardMs: number, nowMs: number): 'ping' | 'rejoin' {
  return nowMs - lastHeardMs > SILENCE_MS ? 'rejoin' : 'ping';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Joins table `tableId` with the session `token` (docs/protocol.md "Connecting": the room id is the
 * table id). When the socket drops, it joins again with the same token (the server re-attaches the
 * seat for 60 s), retrying with back-off until `close()` (a server restart included: while it is down
 * the table may be missing for a moment). A first join refused as the table moving (or Redis out of reach) is tried
 * again for a while (`joinRetryingSoon`). Every successful join reports `status('open')`.
 * @throws ApiError (status 0) when the first join is refused (`table/unknown`: no such table)
 */
export async function connectTable(
  tableId: string,
  token: string,
  listener: TableListener,
  endpoint: string = defaultEndpoint(),
): Promise<TableConnection> {
  const client = new Client(endpoint);
  let room: Room | null = null;
  let closed = false;
  /** `close(true)`: the player left the table on purpose (a leave the server sees as consented). */
  let closedDeliberately = false;
  /** The browser said it is offline (`offline` event) and not online since: nothing sent would reach the table. */
  let offline = false;
  /** A rejoin is under way (`rejoin`): one at a time. */
  let rejoining = false;
  /** Ends the rejoin's current wait at once (the browser is online again). */
  let wake: (() => void) | null = null;
  let counter = 0;
  const sessionTag = Math.random().toString(36).slice(2, 8);

  /** When the attached room last said anything (browser clock ms): the heartbeat's measure. */
  let lastHeardMs = Date.now();
  const heard = (): void => {
    lastHeardMs = Date.now();
  };

  const attach = (r: Room): void => {
    room = r;
    heard();
    onTableView(r, (view) => {
      heard();
      listener.view(view, Date.now());
    });
    r.onMessage('error', (error: ErrorMessage) => {
      heard();
      listener.error(error);
    });
    r.onMessage('hint', (hint: HintReply) => {
      heard();
      listener.hint?.(hint);
    });
    r.onMessage('pong', heard);
    r.onMessage('notice', (payload: unknown) => {
      heard();
      const notice = parseNotice(payload);
      if (!notice) return;
      listener.notice?.(notice);
      // Handed to the screen: acknowledged, so that no join sends it again (docs/server.md "The player inbox").
      if (notice.seq !== null) r.send('ack-notice', { seq: notice.seq, requestId: `${sessionTag}-${++counter}` });
    });
    // Any other server message (e.g. Colyseus internals) is not read, but it says the table is there.
    r.onMessage('*', heard);
    r.onLeave((code) => {
      // A room replaced by a fresh join (`rejoin`) no longer speaks for the table.
      if (room !== r) return;
      room = null;
      // The table or the server was full and this watcher's place went to a player (the error came first): rejoining would take another's.
      if (code === MADE_ROOM_CLOSE_CODE) listener.status('closed');
      else if (!closed) void rejoin();
    });
    listener.status('open');
  };

  const join = async (): Promise<Room> => {
    try {
      return await client.joinById(tableId, { token });
    } catch (e) {
      throw new ApiError(joinErrorCode(e), e instanceof Error ? e.message : String(e));
    }
  };

  /** Waits `ms`, or less when `wake` is called. */
  const nap = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const done = () => {
        clearTimeout(id);
        if (wake === done) wake = null;
        resolve();
      };
      const id = setTimeout(done, ms);
      wake = done;
    });

  /**
   * Joins the table again until it succeeds or `close()` (one rejoin at a time: another call only hurries the one under
   * way). The room still attached, if any (the browser went offline and came back: its socket may be dead without
   * knowing it, and what the server sent meanwhile is lost), is dropped only once the fresh join is in, so the server
   * never sees the player gone, and the fresh join's first view makes the screen current.
   * @param immediate try at once (the browser is online again), else after the back-off's first wait
   */
  const rejoin = async (immediate = false): Promise<void> => {
    if (rejoining) {
      wake?.();
      return;
    }
    rejoining = true;
    listener.status('reconnecting');
    try {
      for (let attempt = 0; !closed; attempt++) {
        if (!immediate || attempt > 0) await nap(backoffMs(attempt));
        if (closed) return;
        // No network: wait for the `online` event (or the next back-off) rather than fail a join.
        if (offline) continue;
        try {
          const r = await join();
          if (closed) {
            void r.leave(closedDeliberately);
            return;
          }
          const old = room;
          attach(r);
          if (old !== null) {
            old.removeAllListeners();
            void old.leave(false).catch(() => undefined);
          }
          return;
        } catch (e) {
          if (e instanceof ApiError && e.code === 'auth/invalid-session') {
            listener.error({ code: 'auth/invalid-session', message: e.message, requestId: null });
            listener.status('closed');
            return;
          }
        }
      }
    } finally {
      rejoining = false;
    }
  };

  // The browser's own word on the network (rules.md §5 "Interruptions"): a socket cut by a lost network often stays
  // "open" here for as long as the server's pings take to end it, and its close never arrives; meanwhile every
  // message sent is lost. Offline: the table says so at once (`reconnecting`), sends nothing and drops its socket;
  // online again: a fresh join, whose view replaces whatever was missed. The socket is dropped because it may also
  // stay alive while the browser can send nothing (Chromium's offline mode answers the server's pings): the server
  // would then count a player who cannot act as present, time it out and stand it up, where a lost connection is
  // an interruption (its seat kept, its hand set by the house way once the grace has passed).
  const onOffline = (): void => {
    if (closed) return;
    offline = true;
    listener.status('reconnecting');
    const dropped = room;
    room = null;
    if (dropped !== null) {
      dropped.removeAllListeners();
      void dropped.leave(false).catch(() => undefined);
    }
  };
  const onOnline = (): void => {
    if (closed || !offline) return;
    offline = false;
    void rejoin(true);
  };
  const browser = typeof window !== 'undefined' && typeof window.addEventListener === 'function' ? window : null;

  // The heartbeat (docs/protocol.md `ping`): a table silent past SILENCE_MS is joined again; the silent room is dropped
  // once the fresh join is in (`rejoin`), through another process when its own hangs.
  const beat = (): void => {
    const r = room;
    if (closed || offline || rejoining || r === null) return;
    if (heartbeat(lastHeardMs, Date.now()) === 'rejoin') void rejoin(true);
    else r.send('ping', { requestId: `${sessionTag}-${++counter}` });
  };

  listener.status('connecting');
  attach(await joinRetryingSoon(join));
  browser?.addEventListener('offline', onOffline);
  browser?.addEventListener('online', onOnline);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onOffline();
  const pinging = setInterval(beat, PING_EVERY_MS);

  return {
    send(type, payload = {}) {
      const requestId = `${sessionTag}-${++counter}`;
      // Offline, or a fresh join under way: the message would be lost (or answered on a socket about to go).
      if (room && !offline && !rejoining) room.send(type, { ...payload, requestId });
      else listener.error({ code: 'network', message: 'not connected', requestId });
      return requestId;
    },
    async close(deliberate = false) {
      closed = true;
      closedDeliberately = deliberate;
      clearInterval(pinging);
      browser?.removeEventListener('offline', onOffline);
      browser?.removeEventListener('online', onOnline);
      wake?.();
      listener.status('closed');
      const r = room;
      room = null;
      if (r) await r.leave(deliberate).catch(() => undefined);
    },
  };
}
