/**
 * The table connection as React state: the latest `TableView`, the last refused action, the
 * requests still waiting for an answer, `send`, the server's notices, and the Hint (`askHint`, `hint`).
 * Sits down automatically on the first view when the player has no seat yet (the lobby's "click sits
 * down"), and after a reconnection takes its previous seat back when the server no longer holds it
 * (a server restart, or more than the 60 s the seat is held): `sit {seat: previous}`, falling back to
 * any free seat (rules.md §5 "Interruptions").
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClientMessageType, HintReply, TableView } from '@paigow/protocol';
import { ApiError } from '../net/http.js';
import {
  connectTable,
  type ConnectionStatus,
  type Payload,
  type ReceivedNotice,
  type TableConnection,
  type TableError,
} from '../net/table-connection.js';
import { joined, leftTable, NEW_KEEPER, refused, sent, sitAgain as sitAgainOrder, viewed, type SeatKeeper, type SitOrder } from './seat-keeper.js';
import { seatFree } from '../table-ui/felt.js';

/** A table as the browser has it: its latest view, the connection to its room, the requests and notices pending. */
export interface LiveTable {
  readonly view: TableView | null;
  /** Browser clock when `view` arrived (for the timer's skew correction). */
  readonly receivedAtMs: number;
  readonly status: ConnectionStatus;
  /**
   * How many times the table was joined (1 after the first join, +1 per reconnection): a change means
   * "connected again", when the history must be read afresh.
   */
  readonly connections: number;
  /** The last refused action (or a failed join), until the next action is sent. */
  readonly error: TableError | null;
  /** Request ids sent and not yet answered, with their message type. */
  readonly pending: ReadonlyMap<string, ClientMessageType>;
  /** Sends a message; returns its request id. */
  send(type: ClientMessageType, payload?: Payload): string;
  /** Leaves the table: stands up when possible, then closes the room. */
  leave(): Promise<void>;
  /** The server's notices not yet dismissed, oldest first (without `notice/round-settled`: see `settled`). */
  readonly notices: readonly NoticeItem[];
  /**
   * The server's `notice/round-settled` notices received, oldest first (the last `MAX_SETTLED`): each round
   * the player took part in, once, as it was settled or at the next join if it was away then (the away panel).
   */
  readonly settled: readonly NoticeItem[];
  /** Forgets a notice (closed, or timed out on screen). */
  dismissNotice(id: number): void;
  /** Sits down again (after leaving the table on a timeout): the last seat held, else any free seat. */
  sitAgain(): void;
  /** The last Hint asked for: while computed `reply` is `null`; `null` when none (or it was refused). */
  readonly hint: HintState | null;
  /** Asks the server for a Hint on the viewer's cards (docs/protocol.md `hint`). */
  askHint(): void;
  /** Forgets the Hint (the panel is closed). */
  clearHint(): void;
}

/** A notice as received (`id` is local, for dismissal; `atMs` the browser clock at arrival). */
export interface NoticeItem extends ReceivedNotice {
  readonly id: number;
  readonly atMs: number;
}

/** A Hint asked for in round `roundId`, and its answer once it came. */
export interface HintState {
  readonly requestId: string;
  readonly roundId: string | null;
  readonly reply: HintReply | null;
}

/** At most this many notices are kept (the oldest go first). */
const MAX_NOTICES = 4;
/** At most this many `notice/round-settled` are kept (a join sends at most 100 events: docs/server.md "The player inbox"). */
const MAX_SETTLED = 100;

/**
 * The live state of one table for the React shell: connects with colyseus.js (`net/table-connection.ts`),
 * keeps the latest `TableView`, the last refusal (`error`, shown by code) and the informational notices, and
 * exposes the player's actions. Rejoins after a dropped connection and re-takes the seat (rules.md §5).
 * @param tableId the table (room id); @param token the session token
 * @param onSessionLost called when the server no longer knows the session (the app signs in again)
 */
export function useTable(tableId: string, token: string, onSessionLost: () => void): LiveTable {
  const [view, setView] = useState<TableView | null>(null);
  const [receivedAtMs, setReceivedAtMs] = useState(0);
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const [connections, setConnections] = useState(0);
  const [error, setError] = useState<TableError | null>(null);
  const [pending, setPending] = useState<ReadonlyMap<string, ClientMessageType>>(new Map());
  const [hint, setHint] = useState<HintState | null>(null);
  const [notices, setNotices] = useState<readonly NoticeItem[]>([]);
  const [settled, setSettled] = useState<readonly NoticeItem[]>([]);
  /** The inbox numbers (`seq`) handed on: a join sends again those not acknowledged yet. */
  const seen = useRef(new Set<number>());
  const conn = useRef<TableConnection | null>(null);
  /** The type of each message sent and not answered yet, by request id (`shownAsError`). */
  const sentTypes = useRef(new Map<string, ClientMessageType>());
  const roundRef = useRef<string | null>(null);
  /** Which seat to ask for after a (re)connection (seat-keeper.ts). */
  const keeper = useRef<SeatKeeper>(NEW_KEEPER);
  const lostRef = useRef(onSessionLost);
  lostRef.current = onSessionLost;

  // Messages are handled in order, so an answer to request n also settles every earlier request
  // (in case the server folds several changes into one view). Request ids end in `-<n>`.
  const settle = useCallback((requestId: string | null) => {
    if (!requestId) return;
    const seq = sequenceOf(requestId);
    setPending((p) => {
      const next = new Map([...p].filter(([id]) => id !== requestId && !(seq !== null && (sequenceOf(id) ?? Infinity) <= seq)));
      return next.size === p.size ? p : next;
    });
  }, []);

  useEffect(() => {
    let live = true;
    let opened: TableConnection | null = null;
    /** The first view of the current connection, while the connection itself is not known yet. */
    let early: number | null | undefined;
    keeper.current = NEW_KEEPER;
    const order = (sit: SitOrder) => {
      if (sit === null || !opened) return;
      const id = opened.send('sit', { seat: sit.seat });
      if (sit.track) keeper.current = sent(keeper.current, id);
    };
    const onSeat = (seat: number | null) => {
      if (!opened) {
        // The first join's view can come before `connectTable` resolves: decide once it has.
        if (early === undefined) early = seat;
        return;
      }
      const next = viewed(keeper.current, seat);
      keeper.current = next.keeper;
      order(next.sit);
    };
    connectTable(tableId, token, {
      view(v, at) {
        if (!live) return;
        roundRef.current = v.roundId;
        setView(v);
        setReceivedAtMs(at);
        settle(v.ack);
        setError((e) => (e !== null && outlivedBy(e, v) ? null : e));
        if (v.you) onSeat(v.you.seat);
      },
      error(e) {
        if (!live) return;
        settle(e.requestId);
        const refusedType = e.requestId === null ? undefined : sentTypes.current.get(e.requestId);
        if (e.requestId !== null) sentTypes.current.delete(e.requestId);
        setHint((h) => (h !== null && h.requestId === e.requestId ? null : h));
        const mine = refused(keeper.current, e.requestId);
        keeper.current = mine.keeper;
        if (mine.handled) {
          // The previous seat is taken (or gone): any free seat will do.
          order(mine.sit);
          return;
        }
        if (!shownAsError(e, refusedType)) return;
        setError(e);
        if (e.code === 'auth/invalid-session') lostRef.current();
      },
      notice(n) {
        if (!live) return;
        if (n.seq !== null) {
          if (seen.current.has(n.seq)) return;
          seen.current.add(n.seq);
        }
        // Only a seat lost here changes what this table does next (a join is told the notices of every table).
        if (n.code === 'notice/left-table' && (n.tableId === null || n.tableId === tableId)) keeper.current = leftTable(keeper.current);
        const item: NoticeItem = { ...n, id: nextNoticeId++, atMs: Date.now() };
        if (n.code === 'notice/round-settled') setSettled((list) => [...list, item].slice(-MAX_SETTLED));
        else setNotices((list) => [...list, item].slice(-MAX_NOTICES));
      },
      hint(reply) {
        if (!live) return;
        // Hints are answered out of the table's order: settle this request only.
        setPending((p) => withoutRequest(p, reply.requestId));
        setHint((h) => (h !== null && h.requestId === reply.requestId ? { ...h, reply } : h));
      },
      status(s) {
        if (!live) return;
        setStatus(s);
        if (s === 'open') {
          // The first view of this connection decides about the seat (not the last one of the old).
          keeper.current = joined(keeper.current);
          setConnections(keeper.current.joins);
          // Connected again: a "cannot reach the server" from the outage is over.
          setError((e) => (e !== null && e.code === 'network' ? null : e));
        }
        // A new socket: nothing sent on the old one will be answered.
        if (s === 'reconnecting' || s === 'closed') {
          setPending(new Map());
          setHint(null);
        }
      },
    })
      .then((c) => {
        opened = c;
        if (!live) {
          void c.close();
          return;
        }
        conn.current = c;
        if (early !== undefined) onSeat(early);
      })
      .catch((e: unknown) => {
        if (!live) return;
        const code = e instanceof ApiError ? e.code : 'network';
        setStatus('closed');
        setError({ code: code as TableError['code'], message: String(e), requestId: null });
        if (code === 'auth/invalid-session') lostRef.current();
      });
    return () => {
      live = false;
      conn.current = null;
      if (opened) void opened.close();
    };
  }, [tableId, token, settle]);

  const send = useCallback((type: ClientMessageType, payload?: Payload) => {
    const c = conn.current;
    setError(null);
    if (!c) {
      setError({ code: 'network', message: 'not connected', requestId: null });
      return '';
    }
    const id = c.send(type, payload);
    setPending((p) => new Map(p).set(id, type));
    sentTypes.current.set(id, type);
    // Never wait forever on an answer (the server answers every message, but sockets drop).
    window.setTimeout(() => {
      setPending((p) => withoutRequest(p, id));
      sentTypes.current.delete(id);
    }, 8000);
    return id;
  }, []);

  const leave = useCallback(async () => {
    const c = conn.current;
    if (!c) return;
    conn.current = null;
    c.send('stand');
    await new Promise((r) => setTimeout(r, 50));
    await c.close(true);
  }, []);

  const sitAgain = useCallback(() => {
    const sit = sitAgainOrder(keeper.current);
    if (sit === null) return;
    const id = send('sit', { seat: sit.seat });
    if (id && sit.track) keeper.current = sent(keeper.current, id);
  }, [send]);

  const dismissNotice = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), []);

  const askHint = useCallback(() => {
    // A decision names its round (docs/protocol.md): a Hint asked in one round is never answered in another.
    const id = send('hint', { roundId: roundRef.current });
    setHint(id ? { requestId: id, roundId: roundRef.current, reply: null } : null);
  }, [send]);
  const clearHint = useCallback(() => setHint(null), []);

  return { view, receivedAtMs, status, connections, error, pending, send, leave, notices, settled, dismissNotice, sitAgain, hint, askHint, clearHint };
}

let nextNoticeId = 1;

/** The pending requests without `requestId` (the same map when it was not there, so React skips a render). */
function withoutRequest(pending: ReadonlyMap<string, ClientMessageType>, requestId: string): ReadonlyMap<string, ClientMessageType> {
  if (!pending.has(requestId)) return pending;
  const next = new Map(pending);
  next.delete(requestId);
  return next;
}

/**
 * Whether a refusal shown no longer says what the table is: "This table is full" (`action/table-full`, a sit with every
 * seat taken) once `view` has a free seat, and the connection is still open (a watcher whose place went to a player
 * gets no more views). A tester's finding: the message stayed beside free seats and a working "Sit down".
 */
/**
 * Whether a refusal is shown as an error. Not a decision (`set`, `house-way`) refused `action/stale`: it crossed the
 * round's end (another tab's decision, or the timer's House Way, came first), and the result on the felt says what
 * happened (a tester's: "The table has moved on; try again." stayed in red under a finished round's result).
 * @param refused the type of the message refused, if known
 */
export function shownAsError(error: TableError, refused: ClientMessageType | undefined): boolean {
  return !(error.code === 'action/stale' && (refused === 'set' || refused === 'house-way'));
}

export function outlivedBy(error: TableError, view: TableView): boolean {
  return error.code === 'action/table-full' && seatFree(view);
}

/** The sequence number at the end of a request id (`abc123-7` → 7), or `null`. */
export function sequenceOf(requestId: string): number | null {
  const m = /-(\d+)$/.exec(requestId);
  return m ? Number(m[1]) : null;
}
