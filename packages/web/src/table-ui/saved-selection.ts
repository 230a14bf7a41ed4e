/**
 * The player's unfinished low hand, kept across a reload and a closed tab (QA: a card moved into the low hand went
 * back to the high hand when the page was reloaded mid-round; a tester: and when the tab was closed and the table
 * opened again in the same round). The selection is the browser's alone until Split, so it is kept in the browser's
 * localStorage (every tab, across visits), keyed by player and table, with its round: a selection of another round is
 * never restored, and it is removed once the round is over or another round is dealt (`keepSelection` at each view).
 * Another player signed in on the same browser never reads it (its key and its record name the player), and a
 * selection the player never came back to goes after `SELECTION_MAX_AGE_MS` (`keepSelection` clears those of every
 * player and table).
 */
import type { Selection } from './felt.js';
import type { CardText } from './model.js';

/** The prefix of every kept selection's key. */
const PREFIX = 'paigow.low.';

/** How long a selection nobody came back to is kept, ms (a decision timer is at most 24 hours, operations.md "Tables"). */
export const SELECTION_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The storage key of player `playerId`'s selection at table `tableId`. */
export const selectionKey = (playerId: string, tableId: string): string => `${PREFIX}${encodeURIComponent(playerId)}.${tableId}`;

/** A kept selection as stored: the player, its round, the low-hand cards, and when it was last kept (epoch ms). */
interface Kept {
  readonly playerId: string;
  readonly roundId: string;
  readonly low: CardText[];
  readonly savedAtMs: number;
}

/** The record under `raw`, or `null` when it is not one (another shape, unreadable). */
function parse(raw: string | null | undefined): Kept | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { playerId?: unknown; roundId?: unknown; low?: unknown; savedAtMs?: unknown };
    if (typeof parsed.playerId !== 'string' || typeof parsed.roundId !== 'string' || typeof parsed.savedAtMs !== 'number') return null;
    if (!Array.isArray(parsed.low) || !parsed.low.every((c) => typeof c === 'string')) return null;
    return { playerId: parsed.playerId, roundId: parsed.roundId, low: parsed.low as CardText[], savedAtMs: parsed.savedAtMs };
  } catch {
    return null;
  }
}

/**
 * The selection player `playerId` kept at table `tableId` (its round, which may not be the table's any more: `lowOf`
 * ignores it then), or `null` (none, another player's, or unreadable).
 */
export function loadSelection(storage: Pick<Storage, 'getItem'> | null, playerId: string, tableId: string): Selection | null {
  try {
    const kept = parse(storage?.getItem(selectionKey(playerId, tableId)));
    return kept === null || kept.playerId !== playerId ? null : { roundId: kept.roundId, low: kept.low };
  } catch {
    return null;
  }
}

/**
 * Keeps player `playerId`'s `selection` at table `tableId` while its round is being set (`setting`), and removes it
 * otherwise: an empty selection, a round over, or no round. Each call also removes every kept selection (of any
 * player or table) older than `SELECTION_MAX_AGE_MS`, or unreadable.
 * @param nowMs the browser clock, epoch ms
 */
export function keepSelection(
  storage: Pick<Storage, 'setItem' | 'removeItem' | 'getItem' | 'key' | 'length'> | null,
  playerId: string,
  tableId: string,
  selection: Selection,
  setting: boolean,
  nowMs: number,
): void {
  if (storage === null) return;
  try {
    const key = selectionKey(playerId, tableId);
    if (setting && selection.roundId !== null && selection.low.length > 0) {
      const kept: Kept = { playerId, roundId: selection.roundId, low: [...selection.low], savedAtMs: nowMs };
      storage.setItem(key, JSON.stringify(kept));
    } else storage.removeItem(key);
    const stale: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const other = storage.key(i);
      if (other === null || !other.startsWith(PREFIX) || other === key) continue;
      const kept = parse(storage.getItem(other));
      if (kept === null || nowMs - kept.savedAtMs > SELECTION_MAX_AGE_MS) stale.push(other);
    }
    for (const other of stale) storage.removeItem(other);
  } catch {
    // Storage full or refused (private mode): the selection is simply not kept.
  }
}
