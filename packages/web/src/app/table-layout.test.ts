/**
 * The table screen drawn from fixed views (server-side rendering, no browser): what a player, a new
 * player and a banking player read on the felt (issue 10 points 7, 8, 9, 10, 11, 12).
 */
import { describe, expect, it } from 'vitest';
import type { RoundResultView, SeatResultView } from '@paigow/protocol';
import { createI18n, formatMoney, LANGUAGES } from './i18n/index.js';
import { adaResult as ada, dragonRoomRound as houseRound, dragonRoomView as view, renderTableLayout as render } from '../testing/table-layout.js';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** The `data-<attr>` of the first element with `data-testid="<testid>"`, or `null`. */
function attr(html: string, testid: string, name: string): string | null {
  const tag = new RegExp(`<[^>]*data-testid="${testid}"[^>]*>`).exec(html)?.[0];
  if (!tag) return null;
  return new RegExp(`data-${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
}

describe('point 7: a finished round is the last round, never redrawn as if current', () => {
  it('after taking the bank, draws the round Ada played as a player, not as if she had banked it', () => {
    const html = render(
      view(
        { lastRound: houseRound, banker: { kind: 'player', seat: 0, nickname: 'Ada', autoApprove: false, approved: false, leaving: false, roomCents: 10_000 }, phase: 'approval' },
        { role: 'banker', lastResult: { roundId: 'r-1', outcome: 'win', netCents: 2450 } },
      ),
    );
    expect(html).not.toContain('data-testid="banker-net"');
    expect(text(html)).not.toContain('→ you');
    expect(attr(html, 'last-round-tag', 'round-id')).toBe('r-1');
    // Her own hands with her marks, the banker's with the mirror, and the banner with her figures.
    expect(attr(html, 'high-mark', 'mark')).toBe('win');
    expect(attr(html, 'dealer-high-mark', 'mark')).toBe('lose');
    expect(attr(html, 'result', 'net-cents')).toBe('2450');
  });

  it("shows a player who sits down the previous round beside the felt, named, never the old banker's hand on it", () => {
    const pat: SeatResultView = { ...ada, seat: 1, nickname: 'Bea', you: false };
    const html = render(view({ lastRound: { ...houseRound, players: [pat] } }, { lastBets: null }));
    expect(html).not.toContain('data-testid="dealer-high-hand"');
    expect(html).not.toContain('data-testid="last-round-tag"');
    expect(attr(html, 'last-round-panel', 'round-id')).toBe('r-1');
    expect(text(html)).toContain('Last round at this table');
    expect(text(html)).toContain('Banker: the house');
    expect(text(html)).toContain('Bea');
    expect(html).toContain('data-mark="win"');
  });
});

// Tester (fr): "(banquier de cette manche : La maison)" and "Banquier : La maison", a capital inside a phrase. The house's
// name put after a label or inside a phrase is its mid-sentence form (`table.theHouseInline`), in every language.
describe("the house's name inside a phrase is in lower case", () => {
  const tookBank = (lng: string) =>
    text(
      render(
        view(
          { lastRound: houseRound, banker: { kind: 'player', seat: 0, nickname: 'Ada', autoApprove: false, approved: false, leaving: false, roomCents: 10_000 }, phase: 'approval' },
          { role: 'banker', lastResult: { roundId: 'r-1', outcome: 'win', netCents: 2450 } },
        ),
        lng,
      ),
    );
  const sidePanel = (lng: string) => text(render(view({ lastRound: { ...houseRound, players: [{ ...ada, seat: 1, nickname: 'Bea', you: false }] } }, { lastBets: null }), lng));

  it.each([
    ['en', '(banker then: the house)', 'Banker: the house'],
    ['fr', '(banquier de cette manche : la maison)', 'Banquier : la maison'],
    ['de', '(Geber in dieser Runde: das Haus)', 'Geber: das Haus'],
    ['es', '(banca en esa ronda: la casa)', 'Banca: la casa'],
    ['ru', '(банкир в том раунде: казино)', 'Банкир: казино'],
  ])('%s', (lng, then, side) => {
    expect(tookBank(lng)).toContain(then);
    expect(sidePanel(lng)).toContain(side);
  });
});

describe("point 9: the banker's own screen reads from the banker's side", () => {
  it("marks the banker's hands from its side, and each player's hands with the player's own marks", () => {
    const pat: SeatResultView = { ...ada, seat: 1, nickname: 'Pat', you: false, high: 'lose', low: 'copy', outcome: 'lose', fortune: null, commissionCents: 0, netCents: -1000, bets: { main: 1000, fortune: 0 } };
    const banked: RoundResultView = { ...houseRound, banker: { kind: 'player', seat: 0, nickname: 'Ada', you: true }, players: [pat], bankerNetCents: 985, bankerFeeCents: 15 };
    const html = render(
      view(
        { lastRound: banked, banker: { kind: 'player', seat: 0, nickname: 'Ada', autoApprove: true, approved: true, leaving: false, roomCents: 10_000 } },
        { role: 'banker', lastResult: { roundId: 'r-1', outcome: 'bank', netCents: 985 } },
      ),
    );
    expect(attr(html, 'dealer-high-mark', 'mark')).toBe('win');
    expect(attr(html, 'dealer-low-mark', 'mark')).toBe('copy');
    expect(attr(html, 'round-player', 'banker-result')).toBe('win');
    expect(text(html)).toContain('→ you +$10');
    expect(rowMarks(html)).toEqual(['lose', 'copy']);
    expect(attr(html, 'banker-net', 'net-cents')).toBe('985');
  });

  it("marks a banker's hand mixed when it won against one player and lost against another", () => {
    const pat: SeatResultView = { ...ada, seat: 1, nickname: 'Pat', you: false, high: 'lose', low: 'lose', outcome: 'lose', fortune: null, netCents: -1000 };
    const bo: SeatResultView = { ...ada, seat: 2, nickname: 'Bo', you: false, high: 'win', low: 'lose', outcome: 'push', fortune: null, netCents: 0 };
    const banked: RoundResultView = { ...houseRound, banker: { kind: 'player', seat: 0, nickname: 'Ada', you: true }, players: [pat, bo] };
    const html = render(
      view({ lastRound: banked, banker: { kind: 'player', seat: 0, nickname: 'Ada', autoApprove: true, approved: true, leaving: false, roomCents: 0 } }, { role: 'banker' }),
    );
    expect(attr(html, 'dealer-high-mark', 'mark')).toBe('mixed');
    expect(attr(html, 'dealer-low-mark', 'mark')).toBe('win');
  });
});

/** The marks beside each row's hands in the round's players list (`round-player-marks`), in order. */
function rowMarks(html: string): string[] {
  return [...html.matchAll(/data-testid="round-player-marks"[^>]*>((?:<span[^>]*>[^<]*<\/span>)+)<\/span>/g)].flatMap((m) => [...m[1]!.matchAll(/data-mark="(\w+)"/g)].map((x) => x[1]!));
}

// A player's finding: when a player banked, the banker saw "WIN WIN" beside a player who lost (the bank's hands had
// won) and read them as that player's. Each mark says how the hand beside it did, on every screen.
describe("the marks beside a hand say how that hand did, for the banker, the player and a watcher", () => {
  const bea: SeatResultView = { ...ada, seat: 1, nickname: 'Bea', you: false, high: 'lose', low: 'lose', outcome: 'lose', fortune: null, commissionCents: 0, netCents: -5000, bets: { main: 5000, fortune: 0 } };
  const bank = { kind: 'player', seat: 0, nickname: 'Ada', autoApprove: true, approved: true, leaving: false, roomCents: 10_000 } as const;
  const round = (viewer: 'banker' | 'player' | 'watcher'): RoundResultView => ({
    ...houseRound,
    banker: { kind: 'player', seat: 0, nickname: 'Ada', you: viewer === 'banker' },
    players: [{ ...bea, you: viewer === 'player' }],
    bankerNetCents: 4925,
    bankerFeeCents: 75,
  });

  it("the banker: its own hands WIN, Bea's hands LOSE beside them, Bea's money from its side", () => {
    const html = render(view({ lastRound: round('banker'), banker: bank }, { role: 'banker', lastResult: { roundId: 'r-1', outcome: 'bank', netCents: 4925 } }));
    expect([attr(html, 'dealer-high-mark', 'mark'), attr(html, 'dealer-low-mark', 'mark')]).toEqual(['win', 'win']);
    expect(rowMarks(html)).toEqual(['lose', 'lose']);
    expect(text(html)).toContain('lost $50 → you +$50');
    expect(html).toContain('title="Bea’s hands against the banker’s"');
  });

  it("the player: its hands LOSE, the banker's WIN", () => {
    const html = render(view({ lastRound: round('player'), banker: bank }, { playerId: 'p-bea', nickname: 'Bea', seat: 1, lastResult: { roundId: 'r-1', outcome: 'lose', netCents: -5000 } }));
    expect([attr(html, 'high-mark', 'mark'), attr(html, 'low-mark', 'mark')]).toEqual(['lose', 'lose']);
    expect([attr(html, 'dealer-high-mark', 'mark'), attr(html, 'dealer-low-mark', 'mark')]).toEqual(['win', 'win']);
  });

  it("a watcher: Bea's hands LOSE in the last round's players", () => {
    const html = render(view({ lastRound: round('watcher'), banker: bank }, { playerId: 'p-cy', nickname: 'Cy', seat: null, role: 'spectator', lastBets: null }));
    expect(attr(html, 'last-round-panel', 'round-id')).toBe('r-1');
    expect(rowMarks(html)).toEqual(['lose', 'lose']);
  });
});

describe('point 8: why "Be the banker" is disabled, and how much the bank can take', () => {
  it("names the missing comp points and balance with this table's numbers, and what banking costs", () => {
    const html = render(view({}, { compPoints: 20, balanceCents: 5_000 }));
    expect(attr(html, 'bank-reason', 'kinds')).toBe('comp-points balance');
    expect(text(html)).toContain('Banking needs 50 comp points; you have 20.');
    expect(text(html)).toContain('Banking needs a balance of $101.50 (the table maximum plus the 1.5% fee); you have $50.');
    // A player tester's: the cost said only the comp points; the fee charged every round was only in Table info.
    expect(text(html)).toContain('Banking costs a fee of 1.5% of the bets against you each round, whatever the result, and comp points: 1 per unit wagered against you.');
  });

  it('puts the reasons and the cost behind a "Why?" disclosure a touch and a keyboard reach (a phone shows it)', () => {
    const html = render(view({}, { compPoints: 20, balanceCents: 5_000 }));
    const why = new RegExp('<button[^>]*data-testid="bank-why"[^>]*>').exec(html)?.[0] ?? '';
    expect(why).toContain('type="button"');
    expect(why).toContain('aria-expanded="false"');
    const controls = /aria-controls="([^"]+)"/.exec(why)?.[1];
    // The element it opens holds the reasons and the cost.
    const notes = new RegExp(`<span id="${controls}"[^>]*>(.*?)</span></span>`).exec(html)?.[1] ?? '';
    expect(notes).toContain('data-testid="bank-reason"');
    expect(notes).toContain('data-testid="bank-cost"');
    // The disabled button is described by its reasons.
    const reasonId = /<span id="([^"]+)"[^>]*data-testid="bank-reason"/.exec(html)?.[1];
    expect(new RegExp('<button[^>]*data-testid="take-bank"[^>]*>').exec(html)?.[0]).toContain(`aria-describedby="${reasonId}"`);
    // No "Why?" beside an enabled button.
    expect(render(view({}, { canTakeBank: true }))).not.toContain('data-testid="bank-why"');
  });

  // Once a player could bank, the cost's two lines under the enabled button made a German result with a Fortune win
  // 753 px tall at 360×740: on a phone the cost is behind "Cost?", a disclosure like "Why?".
  it('puts the cost of an enabled "Be the banker" behind a "Cost?" disclosure', () => {
    const html = render(view({}, { canTakeBank: true }));
    const toggle = new RegExp('<button[^>]*data-testid="bank-cost-toggle"[^>]*>([^<]*)<').exec(html);
    expect(toggle?.[0]).toContain('aria-expanded="false"');
    expect(toggle?.[1]).toBe('Cost?');
    const controls = /aria-controls="([^"]+)"/.exec(toggle?.[0] ?? '')?.[1];
    expect(new RegExp(`<span id="${controls}"[^>]*>(.*?)</span></span>`).exec(html)?.[1]).toContain('data-testid="bank-cost"');
  });

  it('says who banks, or that bets are down', () => {
    const occupied = render(view({ banker: { kind: 'player', seat: 1, nickname: 'Bea', autoApprove: true, approved: true, leaving: false, roomCents: 5_000 } }));
    expect(text(occupied)).toContain('Bea is the banker.');
    // The player sees what the bank can still take.
    expect(attr(occupied, 'bank-room', 'cents')).toBe('5000');
    expect(text(occupied)).toContain('The bank can take $50 more.');
    const betsDown = render(view({}, { bets: { main: 500, fortune: 0 } }));
    expect(attr(betsDown, 'bank-reason', 'kinds')).toBe('bets-down');
  });

  it('says when the bank is full', () => {
    const html = render(view({ banker: { kind: 'player', seat: 1, nickname: 'Bea', autoApprove: true, approved: true, leaving: false, roomCents: 0 } }));
    expect(attr(html, 'bank-room', 'full')).toBe('true');
    expect(text(html)).toContain('The bank is full');
  });
});

describe('point 10: the bet tools and the total on the felt', () => {
  it('shows the total of both bets, Clear, Undo and Double, and a full Fortune bet offers no chip', () => {
    const html = render(view({}, { bets: { main: 3_000, fortune: 2_500 } }));
    expect(attr(html, 'bet-total', 'cents')).toBe('5500');
    expect(text(html)).toContain('Your bets: $55');
    for (const id of ['bet-clear', 'bet-undo', 'bet-double', 'chips-to-main', 'chips-to-fortune']) expect(html).toContain(`data-testid="${id}"`);
    expect(text(html)).not.toContain('+$');
    expect(html).toContain('title="The Fortune bet is at its maximum of $25."');
  });

  // A tester: over an empty felt the Fortune spot's tooltip said "at its maximum of $25" (the Fortune bet $0), while a
  // click said a main bet must come first. The tooltip says what a click does: that reason, then what it adds.
  it("gives the Fortune spot's real reason on an empty felt, and what a click adds once a main bet is down", () => {
    const fortuneTitle = (html: string) => /<button[^>]*data-testid="fortune-stack"[^>]*title="([^"]*)"/.exec(html)?.[1] ?? /<button[^>]*title="([^"]*)"[^>]*data-testid="fortune-stack"/.exec(html)?.[1];
    expect(fortuneTitle(render(view()))).toBe('Place a main bet first: the Fortune bet goes with it.');
    expect(fortuneTitle(render(view({}, { bets: { main: 1_000, fortune: 0 } })))).toBe('Click to add a $1 chip (the selected chip) to the Fortune bet');
  });

  // A new player (en, laptop) read "Total $0" in large gold under "You lost $500 · Best setting" as the round's total. The
  // line says what it counts, and over the last round's result an empty felt has none.
  it.each(LANGUAGES)('in %s: names the bets on the felt, and shows no empty total under the last round\'s result', (lng) => {
    const i18n = createI18n(lng);
    const played = { lastRound: houseRound };
    const won = { lastResult: { roundId: 'r-1', outcome: 'win', netCents: 2450 } } as const;
    const empty = render(view(played, won), lng);
    expect(empty).toContain('data-testid="result"');
    expect(empty).not.toContain('data-testid="bet-total"');
    const next = render(view(played, { ...won, bets: { main: 1_000, fortune: 500 } }), lng);
    expect(attr(next, 'bet-total', 'cents')).toBe('1500');
    expect(text(next)).toContain(text(i18n.t('bets.total', { amount: formatMoney(lng, 1500) })));
    // A fresh seat: no result to misread, the empty felt's total stays (Clear brings it back to 0).
    expect(attr(render(view({}, {}), lng), 'bet-total', 'cents')).toBe('0');
  });

  it('offers Rebet ×2 on an empty felt', () => {
    const html = render(view());
    expect(attr(html, 'bet-double', 'as-rebet')).toBe('true');
    expect(text(html)).toContain('Rebet ×2');
  });

  // A tap shows no tooltip: a disabled Double says why in words too, the button described by them.
  it('says in words why Double is disabled, and why Rebet ×2 is', () => {
    const describedBy = (html: string) => /<button[^>]*data-testid="bet-double"[^>]*aria-describedby="([^"]+)"/.exec(html)?.[1];
    const reasonId = (html: string) => /<p[^>]*id="([^"]+)"[^>]*data-testid="double-reason"/.exec(html)?.[1];
    const double = render(view({}, { bets: { main: 6_000, fortune: 0 } }));
    expect(attr(double, 'double-reason', 'reason')).toBe('over-max');
    expect(text(double)).toContain('That is over the table maximum of $100.');
    expect(describedBy(double)).toBe(reasonId(double));
    const rebetDouble = render(view({}, { lastBets: { main: 6_000, fortune: 0 } }));
    expect(attr(rebetDouble, 'double-reason', 'reason')).toBe('over-max');
    expect(describedBy(rebetDouble)).toBe(reasonId(rebetDouble));
  });

  // A player's finding: "That is over the table maximum of $100." (Double's reason) stayed under the buttons while a
  // refusal was said above them, two messages read as two refusals, one out of date.
  it('says no disabled button\'s reason while a refusal is said: one message at a time', () => {
    const refused = render(view({}, { bets: { main: 10_000, fortune: 0 } }), 'en', { error: { code: 'bet/over-limit', message: 'over', requestId: 'r-9' } });
    expect(text(refused)).toContain('That bet is above the table maximum.');
    expect(refused).not.toContain('data-testid="double-reason"');
    expect(refused).not.toMatch(/data-testid="bet-double"[^>]*aria-describedby/);
    expect(render(view({}, { lastBets: null }), 'en', { error: { code: 'bet/closed', message: 'closed', requestId: 'r-9' } })).not.toContain('data-testid="rebet-reason"');
    // Without a refusal, the reason is said.
    expect(render(view({}, { bets: { main: 10_000, fortune: 0 } }))).toContain('data-testid="double-reason"');
  });

  it('leaves Rebet ×2\'s reason to Rebet\'s when Rebet is disabled too, and says nothing while Double can be pressed', () => {
    const short = render(view({}, { balanceCents: 1_000, lastBets: { main: 1_500, fortune: 0 } }));
    expect(attr(short, 'rebet', 'reason')).toBe('balance');
    expect(short).toContain('data-testid="rebet-reason"');
    expect(short).not.toContain('data-testid="double-reason"');
    expect(render(view({}, { bets: { main: 1_000, fortune: 0 } }))).not.toContain('data-testid="double-reason"');
  });

  // A tester on a phone: on a freshly taken seat Rebet and Rebet ×2 were disabled and said why only in a tooltip.
  it('says in words, on a fresh seat, why Rebet and Rebet ×2 are disabled, both buttons described by it', () => {
    const describedBy = (html: string, id: string) => new RegExp(`<button[^>]*data-testid="${id}"[^>]*aria-describedby="([^"]+)"`).exec(html)?.[1];
    const fresh = render(view({}, { lastBets: null }));
    expect(attr(fresh, 'rebet', 'reason')).toBe('none');
    expect(attr(fresh, 'rebet-reason', 'reason')).toBe('none');
    expect(text(fresh)).toContain('Rebet and Rebet ×2 repeat your last round’s bets at this table: you have none here yet.');
    const reasonId = /<p[^>]*id="([^"]+)"[^>]*data-testid="rebet-reason"/.exec(fresh)?.[1];
    expect(reasonId).toBeDefined();
    expect(describedBy(fresh, 'rebet')).toBe(reasonId);
    expect(describedBy(fresh, 'bet-double')).toBe(reasonId);
    // Rebet ×2's tooltip says the same (not "no bet to double"); once chips are on the felt the line goes.
    expect(fresh).toContain('title="Rebet and Rebet ×2 repeat your last round’s bets at this table: you have none here yet."');
    expect(render(view({}, { lastBets: null, bets: { main: 1_000, fortune: 0 } }))).not.toContain('data-testid="rebet-reason"');
  });
});

describe('point 11: a balance under the table minimum', () => {
  it('says so on the felt, offers Top up, and disables Rebet with the reason', () => {
    const html = render(view({ config: { ...view().config, limits: { main: { minCents: 500, maxCents: 10_000 }, fortune: null } } }, { balanceCents: 300, lastBets: { main: 1_500, fortune: 0 } }));
    expect(attr(html, 'broke', 'balance-cents')).toBe('300');
    expect(text(html)).toContain('Your balance ($3) is under this table’s minimum bet of $5.');
    expect(html).toContain('data-testid="broke-top-up"');
    expect(attr(html, 'rebet', 'reason')).toBe('balance');
    // The reason in Rebet's title; not said again under the buttons, the notice says it (a 360×740 phone had no room).
    expect(html).toMatch(/data-testid="rebet"[^>]*title="That needs \$15; your balance is \$3\."/);
    expect(html).not.toContain('data-testid="rebet-reason"');
  });
});

describe('point 12: the result banner gives each bet its own line', () => {
  it('leads with the net in words, then the main bet with its commission and the Fortune bet on lines of their own', () => {
    const html = render(view({ lastRound: houseRound }, { lastResult: { roundId: 'r-1', outcome: 'win', netCents: 2450 } }));
    // An amount is kept whole in a span of its own (`amount`): the line's text is the same.
    const lines = [...html.matchAll(/data-testid="result-line" data-kind="(\w+)" data-cents="(-?\d+)">((?:[^<]|<span class="amount">[^<]*<\/span>)*)</g)].map((m) => [m[1], m[2], m[3]!.replace(/<[^>]+>/g, '')]);
    expect(lines).toEqual([
      ['net', '2450', 'You won $24.50'],
      ['main', '950', 'Main bet won $9.50 after $0.50 commission'],
      ['fortune', '1500', 'Fortune: Flush pays +$15'],
    ]);
  });
});
