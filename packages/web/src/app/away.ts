/**
 * "While you were away" (rules.md §5 "Interruptions": a reconnecting player sees the results of the
 * rounds it missed): the client remembers the rounds the player was dealt into (or banked) at a table
 * until it has seen them settled on screen. After a reconnection, a server restart or a reload, the
 * rounds of that list that `GET /api/history` shows settled or refunded are the ones the player missed.
 * The list is kept in localStorage per player and table (two tabs at two tables do not mix).
 * Pure functions, plus the storage helpers at the end.
 */
import type { HistoryEntry, SetBy, TableView, WagerOutcome } from '@paigow/engine';
import { outcomeOfNet, viewerPlayed } from '../table-ui/model.js';

/** A round settled (or voided) while the player was not looking. */
export interface AwayRound {
  readonly roundId: string;
  readonly tableId: string;
  /** The player's outcome; `bank` when it banked; `void` when the round was refunded. */
  readonly outcome: WagerOutcome | 'bank' | 'void';
  /** The player's net for the round, cents (0 for a void round). */
  readonly netCents: number;
  /** How the player's hand was set (`disconnect`, `timeout`: by the house way), when known. */
  readonly setBy: SetBy | null;
}

/** At most this many rounds are remembered per table. */
const MAX_PENDING = 12;

/**
 * Updates the list of rounds awaiting their result with a new view: adds the round being played when
 * the viewer is dealt into it (its cards are in the view) or banks it; removes the last round once it is
 * on screen with the viewer's result in it.
 * @param pending round ids, oldest first
 * @returns the same array when nothing changed
 */
export function trackRounds(pending: readonly string[], view: TableView): readonly string[] {
  let next = pending;
  const you = view.you;
  const dealt = view.phase === 'setting' || view.phase === 'dealing';
  const banking = you?.role === 'banker' && view.seats.some((s) => s.inRound);
  if (view.roundId !== null && dealt && ((you?.cards ?? null) !== null || banking) && !next.includes(view.roundId)) {
    next = [...next, view.roundId].slice(-MAX_PENDING);
  }
  const last = view.lastRound;
  if (last !== null && next.includes(last.roundId) && viewerPlayed(last)) next = next.filter((id) => id !== last.roundId);
  return next;
}

/** The result of a settled or refunded history entry, as the away panel tells it. */
export function awayOf(entry: HistoryEntry): AwayRound {
  const mine = entry.result?.players.find((p) => p.you) ?? null;
  const outcome: AwayRound['outcome'] =
    entry.status === 'refunded' ? 'void' : entry.role === 'banker' ? 'bank' : mine ? mine.outcome : outcomeOfNet(entry.netCents);
  return { roundId: entry.roundId, tableId: entry.tableId, outcome, netCents: entry.status === 'refunded' ? 0 : entry.netCents, setBy: mine?.setBy ?? null };
}

/**
 * Splits the awaited rounds by the history: those the history shows closed (settled or refunded) were
 * missed; the others (still open, or not in the page of history read) stay awaited.
 * @param pending awaited round ids
 * @param history `GET /api/history` items (newest first)
 * @param onScreen the round whose result the table shows right now (not "missed"), or `null`
 */
export function missedRounds(
  pending: readonly string[],
  history: readonly HistoryEntry[],
  onScreen: string | null,
): { readonly missed: readonly AwayRound[]; readonly pending: readonly string[] } {
  const closed = new Map(history.filter((e) => e.status !== 'open').map((e) => [e.roundId, e]));
  const missed: AwayRound[] = [];
  const left: string[] = [];
  for (const id of pending) {
    const entry = closed.get(id);
    if (entry === undefined) left.push(id);
    else if (id !== onScreen) missed.push(awayOf(entry));
  }
  return { missed, pending: left.length === pending.length ? pending : left };
}

/**
 * The round of a `notice/round-recovered` notice (`{roundId, outcome, netCents}`: the server settled —
 * or, `outcome: 'refunded'`, called off — a round interrupted by its restart), or `null` when the params
 * are not readable.
 */
export function awayOfRecovered(params: Readonly<Record<string, unknown>>, tableId: string): AwayRound | null {
  const { roundId, outcome, netCents } = params;
  if (typeof roundId !== 'string' || typeof netCents !== 'number') return null;
  // `RecoveredOutcome` (engine protocol/notices.ts): a wager's outcome, 'bank', or 'refunded' (void here).
  const known = ['win', 'push', 'lose', 'bank'] as const;
  const o = outcome === 'refunded' ? 'void' : (known.find((k) => k === outcome) ?? outcomeOfNet(netCents));
  return { roundId, tableId, outcome: o, netCents, setBy: 'disconnect' };
}

/** Adds rounds to the away list, once each (a round told by a notice and by the history). */
export function mergeAway(list: readonly AwayRound[], more: readonly AwayRound[]): readonly AwayRound[] {
  const fresh = more.filter((r) => !list.some((x) => x.roundId === r.roundId));
  return fresh.length === 0 ? list : [...list, ...fresh];
}

const key = (playerId: string, tableId: string) => `paigow.awaiting.${playerId}.${tableId}`;

/** The awaited rounds stored for this player and table (`[]` when none or unreadable). */
export function loadAwaiting(playerId: string, tableId: string): readonly string[] {
  try {
    const raw = JSON.parse(window.localStorage.getItem(key(playerId, tableId)) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string').slice(-MAX_PENDING) : [];
  } catch {
    return [];
  }
}

/** Stores the awaited rounds (an empty list removes the entry). */
export function saveAwaiting(playerId: string, tableId: string, pending: readonly string[]): void {
  try {
    if (pending.length === 0) window.localStorage.removeItem(key(playerId, tableId));
    else window.localStorage.setItem(key(playerId, tableId), JSON.stringify(pending));
  } catch {
    /* private mode: remembered for this page only */
  }
}
