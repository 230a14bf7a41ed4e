/**
 * One refusal at a time on the table (a player's finding: "That is over the table maximum of $100." stayed under the
 * buttons while the Fortune limit was said above them, and refusals lingered after the chips were taken back off).
 * The refusal shown is the latest of the server's and the screen's own; one replaced never comes back.
 */
import { describe, expect, it } from 'vitest';
import type { TableError } from '../net/table-connection.js';
import { NO_SCREEN_REFUSAL, screenSays, shownRefusal, type ScreenRefusal } from './refusal.js';

const overLimit: TableError = { code: 'bet/over-limit', message: 'over', requestId: 'r-3' };
const tableFull: TableError = { code: 'action/table-full', message: 'full', requestId: 'r-4' };
const BALANCE = 0;

/** The screen's state after saying each of `texts` in turn while the server's latest refusal was `server`. */
const said = (server: TableError | null, ...texts: (string | null)[]): ScreenRefusal => texts.reduce((s, text) => screenSays(s, text, server, BALANCE), NO_SCREEN_REFUSAL);

describe('the refusal shown', () => {
  it("is the screen's own words said after the server's refusal, and neither once the bet changed", () => {
    const screen = said(overLimit, 'The Fortune maximum is $25: $50 is over it.');
    expect(shownRefusal(screen, overLimit, BALANCE)).toEqual({ kind: 'screen', text: 'The Fortune maximum is $25: $50 is over it.' });
    // The chip taken back off: the screen clears its words, and the server's refusal it replaced does not come back.
    expect(shownRefusal(screenSays(screen, null, overLimit, BALANCE), overLimit, BALANCE)).toBeNull();
  });

  it("is the server's refusal that came after the screen's words", () => {
    const screen = said(null, 'The table maximum is $100: $101 is over it.');
    expect(shownRefusal(screen, null, BALANCE)).toEqual({ kind: 'screen', text: 'The table maximum is $100: $101 is over it.' });
    expect(shownRefusal(screen, tableFull, BALANCE)).toEqual({ kind: 'server', error: tableFull });
  });

  it("is the latest of the screen's own words: one replaces the other", () => {
    const screen = said(null, 'The table maximum is $100: $101 is over it.', 'The Fortune maximum is $25: $50 is over it.');
    expect(shownRefusal(screen, null, BALANCE)).toEqual({ kind: 'screen', text: 'The Fortune maximum is $25: $50 is over it.' });
  });

  it("stays the server's when the screen clears words it is not showing (a full table's refusal is not about a bet)", () => {
    expect(shownRefusal(said(tableFull, null), tableFull, BALANCE)).toEqual({ kind: 'server', error: tableFull });
    // Its own words, replaced by the server's since, are not what it clears either.
    const replaced = said(null, 'The table maximum is $100: $101 is over it.');
    expect(shownRefusal(screenSays(replaced, null, tableFull, BALANCE), tableFull, BALANCE)).toEqual({ kind: 'server', error: tableFull });
  });
});

// A player's: "That needs $5; your balance is $0." stayed beside the $1,000 of a top-up until the next chip.
describe("the screen's own words and the player's balance", () => {
  it('go when the balance changes, which they may quote, and stay while it does not', () => {
    const screen = said(null, 'That needs $5; your balance is $0.');
    expect(shownRefusal(screen, null, BALANCE)).toEqual({ kind: 'screen', text: 'That needs $5; your balance is $0.' });
    expect(shownRefusal(screen, null, 100_000)).toBeNull();
    // The server's refusal is not the screen's words: it stays (it goes with the next message sent).
    expect(shownRefusal(screen, tableFull, 100_000)).toEqual({ kind: 'server', error: tableFull });
  });
});
