/**
 * The table connection as React state: the latest `TableView`, the last refused action, the
 * requests still waiting for an answer, `send`, and the Hint (`askHint`, `hint`). Sits down
 * automatically on the first view when the player has no seat yet (the lobby's "click sits down").
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClientMessageType, HintReply, TableView } from '@paigow/engine';
import { connectTable, JoinError, type ConnectionStatus, type Payload, type TableConnection, type TableError } from '../net/table-connection.js';

export interface TableState {
  readonly view: TableView | null;
  /** Browser clock when `view` arrived (for the timer's skew correction). */
  readonly receivedAtMs: number;
  readonly status: ConnectionStatus;
  /** The last refused action (or a failed join), until the next action is sent. */
  readonly error: TableError | null;
  /** Request ids sent and not yet answered, with their message type. */
  readonly pending: ReadonlyMap<string, ClientMessageType>;
  /** Sends a message; returns its request id. */
  send(type: ClientMessageType, payload?: Payload): string;
  /** Leaves the table: stands up when possible, then closes the room. */
  leave(): Promise<void>;
  /** The last Hint asked for: while computed `reply` is `null`; `null` when none (or it was refused). */
  readonly hint: HintState | null;
  /** Asks the server for a Hint on the viewer's cards (docs/protocol.md `hint`). */
  askHint(): void;
  /** Forgets the Hint (the panel is closed). */
  clearHint(): void;
}

/** A Hint asked for in round `roundId`, and its answer once it came. */
export interface HintState {
  readonly requestId: string;
  readonly roundId: string | null;
  readonly reply: HintReply | null;
}

export function useTable(tableId: string, token: string, onSessionLost: () => void): TableState {
  const [view, setView] = useState<TableView | null>(null);
  const [receivedAtMs, setReceivedAtMs] = useState(0);
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const [error, setError] = useState<TableError | null>(null);
  const [pending, setPending] = useState<ReadonlyMap<string, ClientMessageType>>(new Map());
  const [hint, setHint] = useState<HintState | null>(null);
  const conn = useRef<TableConnection | null>(null);
  const roundRef = useRef<string | null>(null);
  const satDown = useRef(false);
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
    let latest: TableView | null = null;
    satDown.current = false;
    const maybeSit = () => {
      const you = latest?.you;
      if (!you || !opened) return;
      if (you.seat !== null) satDown.current = true;
      else if (!satDown.current) {
        satDown.current = true;
        opened.send('sit', { seat: null });
      }
    };
    connectTable(tableId, token, {
      view(v, at) {
        if (!live) return;
        roundRef.current = v.roundId;
        setView(v);
        setReceivedAtMs(at);
        settle(v.ack);
        latest = v;
        maybeSit();
      },
      error(e) {
        if (!live) return;
        settle(e.requestId);
        setHint((h) => (h !== null && h.requestId === e.requestId ? null : h));
        setError(e);
        if (e.code === 'auth/invalid-session') lostRef.current();
      },
      hint(reply) {
        if (!live) return;
        // Hints are answered out of the table's order: settle this request only.
        setPending((p) => {
          if (!p.has(reply.requestId)) return p;
          const next = new Map(p);
          next.delete(reply.requestId);
          return next;
        });
        setHint((h) => (h !== null && h.requestId === reply.requestId ? { ...h, reply } : h));
      },
      status(s) {
        if (!live) return;
        setStatus(s);
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
        maybeSit();
      })
      .catch((e: unknown) => {
        if (!live) return;
        const code = e instanceof JoinError ? e.code : 'network';
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
    // Never wait forever on an answer (the server answers every message, but sockets drop).
    window.setTimeout(() => {
      setPending((p) => {
        if (!p.has(id)) return p;
        const next = new Map(p);
        next.delete(id);
        return next;
      });
    }, 8000);
    return id;
  }, []);

  const leave = useCallback(async () => {
    const c = conn.current;
    if (!c) return;
    conn.current = null;
    c.send('stand');
    await new Promise((r) => setTimeout(r, 50));
    await c.close();
  }, []);

  const askHint = useCallback(() => {
    const id = send('hint');
    setHint(id ? { requestId: id, roundId: roundRef.current, reply: null } : null);
  }, [send]);
  const clearHint = useCallback(() => setHint(null), []);

  return { view, receivedAtMs, status, error, pending, send, leave, hint, askHint, clearHint };
}

/** The sequence number at the end of a request id (`abc123-7` → 7), or `null`. */
export function sequenceOf(requestId: string): number | null {
  const m = /-(\d+)$/.exec(requestId);
  return m ? Number(m[1]) : null;
}
