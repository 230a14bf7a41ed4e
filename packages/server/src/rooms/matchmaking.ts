/**
 * The matchmaking route (docs/server.md "Matchmaking"), in place of Colyseus' own: the web client only
 * joins an existing table by id (`client.joinById(tableId, { token })`), so that is all it serves.
 * `POST /matchmake/joinById/<tableId>` with `{ token }` runs the room type's static `onAuth` first (a missing
 * or bad token reserves nothing), then asks the table's room for a seat (`TableRoom.reserveSeatFor`: at
 * most a few per player). Every other matchmaking method (`create`, `joinOrCreate`, `join`, `reconnect`)
 * is refused, so rooms are made only by the server, one per table. Answers keep Colyseus' shape: the reservation
 * `{ room, sessionId }` (200), or a refusal `{ code, error: "<ErrorCode>: <message>" }` with its HTTP status (`JOIN_STATUS`:
 * 400, 401, 404, 429 or 503), which colyseus.js 0.16 rejects the join with (a `ServerError` whose `code` is the status
 * and whose message is `error`; the body's `code` is read only from a 200 answer, so every refusal carries its typed
 * `ErrorCode` in `error`).
 * When the table's room does not answer (its host died or is moving it: docs/server.md "Table hosting"), the
 * answer is a fixed `action/unavailable` sentence and the cause is logged: Colyseus' error quotes the call's
 * arguments, the player's session token among them. While Redis, the deployment's coordination store, is out of this
 * process's reach, a join is refused at once with `server/coordination-unavailable` (503, `Retry-After`), and so is one
 * whose listing read or call to the table failed on Redis or while Redis went away: the table is not moving, and
 * every other table would fail alike (an operator's finding: the player was told the table was moving).
 */
import { ErrorCode, matchMaker, ServerError, type AuthContext } from '@colyseus/core';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { isErrorCode, type RuleError } from '@paigow/engine';
import { COORDINATION_UNAVAILABLE_JOIN_CODE } from '@paigow/protocol';
import type { Logger } from '../log/index.js';
import type { SeatAnswer, TableRoom } from './table-room.js';
import { clientAddress, type ProxyTrust } from '../http/client-address.js';
import { answeredWithin, isRedisFault, JOIN_REDIS_TIMEOUT_MS } from './redis-presence.js';
import { JoinFailureLines } from './join-failures.js';
import { mayNameTable } from '../settings/tables-file.js';

/** The room type name of the tables. */
export const TABLE_ROOM = 'table';

/** Colyseus' code for each refusal of the table's room (the answer's `code`). */
const COLYSEUS_CODE: Partial<Record<RuleError['code'], number>> = {
  'action/unknown': ErrorCode.MATCHMAKE_NO_HANDLER,
  'action/invalid': ErrorCode.INVALID_PAYLOAD,
  'action/table-full': ErrorCode.MATCHMAKE_INVALID_CRITERIA,
  'rate/too-many-connections': ErrorCode.MATCHMAKE_INVALID_CRITERIA,
};

/**
 * The HTTP status of each refusal (400 for any other). colyseus.js rejects a join answered with a status of 400 or
 * more with the status as the error's `code` and the answer's `error` as its message.
 */
const JOIN_STATUS: Partial<Record<RuleError['code'], number>> = {
  'action/invalid': 400,
  'auth/invalid-session': 401,
  'action/unknown': 404,
  'rate/too-many-connections': 429,
  // The table or the process has no room for another player now: it may have some later.
  'action/table-full': 503,
  'server/overloaded': 503,
  'action/unavailable': 503,
  'server/coordination-unavailable': 503,
};

/** The refusals a client may try again in a few seconds (`Retry-After`): a table moving, a process stopping, Redis out of reach. */
const RETRY_SOON: ReadonlySet<RuleError['code']> = new Set(['action/unavailable', 'server/coordination-unavailable']);

/** What a player is told when the table's room did not answer. */
export const TABLE_MOVING: RuleError = { code: 'action/unavailable', message: 'the table is moving to another server; try again in a few seconds' };

/** What a player is told while the deployment's coordination store (Redis) is out of this process's reach. */
export const COORDINATION_UNAVAILABLE: RuleError = {
  code: 'server/coordination-unavailable',
  message: 'the service cannot reach its coordination store right now; try again in a few seconds',
};

/** What a player is told when this process stops: the join goes to another process, or to this one once it is back. */
const STOPPING: RuleError = { code: 'action/unavailable', message: 'the server is stopping' };

/** What a player is told when the join failed on the server's side for another reason (logged). */
const TABLE_UNREACHABLE: RuleError = { code: 'action/unavailable', message: 'the server could not reach the table; try again in a few seconds' };

/** The coordination store (Redis) as this process's clients see it (`RedisReach`). */
export interface CoordinationReach {
  /** Whether it is within reach, allowing a reconnecting client a short grace (`RedisReach.reachable`). */
  reachable(): Promise<boolean>;
  /** Whether it was out of reach at some moment since `sinceMs` (epoch ms), now included. */
  lostSince(sinceMs: number): boolean;
}

/** Seconds a client is told to wait before it joins again after a 503 (a table moving, or this process stopping). */
const JOIN_RETRY_AFTER_S = 2;

/** Colyseus' timeout of a call to a room on another process, ms, as Colyseus reads it (its `REMOTE_ROOM_SHORT_TIMEOUT`, not exported). */
const REMOTE_ROOM_SHORT_TIMEOUT_MS = Number(process.env.COLYSEUS_PRESENCE_SHORT_TIMEOUT || 2_000);

/** Answers a refused join: `error`'s status (`JOIN_STATUS`), `Retry-After` when it may be tried again soon, and Colyseus' shape with `code`. */
function refuse(res: Response, code: number, error: RuleError): void {
  // Answered meanwhile by the stop (`http/in-flight.ts`).
  if (res.headersSent) return;
  if (RETRY_SOON.has(error.code)) res.setHeader('Retry-After', String(JOIN_RETRY_AFTER_S));
  res.status(JOIN_STATUS[error.code] ?? 400).json({ code, error: `${error.code}: ${error.message}` });
}

/** A join refused while the coordination store is out of reach: `503`, its own code (not a table moving's 4213), `Retry-After`. */
function refuseUnreachable(res: Response): void {
  refuse(res, COORDINATION_UNAVAILABLE_JOIN_CODE, COORDINATION_UNAVAILABLE);
}

/**
 * The typed refusal of the room type's `onAuth`, which throws a `ServerError` whose message is `"<ErrorCode>: <message>"`
 * (`tableRoomType`); `null` for anything else it throws (the database did not answer: a failure, not a refusal).
 */
function authRefusal(error: unknown): { code: number; error: RuleError } | null {
  if (!(error instanceof ServerError)) return null;
  const typed = /^([a-z]+\/[a-z-]+): ([^]*)$/.exec(error.message);
  if (typed === null || !isErrorCode(typed[1])) return null;
  return { code: error.code, error: { code: typed[1], message: typed[2]! } };
}

/**
 * The `/matchmake` routes (mount at `/matchmake`, after the body-size limit).
 * @param roomType the table room type whose static `onAuth` checks the token (`tableRoomType`)
 * @param maxBodyBytes the largest body read (the options `{ token }`)
 * @param logger where a join that failed on the server's side is logged (a `warn` `join-failed` line without the token,
 *   at most one per table and kind of failure every `LOG_REPEAT_MS`: `JoinFailureLines`)
 * @param trust the proxies whose `X-Forwarded-For` names the client (`trustedProxies`): the seat's IP for the per-IP limits
 * @param knownTable whether a table id is one of the deployment's tables as this process knows them (its tables
 *   file, or a live peer's: a rolling deploy): such a table without a room listed is between two hosts (moving, or its
 *   host died), not unknown
 * @param accepting whether this process still takes connections (false once its stop closed the listener)
 * @param coordination Redis as this process sees it (`RedisReach`); absent without Redis (one process, nothing to reach)
 */
export function matchmakingRoutes(
  roomType: typeof TableRoom,
  maxBodyBytes: number,
  logger: Logger,
  trust: ProxyTrust,
  knownTable: (tableId: string) => boolean,
  accepting: () => boolean,
  coordination?: CoordinationReach,
): RequestHandler {
  const router = express.Router();
  const failures = new JoinFailureLines(logger);
  router.post('/joinById/:roomId', express.json({ limit: maxBodyBytes, strict: false, type: () => true }), (req: Request, res: Response) => {
    const startedAtMs = Date.now();
    /** Whether the join failed because of Redis: its error says so, or Redis was out of reach at some moment since the join came. */
    const coordinationLost = (error: unknown): boolean => coordination !== undefined && (isRedisFault(error) || coordination.lostSince(startedAtMs));
    void (async () => {
      if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) {
        return refuse(res, ErrorCode.MATCHMAKE_UNHANDLED, STOPPING);
      }
      const roomId = req.params.roomId;
      // `express.json` makes an empty body `{}`; a `null` one stays null and is refused, as any options not an object.
      const options: unknown = req.body;
      if (typeof options !== 'object' || options === null || Array.isArray(options)) {
        return refuse(res, ErrorCode.INVALID_PAYLOAD, { code: 'action/invalid', message: 'the join options must be a JSON object' });
      }
      // No table has such an id: refused without a lookup, and not repeated (an attacker's id of NUL, escape codes or
      // 3,000 characters came back in the message colyseus.js shows).
      if (!mayNameTable(roomId)) return refuse(res, ErrorCode.MATCHMAKE_INVALID_ROOM_ID, { code: 'action/unknown', message: 'there is no such table' });
      // Within the grace: the listing's read would wait for ioredis' retries (10 to 42 s), then fail.
      if (coordination !== undefined && !(await coordination.reachable())) return refuseUnreachable(res);
      const listing = coordination === undefined ? await matchMaker.getRoomById(roomId) : await answeredWithin(matchMaker.getRoomById(roomId), 'the room listing', JOIN_REDIS_TIMEOUT_MS);
      if (listing === undefined || listing === null || listing.name !== TABLE_ROOM) {
        // A table of the deployment unlisted: its old host dropped its room and the new one has not opened it yet (an
        // operator's finding: a player opening it during a drain was told it does not exist, and the web client gave up).
        if (knownTable(roomId)) return refuse(res, ErrorCode.MATCHMAKE_UNHANDLED, TABLE_MOVING);
        // Colyseus' code for an unknown room id (4212), typed as any other refusal (it was Colyseus' untyped `room "…" not found`).
        return refuse(res, ErrorCode.MATCHMAKE_INVALID_ROOM_ID, { code: 'action/unknown', message: `there is no table ${roomId}` });
      }
      const context = { token: undefined, headers: req.headers, ip: clientAddress(req, trust), req } as unknown as AuthContext;
      let auth: unknown;
      try {
        auth = await roomType.onAuth('', options, context);
      } catch (error) {
        const refused = authRefusal(error);
        if (refused !== null) return refuse(res, refused.code, refused.error);
        // Anything but a refusal is the database not answering the token check: logged, its message not shown, and not
        // taken for Redis (a reviewer's finding: a PostgreSQL restart answered every join "coordination store").
        failures.write(roomId, true, 'session-unchecked', error, 'matchmaking: the session of a join could not be checked');
        return refuse(res, ErrorCode.MATCHMAKE_UNHANDLED, TABLE_UNREACHABLE);
      }
      let answer: SeatAnswer;
      try {
        const call = matchMaker.remoteRoomCall(roomId, 'reserveSeatFor', [auth, options]);
        // Colyseus' own IPC timeout starts only once its reply channel is subscribed, which a frozen Redis never does.
        answer = (coordination === undefined ? await call : await answeredWithin(call, 'the seat reservation', REMOTE_ROOM_SHORT_TIMEOUT_MS + JOIN_REDIS_TIMEOUT_MS)) as SeatAnswer;
      } catch (error) {
        failures.write(roomId, true, 'table-unanswered', error, `matchmaking: table ${roomId} did not answer a join`);
        return coordinationLost(error) ? refuseUnreachable(res) : refuse(res, ErrorCode.MATCHMAKE_UNHANDLED, TABLE_MOVING);
      }
      if ('error' in answer) return refuse(res, COLYSEUS_CODE[answer.error.code] ?? ErrorCode.MATCHMAKE_UNHANDLED, answer.error);
      // This process stopped taking connections (it stops): its WebSocket would be refused (a reviewer's finding). The
      // seat is left unused (the room's disconnect drops it); a seat on another process is answered.
      if (listing.processId === matchMaker.processId && !accepting()) return refuse(res, ErrorCode.MATCHMAKE_UNHANDLED, STOPPING);
      // Answered meanwhile by the stop (`http/in-flight.ts`): the seat is left unused.
      if (res.headersSent) return;
      res.json({ room: listing, sessionId: answer.sessionId });
    })().catch((error: unknown) => {
      // The room listing or the token check failed (Redis or the database is out of reach): logged, not shown.
      failures.write(req.params.roomId, knownTable(req.params.roomId), 'other', error, 'matchmaking: a join failed');
      if (res.headersSent) return;
      if (coordinationLost(error)) refuseUnreachable(res);
      else refuse(res, ErrorCode.MATCHMAKE_UNHANDLED, TABLE_UNREACHABLE);
    });
  });
  router.use((req, res) => {
    refuse(res, ErrorCode.MATCHMAKE_NO_HANDLER, { code: 'action/unknown', message: `only POST /matchmake/joinById/<table> is served, not ${req.method} /matchmake${req.path}` });
  });
  return router;
}
