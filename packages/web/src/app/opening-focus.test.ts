/**
 * The focus after sitting down (a keyboard and screen-reader tester's finding): Enter on a lobby tile left the focus
 * on the page's body, and the next Tab started at the language select. The table's heading takes it once, when the
 * table first shows, never from a control that holds it, never again at later renders.
 */
import { describe, expect, it } from 'vitest';
import { dragonRoomView, renderTableLayout } from '../testing/table-layout.js';
import { takesOpeningFocus } from './opening-focus.js';

describe('the focus when the table screen opens', () => {
  it('goes to the table once, when the table first shows and the focus is nowhere', () => {
    expect(takesOpeningFocus(false, true, true)).toBe(true);
    // Still connecting: nothing to focus yet.
    expect(takesOpeningFocus(false, false, true)).toBe(false);
    // The player focused a control meanwhile (Lobby): it keeps it.
    expect(takesOpeningFocus(false, true, false)).toBe(false);
    // A later render (a view, a reconnection) never takes it back.
    expect(takesOpeningFocus(true, true, true)).toBe(false);
  });

  it('has a heading that can take it (the table name, focusable by script only, not a Tab stop)', () => {
    const html = renderTableLayout(dragonRoomView());
    expect(html).toMatch(/<h1 class="visually-hidden" data-testid="page-title" tabindex="-1">Dragon Room<\/h1>/);
  });
});
