/**
 * The `view-patch` message (docs/protocol.md "Server → client messages"): after the first `view` a client gets,
 * the server sends only the top-level fields of its `TableView` that changed, with `serverNowMs` and `ack`
 * always. The last round's result, the table's configuration and the fairness record are most of a view's bytes
 * and change once a round or never; sending them with every change cost the server its encoding and socket
 * writes, and every client its decoding (issue 11 point 4c: "send each client only what changed for it").
 */
import type { TableView } from './view.js';

/** The fields of a `TableView` that changed since the client's last view, with `serverNowMs` and `ack` always. */
export type TableViewPatch = Partial<TableView> & Pick<TableView, 'serverNowMs' | 'ack'>;

/** The view `previous` becomes with `patch`: each field the patch has replaces the previous one, whole. */
export function applyViewPatch(previous: TableView, patch: TableViewPatch): TableView {
  return { ...previous, ...patch };
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
