import { describe, expect, it } from 'vitest';
import { makeNotice } from './notices.js';

describe('notices in English', () => {
  it("says an idle stand-up came from not playing a round, not from not betting (protocol.md: placing or clearing bets is not playing; the time is the table's)", () => {
    const { message } = makeNotice('notice/left-table', { reason: 'idle', waitSeconds: 120 });
    // Before: "you had not bet for five minutes", false for a player who kept betting, and for a table whose idle time is not 5 minutes.
    expect(message).toMatch(/not played a round/);
    expect(message).not.toMatch(/bet|five minutes/);
  });

  // A player tester's: the notice said "Sit again to play", and the sit was refused for the next 5 minutes.
  it('says when an idle player may sit at the table again, not to sit again now', () => {
    const { message } = makeNotice('notice/left-table', { reason: 'idle', waitSeconds: 300 });
    expect(message).toMatch(/sit at this table again in 5 min\.$/);
    expect(message).not.toMatch(/Sit again to play/);
  });
});

describe('notice/left-bank in English, one sentence per reason (rules.md §5)', () => {
  it('says a banker left the bank for its comp points, not its balance (tester: a banker at −149 points kept the bank)', () => {
    const { message } = makeNotice('notice/left-bank', { reason: 'comp-points' });
    expect(message).toMatch(/comp points/);
    expect(message).not.toMatch(/balance/);
    expect(message).toMatch(/house banks/);
  });

  it('gives every reason its own sentence', () => {
    const reasons = ['approval-timeout', 'balance', 'comp-points', 'table-moved', 'server-stopped', 'disconnected'] as const;
    const said = reasons.map((reason) => makeNotice('notice/left-bank', { reason }).message);
    expect(new Set(said).size).toBe(reasons.length);
  });
});
