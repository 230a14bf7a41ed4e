/**
 * The `view-patch` message (docs/protocol.md "Server → client messages"): after the first `view` a client gets,
 * the server sends only the top-level fields of its `TableView` that changed, with `serverNowMs` and `ack`
 * always. The last round's result, the table's configuration and the fairness record are most of a view's bytes
 * and change once a round or never; sending them with every change cost the server its encoding and socket
 * writes, and every client its decoding (issue 11 point 4c: "send each client only what changed for it").
 */
import type { SeatView, TableView } from './view.js';

/**
 * The fields of a `TableView` that changed since the client's last view, with `serverNowMs` and `ack` always; and,
 * instead of `seats` when some seats changed but not all, `seatChanges`: each changed seat whole (its index in `seats`
 * is its `seat`). A table's action changes one seat (a bet, a Deal, a setting), and every view-patch carried all six
 * (about 780 of a patch's bytes).
 */
export type TableViewPatch = Partial<TableView> &
  Pick<TableView, 'serverNowMs' | 'ack'> & {
    readonly seatChanges?: readonly SeatView[];
  };

/**
 * The view `previous` becomes with `patch`: each field the patch has replaces the previous one, whole; each seat of
 * `seatChanges` replaces the seat of its number.
 */
export function applyViewPatch(previous: TableView, patch: TableViewPatch): TableView {
  const { seatChanges, ...fields } = patch;
  const next: TableView = { ...previous, ...fields };
  if (seatChanges === undefined) return next;
  const seats = [...next.seats];
  for (const seat of seatChanges) seats[seat.seat] = seat;
  return { ...next, seats };
}

/** What `onTableView` needs of a room: colyseus.js's `Room.onMessage`. */
export interface ViewMessageSource {
  onMessage<T>(type: string, callback: (message: T) => void): unknown;
}

/**
 * Calls `listener` with the client's whole view after each `view` and each `view-patch` message of `room`: the one
 * way a client reads views. A patch before any view (which the server never sends) is ignored.
 */
export function onTableView(room: ViewMessageSource, listener: (view: TableView) => void): void {
  let latest: TableView | null = null;
  room.onMessage('view', (view: TableView) => {
    latest = view;
    listener(view);
  });
  room.onMessage('view-patch', (patch: TableViewPatch) => {
    if (latest === null) return;
    latest = applyViewPatch(latest, patch);
    listener(latest);
  });
}
