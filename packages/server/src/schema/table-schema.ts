/**
 * The Colyseus room state of a table (the only module importing `@colyseus/schema`): public
 * table facts only (architecture.md "Secret information stays on the server"). It is filled from
 * the anonymous projection `viewFor(state, null)`, which holds no card of the round being played,
 * and it copies no card at all, so neither the deck nor any hand can reach the shared state.
 * Each client's own cards travel only in its `view` message (docs/protocol.md).
 */
import { ArraySchema, schema } from '@colyseus/schema';
import type { TableView } from '@paigow/protocol';

/** One seat's public facts. `deadlineMs` is 0 when no timer runs; money in cents. */
export const SeatSchema = schema(
  {
    seat: 'number',
    occupied: 'boolean',
    nickname: 'string',
    role: 'string',
    connected: 'boolean',
    mainCents: 'number',
    fortuneCents: 'number',
    ready: 'boolean',
    inRound: 'boolean',
    cardCount: 'number',
    hasSet: 'boolean',
    deadlineMs: 'number',
  },
  'Seat',
);
export type SeatSchema = InstanceType<typeof SeatSchema>;

/** The table's public facts: phase, round id, banker, seats. */
export const TablePublicState = schema(
  {
    tableId: 'string',
    name: 'string',
    phase: 'string',
    roundId: 'string',
    /** `'house'` or `'player'`. */
    bankerKind: 'string',
    bankerNickname: 'string',
    lastRoundId: 'string',
    seats: [SeatSchema],
  },
  'TablePublic',
);
export type TablePublicState = InstanceType<typeof TablePublicState>;

/** A fresh public state for a table. */
export function createPublicState(): TablePublicState {
  const state = new TablePublicState();
  state.seats = new ArraySchema<SeatSchema>();
  return state;
}

/**
 * Copies the public facts of the anonymous view into the room state (only changed fields
 * produce patches).
 * @param view `viewFor(state, null)`
 */
export function updatePublicState(state: TablePublicState, view: TableView): void {
  state.tableId = view.tableId;
  state.name = view.config.name;
  state.phase = view.phase;
  state.roundId = view.roundId ?? '';
  state.bankerKind = view.banker.kind;
  state.bankerNickname = view.banker.kind === 'player' ? view.banker.nickname : '';
  state.lastRoundId = view.lastRound?.roundId ?? '';
  view.seats.forEach((seat, index) => {
    let target = state.seats[index];
    if (target === undefined) {
      target = new SeatSchema();
      state.seats.push(target);
    }
    target.seat = seat.seat;
    target.occupied = seat.nickname !== null;
    target.nickname = seat.nickname ?? '';
    target.role = seat.role ?? '';
    target.connected = seat.connected;
    target.mainCents = seat.bets.main;
    target.fortuneCents = seat.bets.fortune;
    target.ready = seat.ready;
    target.inRound = seat.inRound;
    target.cardCount = seat.cardCount;
    target.hasSet = seat.hasSet;
    target.deadlineMs = seat.deadlineMs ?? 0;
  });
}
