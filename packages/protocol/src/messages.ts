/**
 * Client → server messages of the online table (rules.md §5) and their parsers.
 *
 * On the wire a message is a Colyseus message: a type string and a JSON payload object
 * (`room.send('bet', { requestId: 'r7', spot: 'main', amountCents: 500 })`). Every payload
 * carries `requestId`, a client-chosen string (1‥64 characters) that the server echoes in the
 * `error` message that refuses it and in the `ack` field of the `TableView` that follows an
 * accepted action. The parsers here are pure: no I/O, no clock.
 *
 * Errors: `action/unknown` (the type is not a client message), `action/invalid` (the payload is
 * malformed), `action/stale` (a `set`, `house-way` or `hint` without its `roundId`), `card/malformed`
 * and `setting/wrong-split` (the `set` payload's cards).
 */

import { BET_SPOTS, checkChosenSeed, err, ok, parseCard, type BetSpot, type Card, type Result, type RuleError, type SettingHint } from '@paigow/engine';

/** Every client → server message type, in protocol.md order. */
export const CLIENT_MESSAGE_TYPES = [
  'sit',
  'stand',
  'bet',
  'deal',
  'set',
  'house-way',
  'rebet',
  'take-bank',
  'leave-bank',
  'approve',
  'auto-approve',
  'hint',
  'top-up',
  'ack-notice',
  'ping',
] as const;
/** A client → server message type. */
export type ClientMessageType = (typeof CLIENT_MESSAGE_TYPES)[number];

/** The longest accepted `requestId`, in UTF-16 code units. */
export const REQUEST_ID_MAX_LENGTH = 64;

/** The largest amount a `bet` payload may carry, in cents (table limits are far lower). */
export const MAX_WIRE_AMOUNT_CENTS = 1_000_000_000;

interface Request {
  /** Client-chosen id (1‥64 characters), echoed in the `error` reply or the view's `ack`. */
  readonly requestId: string;
}

/** Sit down at seat `seat` (0‥seats-1), or at the first free seat when `seat` is `null`. */
export interface SitMessage extends Request {
  readonly type: 'sit';
  readonly seat: number | null;
}
/** Stand up (only while not in a dealt round). */
export interface StandMessage extends Request {
  readonly type: 'stand';
}
/** Sets the total on one bet spot, in integer cents; 0 clears the spot (rules.md §5 chips). */
export interface BetMessage extends Request {
  readonly type: 'bet';
  readonly spot: BetSpot;
  readonly amountCents: number;
}
/** Deal: this player is ready; the round deals when every seated player with a bet is ready. */
export interface DealMessage extends Request {
  readonly type: 'deal';
  /** The player's client seed for the round (fairness.md §2: 1‥64 printable ASCII, no `|` or `:`), locked by this Deal. */
  readonly clientSeed?: string;
}
/**
 * A decision names the round it was made for (`TableView.roundId` when the player decided): one that
 * names another round, or none, is refused with `action/stale` and never applied to the round in play.
 */
interface RoundRequest extends Request {
  /** The id of the round this decision is for (1‥64 characters). */
  readonly roundId: string;
}

/** Split: the two cards chosen for the low hand; the other five form the high hand (rules.md §2). */
export interface SetMessage extends RoundRequest {
  readonly type: 'set';
  readonly low: readonly [Card, Card];
}
/** House Way: the house sets the player's hand and submits it (rules.md §5). */
export interface HouseWayMessage extends RoundRequest {
  readonly type: 'house-way';
}
/** Places last round's bets again (does not deal). */
export interface RebetMessage extends Request {
  readonly type: 'rebet';
}
/** Become the banker (rules.md §5 "Play as the banker"). */
export interface TakeBankMessage extends Request {
  readonly type: 'take-bank';
}
/** Stop being the banker (after the current round if one is dealt). */
export interface LeaveBankMessage extends Request {
  readonly type: 'leave-bank';
}
/** The banker approves the next round (rules.md §5). */
export interface ApproveMessage extends Request {
  readonly type: 'approve';
  /** The banker's client seed for the round (fairness.md §2), locked by this approval. */
  readonly clientSeed?: string;
}
/** The banker's auto-approve toggle (rules.md §5). */
export interface AutoApproveMessage extends Request {
  readonly type: 'auto-approve';
  readonly on: boolean;
  /** With `on`: the banker's client seed (fairness.md §2), locked for the rounds it auto-approves. */
  readonly clientSeed?: string;
}
/**
 * Hint: the best setting of the player's own seven cards and its EV, beside the house way's. Accepted
 * from a seated player dealt into the round being set whose hand is not set yet; answered with a
 * `hint` message (`HintReply`) to the asking client only, never with a view (a hint changes nothing).
 */
export interface HintMessage extends RoundRequest {
  readonly type: 'hint';
}
/** Refills a broke player's play money (the ledger's `topUp`). */
export interface TopUpMessage extends Request {
  readonly type: 'top-up';
}
/**
 * The client has shown the notice numbered `seq` (`InboxNotice.seq`; docs/server.md "The player inbox"):
 * it is not sent again on the next join, from any tab or process. Never answered (an unknown or already
 * acknowledged `seq` changes nothing; one the database could not record is sent again at the next join);
 * a malformed one is refused with `action/invalid`.
 */
export interface AckNoticeMessage extends Request {
  readonly type: 'ack-notice';
  /** A positive safe integer. */
  readonly seq: number;
}

/**
 * Asks the table to show it is there: answered with a `pong` message carrying the `requestId`, by the process that
 * runs the table, at once. A client that hears nothing from its table for a while (no view, no pong) knows its
 * connection is dead though its socket is open (a process stopped or hung: nothing closes the socket) and joins again.
 */
export interface PingMessage extends Request {
  readonly type: 'ping';
}

/** A parsed client → server message. */
export type ClientMessage =
  | SitMessage
  | StandMessage
  | BetMessage
  | DealMessage
  | SetMessage
  | HouseWayMessage
  | RebetMessage
  | TakeBankMessage
  | LeaveBankMessage
  | ApproveMessage
  | AutoApproveMessage
  | HintMessage
  | TopUpMessage
  | AckNoticeMessage
  | PingMessage;

/**
 * The `error` message a server sends for every refused message (architecture.md "Errors"), and only
 * for those: what the table does on its own (timers, interruptions) is a `notice` (`notices.ts`).
 */
export interface ErrorMessage {
  readonly code: RuleError['code'];
  readonly message: string;
  /** The refused message's `requestId`, or `null` when it had none that could be read. */
  readonly requestId: string | null;
}

/**
 * The `hint` message (server → client): the reply to a `hint` request, computed from the player's
 * own seven cards against `samples` random banker hands drawn from the 46 cards it does not hold.
 * `best` is the legal setting with the highest sampled EV, with its probabilities of a win, a push and
 * a loss; `houseWay` is the house way's setting (house-way.md) with its EV and rule id. Both are scored
 * against the same banker hands, so `best.ev ≥ houseWay.ev` always.
 */
export interface HintReply extends SettingHint {
  /** The `requestId` of the `hint` request this answers. */
  readonly requestId: string;
}

/**
 * Server → client message types: `'view'` carries a `TableView` (a client's first), `'view-patch'` a `TableViewPatch`
 * (its changes since, `view-patch.ts`), `'error'` an `ErrorMessage` (the
 * answer to a refused request, and nothing else), `'hint'` a `HintReply` (to the asking client only),
 * `'notice'` an `InboxNotice` (`notices.ts`: what a timer, a disconnection, a settlement or recovery did to the player, numbered in its inbox),
 * `'pong'` a `PongReply` (to the pinging client only).
 */
export const SERVER_MESSAGE_TYPES = ['view', 'view-patch', 'error', 'hint', 'notice', 'pong'] as const;

/** The answer to a `ping`: its `requestId`. */
export interface PongReply {
  readonly requestId: string;
}

/**
 * The WebSocket close code of a watcher (a connection with no seat) whose place went to a player who came to a
 * full table, or to a server at its player limit (docs/protocol.md "Server → client messages"): the `error` `action/table-full`
 * (the table) or `server/overloaded` (the server) goes first, and a client does not rejoin after it (it would take
 * the place of another watcher in turn).
 */
export const MADE_ROOM_CLOSE_CODE = 4409;

/**
 * The `code` of a join refused because the server cannot reach its coordination store (Redis), `503`
 * `server/coordination-unavailable` (docs/protocol.md "HTTP API"; docs/server.md "Matchmaking"): 4000 + the HTTP status,
 * as the room's close codes, outside Colyseus' matchmaking codes 4210–4217, one of which (4213) a join refused because
 * its table is moving carries. A client tries again after `Retry-After`, as after a table moving.
 */
export const COORDINATION_UNAVAILABLE_JOIN_CODE = 4503;

/** True when `type` names a client → server message. */
export function isClientMessageType(type: unknown): type is ClientMessageType {
  return typeof type === 'string' && (CLIENT_MESSAGE_TYPES as readonly string[]).includes(type);
}

/** True when `value` is a well-formed request id (a string of 1‥64 characters). */
export function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= REQUEST_ID_MAX_LENGTH;
}

/**
 * The `requestId` of a payload if it has a well-formed one, else `null`; for the `error` reply to
 * a payload that failed to parse.
 */
export function requestIdOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const id = (payload as { requestId?: unknown }).requestId;
  return isRequestId(id) ? id : null;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const invalid = (message: string): { ok: false; error: RuleError } => err('action/invalid', message);

/** A payload's optional `clientSeed` (fairness.md §2), checked: `{}` when absent. */
function optionalClientSeed(payload: Readonly<Record<string, unknown>>): Result<{ clientSeed?: string }> {
  if (payload.clientSeed === undefined || payload.clientSeed === null) return ok({});
  const seed = checkChosenSeed(payload.clientSeed);
  return seed.ok ? ok({ clientSeed: seed.value }) : seed;
}

/**
 * Parses one client message (protocol.md "Client → server").
 * @param type the Colyseus message type
 * @param payload the message payload (an object with `requestId` and the type's fields)
 * @returns the typed message; or `action/unknown` for an unknown type, `action/invalid` for a
 *   malformed payload (missing or bad `requestId`, wrong field types, a fractional or negative
 *   amount, an unknown spot, a `roundId` that is not a string of 1‥64 characters), `action/stale` for a
 *   `set`, `house-way` or `hint` without `roundId`, `card/malformed` for a `set` card that is not a card,
 *   `setting/wrong-split` for a `set` naming the same card twice, `fairness/bad-client-seed` for a `deal`,
 *   `approve` or `auto-approve` whose `clientSeed` is not 1‥64 printable ASCII without `|` or `:`.
 */
export function parseClientMessage(type: unknown, payload: unknown): Result<ClientMessage> {
  if (!isClientMessageType(type)) {
    return err('action/unknown', `unknown message type '${typeof type === 'string' ? type.slice(0, 40) : String(type)}'`);
  }
  if (!isRecord(payload)) return invalid(`a '${type}' message needs a payload object`);
  const requestId = payload.requestId;
  if (!isRequestId(requestId)) return invalid(`requestId must be a string of 1 to ${REQUEST_ID_MAX_LENGTH} characters`);
  if (type === 'set' || type === 'house-way' || type === 'hint') {
    const roundId = payload.roundId;
    if (roundId === undefined || roundId === null) return err('action/stale', `a '${type}' message names its round (roundId)`);
    if (!isRequestId(roundId)) return invalid(`roundId must be a string of 1 to ${REQUEST_ID_MAX_LENGTH} characters`);
    if (type === 'house-way' || type === 'hint') return ok({ type, requestId, roundId });
  }
  switch (type) {
    case 'sit': {
      const seat = payload.seat;
      if (seat === undefined || seat === null) return ok({ type, requestId, seat: null });
      if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat > 99) {
        return invalid('seat must be a seat number or null');
      }
      return ok({ type, requestId, seat });
    }
    case 'bet': {
      const { spot, amountCents } = payload;
      if (typeof spot !== 'string' || !(BET_SPOTS as readonly string[]).includes(spot)) {
        return invalid(`spot must be one of ${BET_SPOTS.join(', ')}`);
      }
      if (
        typeof amountCents !== 'number' ||
        !Number.isSafeInteger(amountCents) ||
        amountCents < 0 ||
        amountCents > MAX_WIRE_AMOUNT_CENTS
      ) {
        return invalid('amountCents must be a whole number of cents, 0 or more');
      }
      return ok({ type, requestId, spot: spot as BetSpot, amountCents });
    }
    case 'set': {
      const low = payload.low;
      if (!Array.isArray(low) || low.length !== 2 || !low.every((text) => typeof text === 'string' && text.length <= 16)) {
        return invalid('low must be a list of two card texts, e.g. ["As", "Kd"]');
      }
      const first = parseCard(low[0] as string);
      if (!first.ok) return first;
      const second = parseCard(low[1] as string);
      if (!second.ok) return second;
      if (first.value === second.value) return err('setting/wrong-split', 'the low hand needs two different cards');
      return ok({ type, requestId, roundId: payload.roundId as string, low: [first.value, second.value] });
    }
    case 'auto-approve': {
      if (typeof payload.on !== 'boolean') return invalid('on must be true or false');
      const seed = optionalClientSeed(payload);
      if (!seed.ok) return seed;
      return ok({ type, requestId, on: payload.on, ...seed.value });
    }
    case 'ack-notice': {
      const seq = payload.seq;
      if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) return invalid('seq must be a notice sequence number (1 or more)');
      return ok({ type, requestId, seq });
    }
    case 'deal':
    case 'approve': {
      const seed = optionalClientSeed(payload);
      if (!seed.ok) return seed;
      return ok({ type, requestId, ...seed.value });
    }
    default:
      return ok({ type, requestId });
  }
}
