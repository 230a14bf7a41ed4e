/**
 * The player's unfinished low hand, kept across a reload (QA: a card moved into the low hand went back to
 * the high hand when the page was reloaded mid-round). The selection is the browser's alone until Split,
 * so it is kept in sessionStorage (this tab only), keyed by table, with its round: a selection of another
 * round is never restored, and it is removed once the round is over.
 */
import type { Selection } from './felt.js';
import type { CardText } from './model.js';

/** The storage key of the selection at table `tableId`. */
export const selectionKey = (tableId: string): string => `paigow.low.${tableId}`;

/** The selection kept for table `tableId`, or `null` (none, or unreadable). */
export function loadSelection(storage: Pick<Storage, 'getItem'> | null, tableId: string): Selection | null {
  try {
    const raw = storage?.getItem(selectionKey(tableId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { roundId?: unknown; low?: unknown };
    if (typeof parsed.roundId !== 'string' || !Array.isArray(parsed.low) || !parsed.low.every((c) => typeof c === 'string')) return null;
    return { roundId: parsed.roundId, low: parsed.low as CardText[] };
  } catch {
    return null;
  }
}

/**
 * Keeps `selection` for table `tableId` while its round is being set (`setting`), and removes it otherwise:
 * an empty selection, a round over, or no round.
 */
export function keepSelection(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, tableId: string, selection: Selection, setting: boolean): void {
  try {
    if (setting && selection.roundId !== null && selection.low.length > 0) {
      storage?.setItem(selectionKey(tableId), JSON.stringify({ roundId: selection.roundId, low: selection.low }));
    } else storage?.removeItem(selectionKey(tableId));
  } catch {
    // Storage full or refused (private mode): the selection is simply not kept.
  }
}
