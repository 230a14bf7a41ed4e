/**
 * A tester's table faults drawn from fixed views (server-side rendering, no browser): the banker's seat on the felt
 * right after a player took the bank (fault 3), another player's Fortune bet in the last round's panel (fault 4), and
 * the leave dialog following the table while it is open (fault 2). The lost connection (fault 1) is a browser test:
 * e2e/table-player-faults.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { SeatResultView } from '@paigow/protocol';
import { liveLeaveWarning } from './TableTopBar.js';
import { adaResult as ada, dragonRoomRound as houseRound, dragonRoomView as view, renderTableLayout as render } from '../testing/table-layout.js';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** The inner text of the first element with `data-testid="<testid>"` (no nested element of the same tag), or `null`. */
function inner(html: string, testid: string): string | null {
  const m = new RegExp(`<(\\w+)[^>]*data-testid="${testid}"[^>]*>(.*?)</\\1>`).exec(html);
  return m ? text(m[2] ?? '').trim() : null;
}

// A tester's: offline, the chips were disabled but the seats, the bank's buttons and Top up above the felt were not (a press did nothing).
describe('fault 1: while the connection is lost, nothing above the felt can be pressed', () => {
  /** The `disabled` attribute of each element with `data-testid` in `testids`, in `html`. */
  const disabledOf = (html: string, testids: readonly string[]) =>
    Object.fromEntries(testids.map((id) => [id, new RegExp(`<(button|input)(?=[^>]*data-testid="${id}")[^>]*\\sdisabled=""`).test(html)]));

  it('disables the free seat, Be the banker and Top up while reconnecting, and enables them when open', () => {
    const broke = view({ phase: 'betting' }, { balanceCents: 0, canTakeBank: true });
    const controls = ['seat-2', 'take-bank', 'top-up'];
    expect(disabledOf(render(broke, 'en', { status: 'open' }), controls)).toEqual({ 'seat-2': false, 'take-bank': false, 'top-up': false });
    expect(disabledOf(render(broke, 'en', { status: 'reconnecting' }), controls)).toEqual({ 'seat-2': true, 'take-bank': true, 'top-up': true });
  });

  it("disables the banker's Stop banking, Approve and Auto-approve while reconnecting", () => {
    const banking = view(
      { phase: 'approval', banker: { kind: 'player', seat: 0, nickname: 'Ada', autoApprove: false, approved: false, leaving: false, roomCents: 10_000 } },
      { role: 'banker' },
    );
    const controls = ['leave-bank', 'approve', 'auto-approve'];
    expect(disabledOf(render(banking, 'en', { status: 'open' }), controls)).toEqual({ 'leave-bank': false, approve: false, 'auto-approve': false });
    expect(disabledOf(render(banking, 'en', { status: 'reconnecting' }), controls)).toEqual({ 'leave-bank': true, approve: true, 'auto-approve': true });
  });
});

// A tester's banker pressed Approve while the last round's settlement was retried on a held database: refused ("not
// possible at this point"), the button lit all the while. The table asks for the approval once the round is recorded.
describe("the banker's Approve while the last round waits for the ledger", () => {
  it('is disabled while the view names a round being recorded (settlingRoundId), and enabled once it is recorded', () => {
    const banking = view(
      { phase: 'approval', banker: { kind: 'player', seat: 0, nickname: 'Ada', autoApprove: false, approved: false, leaving: false, roomCents: 10_000 } },
      { role: 'banker' },
    );
    const approve = (html: string) => /<button(?=[^>]*data-testid="approve")[^>]*\sdisabled=""/.test(html);
    expect(approve(render({ ...banking, settlingRoundId: 'r-1' }, 'en', { status: 'open' }))).toBe(true);
    expect(approve(render(banking, 'en', { status: 'open' }))).toBe(false);
  });
});

describe("fault 3: the felt names the player's bank from the moment it is taken", () => {
  it('says Ada, not "The house", on the banker\'s seat while the last round (banked by the house) is still shown', () => {
    const html = render(
      view(
        { lastRound: houseRound, banker: { kind: 'player', seat: 0, nickname: 'Ada', autoApprove: false, approved: false, leaving: false, roomCents: 10_000 }, phase: 'approval' },
        { role: 'banker', lastResult: { roundId: 'r-1', outcome: 'win', netCents: 2450 } },
      ),
    );
    expect(inner(html, 'role')).toBe('Banker');
    expect(inner(html, 'banker-name')).toBe('Ada');
    // The last round is still there, labelled as such, with the banker it had.
    expect(inner(html, 'last-round-tag')).toBe('Your last round');
    expect(inner(html, 'last-round-banker')).toBe('(banker then: the house)');
  });

  it('names the round\'s banker alone while the bank has not changed hands', () => {
    const html = render(view({ lastRound: houseRound, phase: 'betting' }, { lastResult: { roundId: 'r-1', outcome: 'win', netCents: 2450 } }));
    expect(inner(html, 'banker-name')).toBe('The house');
    expect(html).not.toContain('data-testid="last-round-banker"');
  });
});

describe("fault 4: another player's row in the last round's panel lists every bet", () => {
  it('shows Wolfgang_Amadeus\'s 5 $ Fortune bet beside his 5 $ bet, so that "Perdió 10 $" adds up (es)', () => {
    const wolfgang: SeatResultView = {
      ...ada,
      seat: 1,
      nickname: 'Wolfgang_Amadeus',
      you: false,
      high: 'lose',
      low: 'lose',
      outcome: 'lose',
      commissionCents: 0,
      bets: { main: 500, fortune: 500 },
      fortune: { line: null, netCents: -500 },
      netCents: -1000,
    };
    const html = render(view({ lastRound: { ...houseRound, players: [wolfgang] } }, { lastBets: null }), 'es');
    const row = inner(html, 'round-player-bet') ?? '';
    expect(row).toContain('Apuesta 5');
    // The separator ends the name's piece, not the bet's: a bet on a line of its own started "· Bet $100" (a tester's).
    expect(row.startsWith('·')).toBe(false);
    expect(html).toMatch(/Wolfgang_Amadeus<\/strong><span[^>]*round-player__sep[^>]*>·<\/span><\/span>/);
    expect(html).toContain('data-testid="round-player-fortune"');
    expect(inner(html, 'round-player-fortune')).toMatch(/5.*\$.*−5|5.*\$.*-5/);
    expect(text(html)).toContain('Perdió 10');
  });
});

describe('fault 2: the leave dialog follows the table while it is open', () => {
  it('keeps the warning while it is still true, with its current figures', () => {
    expect(liveLeaveWarning({ kind: 'dealt' }, { kind: 'dealt' })).toEqual({ kind: 'dealt' });
    expect(liveLeaveWarning({ kind: 'bets', amountCents: 1000 }, { kind: 'bets', amountCents: 500 })).toEqual({ kind: 'bets', amountCents: 500 });
  });

  it('closes once what it warned about is over: the hand set by the house way, the player stood up, the round settled', () => {
    expect(liveLeaveWarning({ kind: 'dealt' }, { kind: 'set' })).toBeNull();
    expect(liveLeaveWarning({ kind: 'dealt' }, null)).toBeNull();
    expect(liveLeaveWarning({ kind: 'bets', amountCents: 1000 }, { kind: 'dealt' })).toBeNull();
    expect(liveLeaveWarning(null, { kind: 'dealt' })).toBeNull();
  });
});
