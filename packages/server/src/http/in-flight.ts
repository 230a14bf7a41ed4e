/**
 * The HTTP requests a server has accepted and not answered yet (docs/server.md "Drain"), so that a stopping
 * server answers each before it closes its connections. An operator's finding: a join waiting for its table's
 * room when the drain ended was cut off by `closeAllConnections()`, and nginx answered its own 503 ("upstream
 * prematurely closed connection while reading response header") instead of the process's.
 */
import type { RequestListener, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode } from '@colyseus/core';
import type { HttpErrorBody } from '@paigow/protocol';

/**
 * How long a stopping server waits for the requests it accepted to be answered, ms: more than a join waits for a
 * table's room on another process (Colyseus' remote call, 2 s) after reading its listing and checking its token.
 */
export const STOP_ANSWER_WAIT_MS = 5_000;

/** Seconds a client is told to wait before it asks again (another process answers by then). */
const STOPPING_RETRY_AFTER_S = 2;

/** Counts the requests of an HTTP server until they are answered (`listener`), and waits for them at the stop (`settle`). */
export class RequestsInFlight {
  /** The requests accepted and not answered yet (their response not finished, nor their connection closed), with their URL as it came. */
  private readonly open = new Map<ServerResponse, string>();
  /**
   * The responses of `open` by connection: Node emits no `close` for the answers queued behind the one being written
   * (pipelined requests) when their connection closes, and `open` kept them, with all they had written, for good (an
   * attacker's pipelined floods: memory stayed at 1.28 GB). The connection's own `close` forgets them.
   */
  private readonly byConnection = new WeakMap<Socket, Set<ServerResponse>>();
  /** Set by `settle`: the last request answered resolves it. */
  private settled: (() => void) | null = null;
  private stopping = false;

  /** `listener`, with each request counted until its response is done (or its connection gone). */
  listener(listener: RequestListener): RequestListener {
    return (req, res) => {
      // As it came: a router rewrites `req.url` (express strips its mount path).
      this.open.set(res, req.url ?? '/');
      this.connectionOf(req.socket).add(res);
      res.once('close', () => {
        this.byConnection.get(req.socket)?.delete(res);
        this.forget(res);
      });
      if (this.stopping) res.setHeader('Connection', 'close');
      listener(req, res);
    };
  }

  /** The responses of `socket` in `open`, a set made (with a `close` listener that forgets them) at its first request. */
  private connectionOf(socket: Socket): Set<ServerResponse> {
    const known = this.byConnection.get(socket);
    if (known !== undefined) return known;
    const responses = new Set<ServerResponse>();
    this.byConnection.set(socket, responses);
    socket.once('close', () => {
      for (const res of responses) this.forget(res);
      responses.clear();
    });
    return responses;
  }

  /** `res` is answered, or will never be: no longer in flight. */
  private forget(res: ServerResponse): void {
    if (this.open.delete(res) && this.open.size === 0) this.settled?.();
  }

  /** The requests accepted and not answered yet. */
  get size(): number {
    return this.open.size;
  }

  /**
   * The stop: every answer from now on closes its connection (`Connection: close`, so that no client sends
   * another request on it); waits until every request accepted is answered, at most `waitMs` ms; those still
   * unanswered then get `answer`, given the URL the request came with (those whose answer has begun are left as they are).
   * @returns how many requests got `answer`
   */
  async settle(waitMs: number, answer: (url: string, res: ServerResponse) => void): Promise<number> {
    this.stopping = true;
    for (const res of this.open.keys()) if (!res.headersSent) res.setHeader('Connection', 'close');
    if (this.open.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.settled = resolve;
        timer = setTimeout(resolve, waitMs);
      });
      clearTimeout(timer);
      this.settled = null;
    }
    let answered = 0;
    for (const [res, url] of this.open) {
      if (res.headersSent) continue;
      answer(url, res);
      answered++;
    }
    return answered;
  }
}

/**
 * The answer to a request a stopping server could not answer in time: 503, `Retry-After`, and for a join
 * (`/matchmake/…`) Colyseus' shape with the matchmaking's own refusal (`{ code: 4213, error: "action/unavailable:
 * the server is stopping" }`, which colyseus.js reads), else `HttpErrorBody` `action/unavailable`.
 */
export function answerStopping(url: string, res: ServerResponse): void {
  res.statusCode = 503;
  res.setHeader('Retry-After', String(STOPPING_RETRY_AFTER_S));
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  const message = 'the server is stopping';
  if (url.startsWith('/matchmake/')) {
    res.end(JSON.stringify({ code: ErrorCode.MATCHMAKE_UNHANDLED, error: `action/unavailable: ${message}` }));
    return;
  }
  const body: HttpErrorBody = { error: { code: 'action/unavailable', message: `${message}; try again` } };
  res.end(JSON.stringify(body));
}
