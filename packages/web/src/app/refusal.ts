/**
 * The one refusal the table shows at a time (its `error` element): the latest of the server's (a message it refused,
 * useTable's `error`) and the screen's own (a chip over a maximum, a bet still below the minimum at Deal: bet-draft.ts,
 * TableScreen's Deal). A player saw "That is over the table maximum" stay while the Fortune limit was said, and the
 * server's refusal come back once the screen's own was cleared. Saying one replaces the other: a refusal replaced is
 * never shown again. The screen clears its own (`say(null)`: the bet it was about changed, or its betting ended), and
 * its own words go when the player's balance changes, which they may quote (a player's finding: "That needs $5; your
 * balance is $0." stayed beside the $1,000 of a top-up); the server's goes when the next message is sent (useTable).
 */
import { useCallback, useState } from 'react';
import type { TableError } from '../net/table-connection.js';

/** What the screen said last (`null`: it cleared the refusal), and the server's refusal shown when it said it. */
export interface ScreenRefusal {
  readonly text: string | null;
  readonly after: TableError | null;
  /** The player's balance when the screen said it, cents (`null`: none known): the words stand for that balance only. */
  readonly balanceCents: number | null;
}

/** The refusal to show: the screen's own words, the server's refusal, or none. */
export type ShownRefusal = { readonly kind: 'screen'; readonly text: string } | { readonly kind: 'server'; readonly error: TableError } | null;

/** Nothing said by the screen yet. */
export const NO_SCREEN_REFUSAL: ScreenRefusal = { text: null, after: null, balanceCents: null };

/**
 * The refusal shown: the screen's, when it spoke (or cleared) after the server's latest refusal `server`, and only while
 * the player's balance is still `balanceCents` (cents) as when it spoke; else that one.
 */
export function shownRefusal(screen: ScreenRefusal, server: TableError | null, balanceCents: number | null): ShownRefusal {
  if (screen.after === server) return screen.text === null || screen.balanceCents !== balanceCents ? null : { kind: 'screen', text: screen.text };
  return server === null ? null : { kind: 'server', error: server };
}

/**
 * What the screen says next: `text` in place of whatever is shown (the server's refusal `server` included), or, `null`,
 * its own words cleared (a server's refusal it had not replaced stays: the screen clears only what it said).
 */
export function screenSays(screen: ScreenRefusal, text: string | null, server: TableError | null, balanceCents: number | null): ScreenRefusal {
  if (text === null && shownRefusal(screen, server, balanceCents)?.kind !== 'screen') return screen;
  return { text, after: server, balanceCents };
}

/**
 * The refusal of a table screen, given the server's latest (`server`) and the player's balance (`balanceCents`, cents;
 * `null` for none): what to show, and `say`, which shows the screen's own words in place of whatever is shown, or
 * clears them (`null`).
 */
export function useRefusal(server: TableError | null, balanceCents: number | null): { shown: ShownRefusal; say: (text: string | null) => void } {
  const [screen, setScreen] = useState<ScreenRefusal>(NO_SCREEN_REFUSAL);
  const say = useCallback((text: string | null) => setScreen((s) => screenSays(s, text, server, balanceCents)), [server, balanceCents]);
  return { shown: shownRefusal(screen, server, balanceCents), say };
}
