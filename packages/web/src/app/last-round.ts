/**
 * The top bar's "Last round" (rules.md §5: the screen shows the last round's win or loss): the player's
 * most recent settled round at any table, not only the one the table's view remembers. A player who
 * played at table 2 and then sits at table 1 sees the table-2 round, as the history does.
 */
import type { HistoryEntry, TableView } from '@paigow/protocol';

/** A settled round of the player: where, when (server clock) and the money. */
export interface LastRound {
  readonly roundId: string;
  readonly tableId: string;
  /** Server clock when the round was settled, epoch ms. */
  readonly atMs: number;
  /** The player's wallet change in the round, cents (as banker: its net after the fee). */
  readonly netCents: number;
}

/**
 * The table view's last round for its viewer (`you.lastResult`, timed by `lastRound.settledAtMs`), or
 * `null` when the viewer had no part in it (or the view has none).
 */
export function liveLastRound(view: TableView | null): LastRound | null {
  const mine = view?.you?.lastResult ?? null;
  const round = view?.lastRound ?? null;
  if (!view || mine === null || round === null || round.roundId !== mine.roundId) return null;
  return { roundId: mine.roundId, tableId: view.tableId, atMs: round.settledAtMs, netCents: mine.netCents };
}

/**
 * The newest settled round in the history (`GET /api/history`, newest first; open and refunded rounds
 * are skipped: a refund is neither a win nor a loss), or `null`.
 */
export function historyLastRound(history: readonly HistoryEntry[] | null): LastRound | null {
  let best: LastRound | null = null;
  for (const e of history ?? []) {
    if (e.status !== 'settled') continue;
    const atMs = e.closedAt ?? e.result?.settledAtMs ?? e.openedAt;
    if (best === null || atMs > best.atMs) best = { roundId: e.roundId, tableId: e.tableId, atMs, netCents: e.netCents };
  }
  return best;
}

/**
 * The player's last round across tables: the newer (server clock) of the table view's last round and
 * the history's newest settled round; the view's when both are the same round or equally recent (it is
 * current, the history may be a moment late). `null` when neither knows one.
 */
export function lastRoundOf(view: TableView | null, history: readonly HistoryEntry[] | null): LastRound | null {
  const live = liveLastRound(view);
  const past = historyLastRound(history);
  if (live === null) return past;
  if (past === null || past.roundId === live.roundId) return live;
  return past.atMs > live.atMs ? past : live;
}
