import { describe, expect, it } from 'vitest';
import { makeNotice } from './notices.js';

describe('notices in English', () => {
  it("says an idle stand-up came from not playing a round, not from not betting (protocol.md: placing or clearing bets is not playing; the time is the table's)", () => {
    const { message } = makeNotice('notice/left-table', { reason: 'idle' });
    // Before: "you had not bet for five minutes", false for a player who kept betting, and for a table whose idle time is not 5 minutes.
    expect(message).toMatch(/not played a round/);
    expect(message).not.toMatch(/bet|five minutes/);
  });
});
