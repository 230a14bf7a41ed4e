import { describe, expect, it } from 'vitest';
import { DEFAULT_ENVY_BONUS } from '../fortune/index.js';
import { unwrap } from '../errors/index.js';
import { parseCard, parseCards } from '../notation/index.js';
import type { TableAction } from './actions.js';
import { apply, bettingWindowEnd, hintHand, nextDeadline } from './apply.js';
import { walletCredits } from './settlement.js';
import type { TableEffect, TableState } from './state.js';
import { bettingWindowTick, dealWith, MiniLedger, effectsOf, must, seatPlayers, stackedDeck, testTable } from '../testing/table.js';
import { viewFor } from '@paigow/protocol';

const STRONG = 'As Ah Ks Kh Qs Qh 2c'; // house way: the kings and queens with 2c high, the aces low
const WEAK = '3c 4d 7h 9s Jd 6c 2d'; // house way: Jd 6c 4d 3c 2d | 9s 7h
const c = (text: string) => unwrap(parseCard(text));

function effect<K extends TableEffect['kind']>(state: TableState, kind: K): Extract<TableEffect, { kind: K }> {
  const found = effectsOf(state).find((e) => e.kind === kind);
  if (found === undefined) throw new Error(`no ${kind} effect`);
  return found as Extract<TableEffect, { kind: K }>;
}

/** One player 'a' with a 100.00 bet, dealt `playerHand` against `bankerHand`, round opened. */
function dealtOne(playerHand: string, bankerHand: string, betCents = 10_000, table: TableState = testTable()): TableState {
  let s = seatPlayers(table, ['a']);
  s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: betCents, nowMs: s.nowMs });
  s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }, dealWith('r1', playerHand, bankerHand));
  expect(s.phase).toBe('dealing');
  return must(s, { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs + 50 });
}

/** The message of the refusal of `action` (it must be refused). */
function message(state: TableState, action: TableAction): string {
  const result = apply(state, action);
  if (result.ok) throw new Error(`${action.type} was not refused`);
  return result.error.message;
}

function refused(state: TableState, action: TableAction, code: string): void {
  const before = structuredClone(state);
  const result = apply(state, action);
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.error.code).toBe(code);
  expect(state).toEqual(before);
}

describe('a house-banked round (rules.md §3, §5)', () => {
  it('deals, sets, reveals and settles a win with 5% commission', () => {
    let s = seatPlayers(testTable(), ['a']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 10_000, nowMs: s.nowMs });
    expect(s.players.a.firstBetAtMs).toBe(s.nowMs);
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }, dealWith('r1', STRONG, WEAK));
    const open = effect(s, 'open-round');
    expect(open.holds).toEqual([{ playerId: 'a', kind: 'main', amountCents: 10_000 }]);
    expect(open.bankerPlayerId).toBeNull();
    expect(JSON.stringify(open.public)).not.toMatch(/"cards"/);
    expect(s.players.a.balanceCents).toBe(90_000);
    expect(viewFor(s, 'a').you?.cards).toBeNull(); // not before the ledger has the deal

    s = must(s, { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs + 10 });
    expect(s.phase).toBe('setting');
    const view = viewFor(s, 'a');
    expect(view.you?.cards).toEqual(['As', 'Ah', 'Ks', 'Kh', 'Qs', 'Qh', '2c']);
    expect(view.you?.deadlineKind).toBe('decision');
    expect(view.you?.deadlineMs).toBe(s.nowMs + 45_000);

    s = must(s, { type: 'set', roundId: s.round!.roundId, playerId: 'a', low: [c('Ah'), c('As')], nowMs: s.nowMs + 1_000 });
    expect(s.phase).toBe('betting');
    expect(s.round).toBeNull();
    const settle = effect(s, 'settle-round');
    expect(settle.postings).toEqual([
      { from: 'escrow', to: { player: 'a' }, amountCents: 10_000, kind: 'stake-return' },
      { from: 'house', to: { player: 'a' }, amountCents: 10_000, kind: 'payout' },
      { from: { player: 'a' }, to: 'commission', amountCents: 500, kind: 'commission' },
    ]);
    expect(settle.compPoints).toEqual([{ playerId: 'a', delta: 100 }]);
    expect(s.players.a.balanceCents).toBe(109_500);
    expect(s.players.a.compPoints).toBe(100);
    expect(s.players.a.lastBets).toEqual({ main: 10_000, fortune: 0 });
    const after = viewFor(s, 'a');
    expect(after.you?.lastResult).toEqual({ roundId: 'r1', outcome: 'win', netCents: 9_500 });
    expect(after.lastRound?.players[0]).toMatchObject({ you: true, outcome: 'win', high: 'win', low: 'win', commissionCents: 500, setBy: 'player' });
    expect(after.lastRound?.bankerHand.cards).toEqual(['3c', '4d', '7h', '9s', 'Jd', '6c', '2d']);
  });

  it('a loss moves the stake to the house; a push returns it', () => {
    let s = dealtOne(WEAK, STRONG);
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'a', nowMs: s.nowMs });
    expect(effect(s, 'settle-round').postings).toEqual([{ from: 'escrow', to: 'house', amountCents: 10_000, kind: 'stake-lost' }]);
    expect(s.players.a.balanceCents).toBe(90_000);
    expect(s.lastRound?.players[0]).toMatchObject({ outcome: 'lose', setBy: 'house-way', houseWayRule: '10.no-pair' });

    // High hand Ad Kd Qd Jd 9d (flush) beats the banker's; low 8c 3h loses to the banker's pair of aces.
    let p = dealtOne('Ad Kd Qd Jd 9d 8c 3h', STRONG.replace('As', 'Ac').replace('Ah', 'Ad').replace('Ad', 'Jk'));
    p = must(p, { type: 'house-way', roundId: p.round!.roundId, playerId: 'a', nowMs: p.nowMs });
    const result = p.lastRound!.players[0];
    expect(result.outcome).toBe('push');
    expect(effect(p, 'settle-round').postings).toEqual([{ from: 'escrow', to: { player: 'a' }, amountCents: 10_000, kind: 'stake-return' }]);
    expect(p.players.a.balanceCents).toBe(100_000);
  });

  it('rounds the commission half up (rules.md §3.1): 1.10 wins 1.10 less 0.06', () => {
    let s = dealtOne(STRONG, WEAK, 110, testTable({ betUnitCents: 10 })); // chips of 0.10 at this table
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'a', nowMs: s.nowMs });
    expect(s.lastRound?.players[0].commissionCents).toBe(6);
    expect(s.players.a.balanceCents).toBe(100_000 + 110 - 6);
  });

  it('shows the house-way explanation to the player whose hand the house set, while the round runs', () => {
    let s = seatPlayers(testTable(), ['a', 'b']);
    for (const id of ['a', 'b']) s = must(s, { type: 'bet', playerId: id, spot: 'main', amountCents: 500, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }, dealWith('x', STRONG, WEAK));
    expect(s.phase).toBe('betting'); // b is not ready yet
    s = must(s, { type: 'ready', playerId: 'b', nowMs: s.nowMs }, dealWith('r2', STRONG, WEAK, '5c 5d 8h 8s Tc 3s 4h'));
    s = must(s, { type: 'round-opened', roundId: 'r2', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'a', nowMs: s.nowMs });
    expect(s.phase).toBe('setting');
    const view = viewFor(s, 'a');
    expect(view.you?.houseWay?.rule).toBe('7.three-pairs');
    // The house way splits the three pairs: aces low (the display order is the house way's).
    expect([...view.you!.setting!.high].sort()).toEqual(['2c', 'Kh', 'Ks', 'Qh', 'Qs']);
    expect([...view.you!.setting!.low].sort()).toEqual(['Ah', 'As']);
    expect(view.seats[0].hasSet).toBe(true);
    expect(view.seats[1].hasSet).toBe(false);
    expect(viewFor(s, 'b').you?.houseWay).toBeNull();
  });

  it('settles the Fortune bet against the house whatever the setting (rules.md §4)', () => {
    let s = seatPlayers(testTable(), ['a']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'a', spot: 'fortune', amountCents: 500, nowMs: s.nowMs });
    // Player: a flush (Ad Kd Qd Jd 9d) pays 4 to 1 on the Fortune bet.
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }, dealWith('f', 'Ad Kd Qd Jd 9d 8c 3h', '2s 3d 4c 6d 7s 9h Tc'));
    expect(effect(s, 'open-round').holds).toEqual([
      { playerId: 'a', kind: 'main', amountCents: 1_000 },
      { playerId: 'a', kind: 'fortune', amountCents: 500 },
    ]);
    s = must(s, { type: 'round-opened', roundId: 'f', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'a', nowMs: s.nowMs });
    const result = s.lastRound!.players[0];
    expect(result.fortune).toEqual({ line: 'flush', netCents: 2_000 });
    const mainNet = { win: 950, push: 0, lose: -1_000 }[result.outcome];
    expect(result.netCents).toBe(mainNet + 2_000);
    expect(s.players.a.balanceCents).toBe(100_000 + mainNet + 2_000);
    expect(effect(s, 'settle-round').postings).toContainEqual({ from: 'house', to: { player: 'a' }, amountCents: 2_000, kind: 'payout' });
    expect(s.players.a.compPoints).toBe(15);
  });
});

describe('refusals leave the state unchanged', () => {
  const base = seatPlayers(testTable(), ['a', 'b'], 5_000);
  const now = base.nowMs;

  it('refuses bets outside the limits, over the balance, or malformed', () => {
    refused(base, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 99, nowMs: now }, 'bet/invalid-amount');
    refused(base, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 10_100, nowMs: now }, 'bet/over-limit');
    refused(base, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 5_100, nowMs: now }, 'ledger/insufficient-funds');
    refused(base, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 1.5, nowMs: now }, 'bet/invalid-amount');
    refused(base, { type: 'bet', playerId: 'a', spot: 'fortune', amountCents: 500, nowMs: now }, 'bet/none');
    const withMain = must(base, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 4_000, nowMs: now });
    refused(withMain, { type: 'bet', playerId: 'a', spot: 'fortune', amountCents: 2_600, nowMs: now }, 'bet/over-limit');
    refused(withMain, { type: 'bet', playerId: 'a', spot: 'fortune', amountCents: 1_100, nowMs: now }, 'ledger/insufficient-funds');
    expect(message(base, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 5_100, nowMs: now })).toBe('your balance here is 5000 cents');
    // A bank's cover held at another table is not in the balance here: the refusal names it.
    const covering = must(base, { type: 'sync', playerId: 'a', balanceCents: 0, compPoints: 0, heldElsewhereCents: 119_302, nowMs: now });
    expect(message(covering, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: now })).toBe(
      "your balance here is 0 cents; 119302 cents more are held as your bank's cover at another table",
    );
    const fortuneFrom5 = seatPlayers(testTable({ limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 500, maxCents: 2_500 } } }), ['a']);
    const fortuneFrom5Main = must(fortuneFrom5, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 1_000, nowMs: now });
    refused(fortuneFrom5Main, { type: 'bet', playerId: 'a', spot: 'fortune', amountCents: 400, nowMs: now }, 'bet/under-limit');
    const mainFrom5 = seatPlayers(testTable({ limits: { main: { minCents: 500, maxCents: 10_000 } } }), ['a']);
    refused(mainFrom5, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 400, nowMs: now }, 'bet/under-limit');
    const noFortune = seatPlayers(testTable({ limits: { main: { minCents: 100, maxCents: 10_000 } } }), ['a']);
    const noFortuneMain = must(noFortune, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: now });
    refused(noFortuneMain, { type: 'bet', playerId: 'a', spot: 'fortune', amountCents: 100, nowMs: now }, 'action/unavailable');
  });

  it('refuses actions of players who are not seated', () => {
    refused(base, { type: 'bet', playerId: 'zed', spot: 'main', amountCents: 100, nowMs: now }, 'action/not-seated');
    refused(base, { type: 'ready', playerId: 'zed', nowMs: now }, 'action/not-seated');
    refused(base, { type: 'sit', playerId: 'zed', seat: 3, nowMs: now }, 'action/not-seated');
    const watcher = must(base, { type: 'join', playerId: 'w', nickname: 'w', balanceCents: 100, compPoints: 0, nowMs: now });
    refused(watcher, { type: 'stand', playerId: 'w', nowMs: now }, 'action/not-seated');
    refused(watcher, { type: 'set', roundId: watcher.round?.roundId ?? 'no-round', playerId: 'w', low: [0, 1], nowMs: now }, 'action/not-seated');
    refused(watcher, { type: 'sit', playerId: 'w', seat: 0, nowMs: now }, 'action/seat-taken');
    refused(watcher, { type: 'sit', playerId: 'w', seat: 6, nowMs: now }, 'action/invalid');
    refused(watcher, { type: 'sit', playerId: 'a', seat: 3, nowMs: now }, 'action/duplicate');
    const full = seatPlayers(testTable({ seats: 2 }), ['a', 'b']);
    const fullWatcher = must(full, { type: 'join', playerId: 'w', nickname: 'w', balanceCents: 100, compPoints: 0, nowMs: now });
    refused(fullWatcher, { type: 'sit', playerId: 'w', seat: null, nowMs: now }, 'action/table-full');
  });

  it('refuses a deal without a bet, a second Deal, and decisions out of phase', () => {
    refused(base, { type: 'ready', playerId: 'a', nowMs: now }, 'bet/none');
    refused(base, { type: 'set', roundId: 'no-round', playerId: 'a', low: [0, 1], nowMs: now }, 'action/stale');
    refused(base, { type: 'house-way', roundId: 'no-round', playerId: 'a', nowMs: now }, 'action/stale');
    refused(base, { type: 'rebet', playerId: 'a', nowMs: now }, 'bet/none');
    let s = must(base, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: now });
    s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 100, nowMs: now });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: now }, dealWith('r', STRONG, WEAK));
    refused(s, { type: 'ready', playerId: 'a', nowMs: now }, 'action/duplicate');
    refused(s, { type: 'round-opened', roundId: 'r', nowMs: now }, 'action/stale');
  });

  it('refuses bets after the deal, foul settings, strangers\' cards and a second submit', () => {
    let s = seatPlayers(testTable(), ['a', 'b', 'c']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: now });
    s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 100, nowMs: now });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: now });
    s = must(s, { type: 'ready', playerId: 'b', nowMs: now });
    s = must(s, bettingWindowTick(s), dealWith('r', STRONG, '5c 5d 8h 8s Tc 3s 4h', WEAK)); // c has no bet
    refused(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 200, nowMs: now }, 'bet/closed');
    refused(s, { type: 'set', roundId: s.round?.roundId ?? 'no-round', playerId: 'a', low: [c('Ah'), c('As')], nowMs: now }, 'action/out-of-phase'); // still dealing
    refused(s, { type: 'round-opened', roundId: 'other', nowMs: now }, 'action/stale');
    s = must(s, { type: 'round-opened', roundId: 'r', nowMs: now });
    refused(s, { type: 'bet', playerId: 'c', spot: 'main', amountCents: 100, nowMs: now }, 'bet/closed');
    refused(s, { type: 'ready', playerId: 'a', nowMs: now }, 'action/out-of-phase');
    refused(s, { type: 'stand', playerId: 'a', nowMs: now }, 'action/out-of-phase');
    refused(s, { type: 'set', roundId: s.round?.roundId ?? 'no-round', playerId: 'c', low: [c('Ah'), c('As')], nowMs: now }, 'action/not-your-turn');
    // 8h 8s low leaves 5c 5d Tc 3s 4h: a pair of eights over a high hand with a pair of fives is a foul.
    refused(s, { type: 'set', roundId: s.round?.roundId ?? 'no-round', playerId: 'b', low: [c('8h'), c('8s')], nowMs: now }, 'setting/foul');
    refused(s, { type: 'set', roundId: s.round?.roundId ?? 'no-round', playerId: 'a', low: [c('Ah'), c('5c')], nowMs: now }, 'setting/not-your-cards');
    refused(s, { type: 'set', roundId: s.round?.roundId ?? 'no-round', playerId: 'a', low: [c('Ah'), c('Ah')], nowMs: now }, 'setting/wrong-split');
    s = must(s, { type: 'set', roundId: s.round!.roundId, playerId: 'a', low: [c('Ah'), c('As')], nowMs: now });
    refused(s, { type: 'set', roundId: s.round?.roundId ?? 'no-round', playerId: 'a', low: [c('Kh'), c('Ks')], nowMs: now }, 'action/duplicate');
    refused(s, { type: 'house-way', roundId: s.round?.roundId ?? 'no-round', playerId: 'a', nowMs: now }, 'action/duplicate');
    // A foul refused, the player sets again (rules.md §2.4): nothing lost.
    s = must(s, { type: 'set', roundId: s.round!.roundId, playerId: 'b', low: [c('Tc'), c('4h')], nowMs: now });
    expect(s.phase).toBe('betting');
    expect(s.lastRound?.players.map((p) => p.setBy)).toEqual(['player', 'player']);
  });

  it('refuses banker actions of players and bank requests of the ineligible', () => {
    refused(base, { type: 'take-bank', playerId: 'a', nowMs: now }, 'bank/not-eligible'); // house-only table
    refused(base, { type: 'approve', playerId: 'a', nowMs: now }, 'action/not-your-turn');
    refused(base, { type: 'auto-approve', playerId: 'a', on: true, nowMs: now }, 'action/not-your-turn');
    refused(base, { type: 'leave-bank', playerId: 'a', nowMs: now }, 'action/not-your-turn');
    const bankTable = testTable({ playerBanking: true });
    const poor = seatPlayers(bankTable, ['a'], 10_149, 50);
    refused(poor, { type: 'take-bank', playerId: 'a', nowMs: now }, 'bank/not-eligible'); // needs 101.50
    const noPoints = seatPlayers(bankTable, ['a'], 10_150, 49);
    refused(noPoints, { type: 'take-bank', playerId: 'a', nowMs: now }, 'bank/not-eligible');
    let s = seatPlayers(bankTable, ['a', 'b'], 10_150, 50);
    s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 100, nowMs: now });
    refused(s, { type: 'take-bank', playerId: 'a', nowMs: now }, 'bank/not-eligible'); // bets on the table
    s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 0, nowMs: now });
    s = must(s, { type: 'take-bank', playerId: 'a', nowMs: now });
    refused(s, { type: 'take-bank', playerId: 'b', nowMs: now }, 'bank/occupied');
    refused(s, { type: 'take-bank', playerId: 'a', nowMs: now }, 'action/duplicate');
    refused(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 100, nowMs: now }, 'action/out-of-phase');
    refused(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: now }, 'action/not-your-turn');
    refused(s, { type: 'approve', playerId: 'b', nowMs: now }, 'action/not-your-turn');
  });
});

describe('the multi-player deal rule and timers (rules.md §5)', () => {
  it('deals when every player with a bet is ready; a bet never dealt is returned after 45 s', () => {
    let s = seatPlayers(testTable(), ['a', 'b', 'c']);
    const t0 = s.nowMs;
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: t0 });
    s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 200, nowMs: t0 + 1_000 });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: t0 + 2_000 }, dealWith('x', STRONG, WEAK));
    expect(s.phase).toBe('betting');
    expect(nextDeadline(s)).toBe(t0 + 1_000 + 45_000);
    expect(viewFor(s, 'b').you?.deadlineKind).toBe('bet');
    s = must(s, { type: 'tick', nowMs: t0 + 46_000 }, dealWith('r', STRONG, WEAK));
    expect(s.players.b.bets).toEqual({ main: 0, fortune: 0 });
    expect(s.phase).toBe('dealing');
    expect(s.round?.hands.map((h) => h.playerId)).toEqual(['a']);
  });

  it('changing a bet after Deal un-readies the player', () => {
    let s = seatPlayers(testTable(), ['a', 'b']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 100, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }, dealWith('x', STRONG, WEAK));
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 300, nowMs: s.nowMs });
    expect(s.players.a.ready).toBe(false);
    s = must(s, { type: 'ready', playerId: 'b', nowMs: s.nowMs }, dealWith('x', STRONG, WEAK));
    expect(s.phase).toBe('betting');
  });

  describe('the betting window (protocol.md "Multi-player Deal rule"; an operator\'s bot raced a player out of every round)', () => {
    it('holds a Deal taken the instant betting opened until the others had time to bet, and deals them too', () => {
      let s = seatPlayers(testTable(), ['a', 'b']);
      const t0 = s.nowMs;
      // Before the fix, a's Deal dealt a alone at once, and b's bet a moment later was refused bet/closed.
      s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: t0 });
      s = must(s, { type: 'ready', playerId: 'a', nowMs: t0 + 1 }, dealWith('x', STRONG, WEAK));
      expect(s.phase).toBe('betting');
      expect(bettingWindowEnd(s)).toBe(t0 + 10_001);
      expect(nextDeadline(s)).toBe(t0 + 10_001);
      expect(viewFor(s, 'b').bettingWindowEndsAtMs).toBe(t0 + 10_001);
      s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 200, nowMs: t0 + 3_000 });
      expect(bettingWindowEnd(s)).toBeNull(); // b's bet waits for b's own Deal now, under the bet timer
      s = must(s, { type: 'ready', playerId: 'b', nowMs: t0 + 4_000 }, dealWith('r', STRONG, WEAK));
      expect(s.round?.hands.map((h) => h.playerId)).toEqual(['a', 'b']);
      expect(s.round?.dealtAtMs).toBe(t0 + 4_000);
    });

    it('runs from the first Deal, however long the others sat: it deals the ready players alone when it runs out, and opens again with the next round\'s first Deal', () => {
      let s = seatPlayers(testTable(), ['a', 'b']);
      s = must(s, { type: 'tick', nowMs: s.nowMs + 60_000 }); // b sat a minute ago
      s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: s.nowMs });
      s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs });
      const end = bettingWindowEnd(s)!;
      expect(end).toBe(s.nowMs + 10_000);
      s = must(s, { type: 'tick', nowMs: end - 1 });
      expect(s.phase).toBe('betting');
      s = must(s, { type: 'tick', nowMs: end }, dealWith('r1', STRONG, WEAK));
      expect(s.round?.hands.map((h) => h.playerId)).toEqual(['a']);
      s = must(s, { type: 'round-opened', roundId: 'r1', nowMs: end + 1_000 });
      s = must(s, { type: 'house-way', roundId: 'r1', playerId: 'a', nowMs: end + 2_000 });
      expect(s.phase).toBe('betting');
      s = must(s, { type: 'rebet', playerId: 'a', nowMs: end + 3_000 });
      s = must(s, { type: 'ready', playerId: 'a', nowMs: end + 3_000 });
      expect(bettingWindowEnd(s)).toBe(end + 13_000);
    });

    it('waits for a seated player whose connection dropped during it, through its reconnection grace (a reload is not an interruption)', () => {
      let s = seatPlayers(testTable({ timers: { reconnectGraceMs: 4_000 } }), ['a', 'b']);
      const t0 = s.nowMs;
      s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: t0 });
      s = must(s, { type: 'ready', playerId: 'a', nowMs: t0 });
      // A tester reloaded b's page 2 s into the window: the round dealt at once without b.
      s = must(s, { type: 'leave', playerId: 'b', nowMs: t0 + 2_000 }, dealWith('r', STRONG, WEAK));
      expect(s.phase).toBe('betting');
      expect(bettingWindowEnd(s)).toBe(t0 + 6_000);
      expect(nextDeadline(s)).toBe(t0 + 6_000);
      // Back within the grace: the whole window again.
      const back = must(s, { type: 'join', playerId: 'b', nickname: 'nick-b', balanceCents: 100_000, compPoints: 0, nowMs: t0 + 3_000 });
      expect(bettingWindowEnd(back)).toBe(t0 + 10_000);
      // Not back: the round deals when the grace ends.
      s = must(s, { type: 'tick', nowMs: t0 + 6_000 }, dealWith('r', STRONG, WEAK));
      expect(s.round?.hands.map((h) => h.playerId)).toEqual(['a']);
      // Gone before the window opened (its seat held for its return): not waited for.
      let away = seatPlayers(testTable({ timers: { reconnectGraceMs: 4_000 } }), ['a', 'b']);
      away = must(away, { type: 'leave', playerId: 'b', nowMs: t0 });
      away = must(away, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: t0 + 1_000 });
      away = must(away, { type: 'ready', playerId: 'a', nowMs: t0 + 1_000 }, dealWith('r', STRONG, WEAK));
      expect(away.phase).toBe('dealing');
    });

    // A tester sat down 7 s into the window and had 2 s to bet; a player who sat while another's bet held the deal had none.
    it('gives a player who sits down while ready players wait the whole window, within the bet time of the first Deal', () => {
      let s = seatPlayers(testTable(), ['a', 'b']);
      const t0 = s.nowMs;
      s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: t0 });
      s = must(s, { type: 'ready', playerId: 'a', nowMs: t0 });
      const sitAt = (state: TableState, atMs: number): TableState => {
        const joined = must(state, { type: 'join', playerId: 'c', nickname: 'nick-c', balanceCents: 100_000, compPoints: 0, nowMs: atMs });
        return must(joined, { type: 'sit', playerId: 'c', seat: 2, nowMs: atMs });
      };
      const late = sitAt(s, t0 + 7_000);
      expect(bettingWindowEnd(late)).toBe(t0 + 17_000);
      expect(viewFor(late, 'c').bettingWindowEndsAtMs).toBe(t0 + 17_000);
      expect(must(late, { type: 'tick', nowMs: t0 + 16_999 }).phase).toBe('betting');
      expect(must(late, { type: 'tick', nowMs: t0 + 17_000 }, dealWith('r', STRONG, WEAK)).round?.hands.map((h) => h.playerId)).toEqual(['a']);
      // b's bet, Deal not pressed, holds the deal past the window; c sits 40 s after a's Deal: the window reopens for
      // it, but a is dealt 45 s after its Deal all the same.
      let held = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 100, nowMs: t0 + 1_000 });
      held = must(held, { type: 'tick', nowMs: t0 + 20_000 });
      expect(held.phase).toBe('betting');
      held = sitAt(held, t0 + 40_000);
      expect(held.bettingWindowEndsAtMs).toBe(t0 + 45_000);
      held = must(held, { type: 'tick', nowMs: t0 + 45_000 }, dealWith('r', STRONG, WEAK));
      expect(held.round?.hands.map((h) => h.playerId)).toEqual(['a']);
    });

    it('does not hold a Deal when every seated player has a bet, nor for a player gone past its grace or the banker', () => {
      const everyone = seatPlayers(testTable(), ['a', 'b']);
      let s = must(everyone, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: everyone.nowMs });
      s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 100, nowMs: s.nowMs });
      s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs });
      s = must(s, { type: 'ready', playerId: 'b', nowMs: s.nowMs }, dealWith('r', STRONG, WEAK));
      expect(s.phase).toBe('dealing');

      let gone = must(everyone, { type: 'leave', playerId: 'b', nowMs: everyone.nowMs });
      gone = must(gone, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: gone.nowMs + 15_000 });
      gone = must(gone, { type: 'ready', playerId: 'a', nowMs: gone.nowMs }, dealWith('r', STRONG, WEAK));
      expect(gone.phase).toBe('dealing');

      let banked = seatPlayers(testTable({ playerBanking: true }), ['bank', 'p'], 50_000, 60);
      banked = must(banked, { type: 'take-bank', playerId: 'bank', nowMs: banked.nowMs });
      banked = must(banked, { type: 'approve', playerId: 'bank', nowMs: banked.nowMs });
      banked = must(banked, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 100, nowMs: banked.nowMs });
      banked = must(banked, { type: 'ready', playerId: 'p', nowMs: banked.nowMs }, dealWith('r', STRONG, WEAK));
      expect(banked.phase).toBe('dealing');
    });
  });

  it('a decision timeout sets the hand by the house way and the player leaves the table', () => {
    let s = dealtOne(STRONG, WEAK);
    const deadline = nextDeadline(s)!;
    expect(deadline).toBe(s.nowMs + 45_000);
    s = must(s, { type: 'tick', nowMs: deadline - 1 });
    expect(s.phase).toBe('setting');
    s = must(s, { type: 'tick', nowMs: deadline });
    expect(s.phase).toBe('betting');
    expect(s.lastRound?.players[0].setBy).toBe('timeout');
    expect(s.players.a.seat).toBeNull();
    expect(s.seats[0]).toBeNull();
    expect(effectsOf(s)).toContainEqual({ kind: 'notice', playerId: 'a', notice: { code: 'notice/left-table', params: { reason: 'timeout' } } });
  });

  it('a disconnection before the deal keeps the bet through the reconnection grace, then returns it; after the deal the house way sets the hand', () => {
    let s = seatPlayers(testTable(), ['a', 'b']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 100, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'b', nowMs: s.nowMs }, dealWith('x', STRONG, WEAK));
    // A reload or a short blip is no interruption (rules.md §5): the bet waits on the felt through the grace.
    s = must(s, { type: 'leave', playerId: 'a', nowMs: s.nowMs });
    expect(s.players.a.bets).toEqual({ main: 100, fortune: 0 });
    expect(s.phase).toBe('betting'); // b's round waits for a, at most the grace
    expect(nextDeadline(s)).toBe(s.nowMs + 15_000);
    const back = must(s, { type: 'join', playerId: 'a', nickname: 'nick-a', balanceCents: 100_000, compPoints: 0, nowMs: s.nowMs + 14_999 });
    expect(back.players.a).toMatchObject({ connected: true, bets: { main: 100, fortune: 0 } });
    // Still away when the grace ends: the bet goes back and b's round deals without a.
    s = must(s, { type: 'tick', nowMs: s.nowMs + 15_000 }, dealWith('r', STRONG, WEAK));
    expect(s.players.a.bets).toEqual({ main: 0, fortune: 0 });
    expect(s.players.a.balanceCents).toBe(100_000);
    expect(s.phase).toBe('dealing'); // b was ready: the round deals without a
    s = must(s, { type: 'join', playerId: 'a', nickname: 'nick-a', balanceCents: 100_000, compPoints: 0, nowMs: s.nowMs });
    s = must(s, { type: 'round-opened', roundId: 'r', nowMs: s.nowMs });
    s = must(s, { type: 'leave', playerId: 'b', nowMs: s.nowMs + 5 });
    expect(s.phase).toBe('setting'); // the reconnection grace (rules.md §5): b may still come back and decide
    expect(nextDeadline(s)).toBe(s.nowMs + 15_000);
    s = must(s, { type: 'tick', nowMs: s.nowMs + 15_000 });
    expect(s.phase).toBe('betting');
    expect(s.lastRound?.players[0]).toMatchObject({ setBy: 'disconnect', outcome: 'win' });
    expect(s.players.b.seat).toBe(1); // the seat is held for 60 s
    s = must(s, { type: 'tick', nowMs: s.nowMs + 60_000 });
    expect(s.players.b).toBeUndefined();
    expect(s.seats[1]).toBeNull();
    // Back after losing the seat, b Rebets what it played in the table's last round (it had no last bets: Rebet refused).
    s = must(s, { type: 'join', playerId: 'b', nickname: 'nick-b', balanceCents: 100_000, compPoints: 0, nowMs: s.nowMs });
    s = must(s, { type: 'sit', playerId: 'b', seat: 1, nowMs: s.nowMs });
    s = must(s, { type: 'rebet', playerId: 'b', nowMs: s.nowMs });
    expect(s.players.b.bets).toEqual(s.lastRound?.players.find((seat) => seat.playerId === 'b')?.bets);
    expect(s.players.b.bets.main).toBeGreaterThan(0);
  });

  it('a failed deal (the ledger refused it) puts the bets back, not ready', () => {
    let s = seatPlayers(testTable(), ['a']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 700, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }, dealWith('r', STRONG, WEAK));
    s = must(s, { type: 'round-failed', roundId: 'r', nowMs: s.nowMs });
    expect(s.phase).toBe('betting');
    expect(s.round).toBeNull();
    expect(s.players.a).toMatchObject({ balanceCents: 100_000, bets: { main: 700, fortune: 0 }, ready: false });
    s = must(s, { type: 'sync', playerId: 'a', balanceCents: 500, compPoints: 0, nowMs: s.nowMs });
    expect(s.players.a.bets).toEqual({ main: 0, fortune: 0 });
  });

  it('rebet places the last round\'s bets again without dealing', () => {
    let s = dealtOne(WEAK, STRONG, 300);
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'a', nowMs: s.nowMs });
    s = must(s, { type: 'rebet', playerId: 'a', nowMs: s.nowMs });
    expect(s.players.a.bets).toEqual({ main: 300, fortune: 0 });
    expect(s.phase).toBe('betting');
    expect(s.players.a.ready).toBe(false);
  });

  it('deals each player and the banker seven distinct cards from the deck', () => {
    let s = seatPlayers(testTable(), ['a', 'b', 'c', 'd', 'e', 'f']);
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) {
      s = must(s, { type: 'bet', playerId: id, spot: 'main', amountCents: 100, nowMs: s.nowMs });
    }
    const deck = stackedDeck(STRONG);
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) s = must(s, { type: 'ready', playerId: id, nowMs: s.nowMs }, { roundId: 'six', deck });
    const all = [...s.round!.hands.flatMap((h) => h.cards), ...s.round!.bankerCards];
    expect(all).toHaveLength(49);
    expect(new Set(all).size).toBe(49);
    expect(s.round!.hands[0].cards).toEqual(unwrap(parseCards(STRONG, 7)));
  });
});

describe('a player banks (rules.md §3.1, §5, seed 002)', () => {
  /** The banker has comp points for a bank of 50 units and more (a banker below 50 after a round leaves the bank). */
  function bankTable(): TableState {
    let s = seatPlayers(testTable({ playerBanking: true }), ['bank', 'p'], 20_000, 200);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    expect(s.phase).toBe('approval');
    return s;
  }

  it('approves, then settles with no commission and the 1.5% fee (seed 002: 50.00 lost → banker +49.25)', () => {
    let s = bankTable();
    expect(viewFor(s, 'bank').you?.deadlineKind).toBe('approval');
    s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
    expect(s.phase).toBe('betting');
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 5_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs }, dealWith('b1', WEAK, STRONG));
    expect(effect(s, 'open-round').holds).toEqual([
      { playerId: 'p', kind: 'main', amountCents: 5_000 },
      { playerId: 'bank', kind: 'bank', amountCents: 5_075 },
    ]);
    s = must(s, { type: 'round-opened', roundId: 'b1', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'p', nowMs: s.nowMs });
    const settle = effect(s, 'settle-round');
    expect(settle.postings).toEqual([
      { from: 'escrow', to: { player: 'bank' }, amountCents: 5_075, kind: 'stake-return' },
      { from: 'escrow', to: { player: 'bank' }, amountCents: 5_000, kind: 'stake-lost' },
      { from: { player: 'bank' }, to: 'commission', amountCents: 75, kind: 'banker-fee' },
    ]);
    expect(settle.compPoints).toEqual([
      { playerId: 'p', delta: 50 },
      { playerId: 'bank', delta: -50 },
    ]);
    expect(s.players.bank.balanceCents).toBe(20_000 + 4_925);
    expect(s.players.p.balanceCents).toBe(15_000);
    expect(s.lastRound).toMatchObject({ bankerNetCents: 4_925, bankerFeeCents: 75, bankerCompPointsDelta: -50 });
    expect(viewFor(s, 'bank').you?.lastResult).toEqual({ roundId: 'b1', outcome: 'bank', netCents: 4_925 });
    expect(s.phase).toBe('approval'); // the next round needs approval again
  });

  it('a winning player is paid 1:1 by the banker without commission', () => {
    let s = bankTable();
    s = must(s, { type: 'auto-approve', playerId: 'bank', on: true, nowMs: s.nowMs });
    expect(s.phase).toBe('betting');
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 5_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs }, dealWith('b2', STRONG, WEAK));
    s = must(s, { type: 'round-opened', roundId: 'b2', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'p', nowMs: s.nowMs });
    expect(effect(s, 'settle-round').postings).toContainEqual({ from: { player: 'bank' }, to: { player: 'p' }, amountCents: 5_000, kind: 'payout' });
    expect(s.players.p.balanceCents).toBe(25_000);
    expect(s.players.bank.balanceCents).toBe(20_000 - 5_000 - 75);
    expect(s.phase).toBe('betting'); // auto-approve
    expect(s.banker).not.toBeNull();
  });

  it('refuses bets the banker cannot cover', () => {
    let s = seatPlayers(testTable({ playerBanking: true }), ['bank', 'p', 'q'], 10_150, 60);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 9_000, nowMs: s.nowMs });
    refused(s, { type: 'bet', playerId: 'q', spot: 'main', amountCents: 1_100, nowMs: s.nowMs }, 'bet/banker-cannot-cover');
    must(s, { type: 'bet', playerId: 'q', spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
  });

  it('a banker who does not approve within 35 s leaves the bank; the house banks again', () => {
    let s = bankTable();
    expect(nextDeadline(s)).toBe(s.nowMs + 35_000);
    s = must(s, { type: 'tick', nowMs: s.nowMs + 35_000 });
    expect(s.banker).toBeNull();
    expect(s.phase).toBe('betting');
    // The house banks the next round before anyone may take the bank again (the view says so).
    expect(viewFor(s, 'p').banker).toEqual({ kind: 'house', houseBanksNext: true, ended: 'approval-timeout' });
  });

  it("runs the banker's approval clock only while another player is seated, from when the first sits down, afresh once they all left", () => {
    // A player's finding: a bank taken with nobody else seated ran out before anyone came, and the house then banked.
    let s = seatPlayers(testTable({ playerBanking: true }), ['bank'], 20_000, 200);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    expect(s.phase).toBe('approval');
    expect(nextDeadline(s)).toBeNull();
    s = must(s, { type: 'tick', nowMs: s.nowMs + 60_000 });
    expect(s.banker?.playerId).toBe('bank');
    s = must(s, { type: 'join', playerId: 'p', nickname: 'p', balanceCents: 20_000, compPoints: 0, nowMs: s.nowMs });
    s = must(s, { type: 'sit', playerId: 'p', seat: null, nowMs: s.nowMs });
    expect(nextDeadline(s)).toBe(s.nowMs + 35_000);
    s = must(s, { type: 'stand', playerId: 'p', nowMs: s.nowMs + 10_000 });
    expect(nextDeadline(s)).toBeNull();
    s = must(s, { type: 'sit', playerId: 'p', seat: null, nowMs: s.nowMs + 30_000 });
    const deadline = s.nowMs + 35_000;
    expect(nextDeadline(s)).toBe(deadline);
    // One more player 5 s later: the round's clock goes on (docs/server.md "Timers"; a banker tester read the docs'
    // "afresh each time one sits down" as each player's).
    s = must(s, { type: 'join', playerId: 'q', nickname: 'q', balanceCents: 20_000, compPoints: 0, nowMs: s.nowMs + 5_000 });
    s = must(s, { type: 'sit', playerId: 'q', seat: null, nowMs: s.nowMs });
    expect(nextDeadline(s)).toBe(deadline);
    s = must(s, { type: 'tick', nowMs: deadline });
    expect(s.banker).toBeNull();
  });

  it('take-bank from a banker who stopped banking says the bank ends after this round', () => {
    let s = bankTable();
    s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 100, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs }, dealWith('b4', STRONG, WEAK));
    expect(message(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs })).toBe('you already bank');
    s = must(s, { type: 'leave-bank', playerId: 'bank', nowMs: s.nowMs });
    refused(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs }, 'action/duplicate');
    expect(message(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs })).toBe('you bank until the end of this round (you stopped banking): take the bank again after it');
  });

  it('leave-bank during a round takes effect after it', () => {
    let s = bankTable();
    s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 100, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs }, dealWith('b3', STRONG, WEAK));
    s = must(s, { type: 'leave-bank', playerId: 'bank', nowMs: s.nowMs });
    expect(viewFor(s, 'p').banker).toMatchObject({ kind: 'player', leaving: true });
    s = must(s, { type: 'round-opened', roundId: 'b3', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'p', nowMs: s.nowMs });
    expect(s.banker).toBeNull();
    expect(s.lastRound?.banker).toMatchObject({ kind: 'player', playerId: 'bank' });
  });
});

describe('the envy bonus (rules.md §4: an optional table setting, off by default)', () => {
  // Seat 0 'a': nothing (Fortune 5.00: qualifies). Seat 1 'b': four tens (Fortune 5.00: qualifies).
  // Seat 2 'c': a straight flush 5-9 of spades (Fortune 4.00: below the 5.00 threshold). Banker: four aces.
  const A = '2c 3d 5h 7c 9c Jd Kh';
  const B = 'Ts Th Td Tc 4s 6h 8d';
  const C = '5s 6s 7s 8s 9s Qc 2h';
  const BANKER = 'As Ad Ac Ah 3h 4h 2d';
  const WALLET = 100_000;

  /** Plays one round of a, b, c (main 10.00 each; Fortune 5.00, 5.00, 4.00) by the house way, posting to a mini ledger. */
  function playRound(envyOn: boolean): { state: TableState; ledger: MiniLedger } {
    const ledger = new MiniLedger({ a: WALLET, b: WALLET, c: WALLET });
    let s = seatPlayers(testTable(envyOn ? { envyBonus: { ...DEFAULT_ENVY_BONUS, enabled: true } } : {}), ['a', 'b', 'c'], WALLET);
    const fortune: Record<string, number> = { a: 500, b: 500, c: 400 };
    for (const id of ['a', 'b', 'c']) {
      s = must(s, { type: 'bet', playerId: id, spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
      s = must(s, { type: 'bet', playerId: id, spot: 'fortune', amountCents: fortune[id], nowMs: s.nowMs });
    }
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'b', nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'c', nowMs: s.nowMs }, dealWith('e1', A, B, C, BANKER));
    ledger.post(effectsOf(s));
    s = must(s, { type: 'round-opened', roundId: 'e1', nowMs: s.nowMs });
    for (const id of ['a', 'b', 'c']) {
      s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: id, nowMs: s.nowMs });
      ledger.post(effectsOf(s));
    }
    expect(s.lastRound?.roundId).toBe('e1');
    return { state: s, ledger };
  }

  it('pays a Fortune bet of 5.00 for every OTHER player\'s hand of four of a kind or better, from the house', () => {
    const { state, ledger } = playRound(true);
    const settle = state.lastRound!;
    const [a, b, c] = settle.players;
    // a: four tens (5.00) + a straight flush (25.00); b: the straight flush only, never its own four tens.
    expect(a.envy).toEqual({
      amountCents: 3_000,
      hands: [
        { seat: 1, nickname: 'nick-b', line: 'four_of_a_kind', amountCents: 500 },
        { seat: 2, nickname: 'nick-c', line: 'straight_flush', amountCents: 2_500 },
      ],
    });
    expect(b.envy).toEqual({ amountCents: 2_500, hands: [{ seat: 2, nickname: 'nick-c', line: 'straight_flush', amountCents: 2_500 }] });
    // c's Fortune bet is under 5.00: it earns nothing for b's four tens; the banker's four aces pay nobody.
    expect(c.envy).toBeNull();
    // The money: house → player payouts, in the same settlement, and in each player's net.
    const postings = effectsOf(state).find((e) => e.kind === 'settle-round');
    expect(postings?.kind === 'settle-round' && postings.postings).toEqual(
      expect.arrayContaining([
        { from: 'house', to: { player: 'a' }, amountCents: 3_000, kind: 'payout' },
        { from: 'house', to: { player: 'b' }, amountCents: 2_500, kind: 'payout' },
      ]),
    );
    for (const p of settle.players) {
      const main = { win: 950, push: 0, lose: -1_000 }[p.outcome];
      expect(p.netCents, p.nickname).toBe(main + p.fortune!.netCents + (p.envy?.amountCents ?? 0));
      expect(state.players[p.playerId].balanceCents).toBe(WALLET + p.netCents);
      expect(ledger.wallet(p.playerId)).toBe(WALLET + p.netCents);
    }
    expect(ledger.sum()).toBe(0);
    expect(ledger.accounts.get('escrow')).toBe(0);
    // The view shows it to everyone, per player.
    expect(viewFor(state, 'c').lastRound?.players[0].envy).toEqual(a.envy);
    expect(viewFor(state, 'a').lastRound?.players[2].envy).toBeNull();
  });

  it('never pays for the banker\'s hand, however strong', () => {
    // Only the banker holds four of a kind (four aces): nobody earns anything.
    let s = seatPlayers(testTable({ envyBonus: { ...DEFAULT_ENVY_BONUS, enabled: true } }), ['a', 'b']);
    for (const id of ['a', 'b']) {
      s = must(s, { type: 'bet', playerId: id, spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
      s = must(s, { type: 'bet', playerId: id, spot: 'fortune', amountCents: 2_500, nowMs: s.nowMs });
    }
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'b', nowMs: s.nowMs }, dealWith('e2', A, '5s 6s 7s 8s Ks Qc 2h', BANKER));
    s = must(s, { type: 'round-opened', roundId: 'e2', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'a', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'b', nowMs: s.nowMs });
    expect(s.lastRound!.players.map((p) => p.envy)).toEqual([null, null]);
    expect(s.lastRound!.players.map((p) => p.netCents)).toEqual(s.lastRound!.players.map((p) => ({ win: 950, push: 0, lose: -1_000 })[p.outcome] + p.fortune!.netCents));
  });

  it('is off by default: the same round pays no envy', () => {
    const { state, ledger } = playRound(false);
    expect(state.lastRound!.players.map((p) => p.envy)).toEqual([null, null, null]);
    const settle = effectsOf(state).find((e) => e.kind === 'settle-round');
    const payouts = settle?.kind === 'settle-round' ? settle.postings.filter((p) => p.from === 'house' && p.kind === 'payout') : [];
    // Only Fortune wins come from the house: b's four tens (25 to 1) and c's straight flush (50 to 1).
    expect(payouts.map((p) => p.amountCents).sort((x, y) => x - y)).toEqual([12_500, 20_000]);
    expect(ledger.sum()).toBe(0);
  });
});

describe('hintHand (the Hint: docs/protocol.md)', () => {
  it('answers a seated player dealt into the round with its own cards until it sets', () => {
    let s = seatPlayers(testTable(), ['a', 'b', 'c']);
    s = must(s, { type: 'join', playerId: 'w', nickname: 'watcher', balanceCents: 0, compPoints: 0, nowMs: s.nowMs });
    const code = (playerId: string) => {
      const r = hintHand(s, playerId, s.round?.roundId ?? 'h1');
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code('a')).toBe('action/stale'); // before the deal: no round h1 yet
    expect(code('w')).toBe('action/not-seated');
    expect(code('nobody')).toBe('action/not-seated');
    for (const id of ['a', 'b']) s = must(s, { type: 'bet', playerId: id, spot: 'main', amountCents: 500, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'b', nowMs: s.nowMs });
    s = must(s, bettingWindowTick(s), dealWith('h1', STRONG, WEAK, '2s 3s 4s 5s 6s 7s 8s')); // c has no bet
    expect(code('a')).toBe('action/out-of-phase'); // the deal is not recorded yet: no cards shown
    s = must(s, { type: 'round-opened', roundId: 'h1', nowMs: s.nowMs });
    const before = structuredClone(s);
    expect(hintHand(s, 'a', 'h0').ok === false && hintHand(s, 'a', 'h0')).toMatchObject({ error: { code: 'action/stale' } });
    const hint = hintHand(s, 'a', 'h1');
    expect(hint.ok && hint.value).toEqual({ roundId: 'h1', cards: unwrap(parseCards(STRONG, 7)), commissionBps: 500, houseWay: 'seeds' });
    expect(s).toEqual(before); // a hint changes nothing
    expect(code('c')).toBe('action/not-your-turn'); // seated, no bet: not in this round
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'a', nowMs: s.nowMs });
    expect(code('a')).toBe('action/duplicate'); // already set
    expect(code('b')).toBe('ok');
  });

  it('counts no commission when a player banks (rules.md §3.1)', () => {
    let s = seatPlayers(testTable({ playerBanking: true }), ['bank', 'p'], 20_000, 60);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 500, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs }, dealWith('h2', WEAK, STRONG));
    s = must(s, { type: 'round-opened', roundId: 'h2', nowMs: s.nowMs });
    const hint = hintHand(s, 'p', 'h2');
    expect(hint.ok && hint.value.commissionBps).toBe(0);
    const banker = hintHand(s, 'bank', 'h2');
    expect(banker.ok === false && banker.error.code).toBe('action/not-your-turn');
  });
});

describe('the reveal the reducer asks for (reveal-due)', () => {
  const step = (state: TableState, action: TableAction) => unwrap(apply(state, action));
  const dealtTo = (ids: readonly string[]): TableState => {
    let s = seatPlayers(testTable(), ids);
    for (const playerId of ids) s = must(s, { type: 'bet', playerId, spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
    for (const playerId of ids.slice(0, -1)) s = must(s, { type: 'ready', playerId, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: ids.at(-1)!, nowMs: s.nowMs }, dealWith('r1', STRONG, WEAK, '5c 5d 8h 8s Tc Td 3h'));
    return must(s, { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs });
  };

  it('is asked once every hand is set; until it comes the round shows every hand set and no result, and refuses more settings', () => {
    let s = dealtTo(['a', 'b']);
    const first = step(s, { type: 'house-way', roundId: 'r1', playerId: 'a', nowMs: s.nowMs });
    expect(first.effects.some((e) => e.kind === 'reveal-due')).toBe(false);
    const last = step(first.state, { type: 'house-way', roundId: 'r1', playerId: 'b', nowMs: s.nowMs });
    expect(last.effects).toContainEqual({ kind: 'reveal-due', roundId: 'r1' });
    expect(last.effects.some((e) => e.kind === 'settle-round')).toBe(false);
    s = last.state;
    expect(s.phase).toBe('setting');
    expect(s.round?.hands.every((hand) => hand.setting !== null)).toBe(true);
    expect(s.lastRound).toBeNull();
    refused(s, { type: 'house-way', roundId: 'r1', playerId: 'a', nowMs: s.nowMs }, 'action/duplicate');
    // Another action meanwhile (a tick) asks again: the server answers once.
    expect(step(s, { type: 'tick', nowMs: s.nowMs + 1 }).effects).toContainEqual({ kind: 'reveal-due', roundId: 'r1' });
    const revealed = step(s, { type: 'reveal', roundId: 'r1', nowMs: s.nowMs });
    expect(revealed.effects.filter((e) => e.kind === 'settle-round')).toHaveLength(1);
    expect(revealed.state.lastRound?.roundId).toBe('r1');
    expect(revealed.state.round).toBeNull();
    expect(revealed.state.phase).toBe('betting');
  });

  it('is refused (action/stale) for a round not waiting for it: unset hands, another round, or twice', () => {
    const s = dealtTo(['a', 'b']);
    refused(s, { type: 'reveal', roundId: 'r1', nowMs: s.nowMs }, 'action/stale');
    const set = must(must(s, { type: 'house-way', roundId: 'r1', playerId: 'a', nowMs: s.nowMs }), { type: 'house-way', roundId: 'r1', playerId: 'b', nowMs: s.nowMs });
    // `must` answers the reveal as the server does: the round is revealed; asked again, it is stale.
    expect(set.lastRound?.roundId).toBe('r1');
    refused(set, { type: 'reveal', roundId: 'r1', nowMs: s.nowMs }, 'action/stale');
    refused(set, { type: 'reveal', roundId: 'r2', nowMs: s.nowMs }, 'action/stale');
  });
});

describe('one book for balances and comp points: the ledger (issue 12)', () => {
  const step = (state: TableState, action: TableAction) => unwrap(apply(state, action));

  it('never moves a balance or comp points itself: the deal and the reveal leave them as the ledger last said', () => {
    let s = seatPlayers(testTable(), ['a']);
    s = step(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 10_000, nowMs: s.nowMs }).state;
    s = step(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }).state;
    s = step(s, { type: 'deal', deal: dealWith('r1', STRONG, WEAK), next: null, nowMs: s.nowMs }).state;
    expect(s.players.a).toMatchObject({ balanceCents: 100_000, compPoints: 0 }); // the ledger has not taken the stake yet
    s = step(s, { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs }).state;
    s = step(s, { type: 'sync', playerId: 'a', balanceCents: 90_000, compPoints: 0, nowMs: s.nowMs }).state;
    s = step(s, { type: 'house-way', roundId: 'r1', playerId: 'a', nowMs: s.nowMs }).state;
    const revealed = step(s, { type: 'reveal', roundId: 'r1', nowMs: s.nowMs });
    expect(revealed.state.players.a).toMatchObject({ balanceCents: 90_000, compPoints: 0 });
    const settle = revealed.effects.find((e) => e.kind === 'settle-round');
    expect(settle?.kind === 'settle-round' && [...walletCredits(settle.postings)]).toEqual([['a', 19_500]]);
    const settled = step(revealed.state, { type: 'round-settled', roundId: 'r1', players: [{ playerId: 'a', balanceCents: 109_500, compPoints: 100 }], nowMs: s.nowMs });
    expect(settled.state.players.a).toMatchObject({ balanceCents: 109_500, compPoints: 100 });
  });

  it('a refused deal gives nothing back: nothing was taken', () => {
    let s = seatPlayers(testTable(), ['a']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 10_000, nowMs: s.nowMs });
    s = step(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }).state;
    s = step(s, { type: 'deal', deal: dealWith('r1', STRONG, WEAK), next: null, nowMs: s.nowMs }).state;
    s = step(s, { type: 'round-failed', roundId: 'r1', nowMs: s.nowMs }).state;
    expect(s.players.a.balanceCents).toBe(100_000);
  });

  it("asks the banker to approve the next round only with the ledger's balance after the settlement", () => {
    let s = seatPlayers(testTable({ playerBanking: true }), ['bank', 'p'], 100_000, 60);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'bank-cover', playerId: 'bank', coverCents: 50_750, nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 10_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs }, dealWith('b1', STRONG, WEAK));
    s = must(s, { type: 'round-opened', roundId: 'b1', nowMs: s.nowMs });
    s = step(s, { type: 'house-way', roundId: 'b1', playerId: 'p', nowMs: s.nowMs }).state;
    const revealed = step(s, { type: 'reveal', roundId: 'b1', nowMs: s.nowMs });
    expect(revealed.state.phase).toBe('approval');
    expect(revealed.effects.some((e) => e.kind === 'reserve-bank')).toBe(false);
    refused(revealed.state, { type: 'approve', playerId: 'bank', nowMs: s.nowMs }, 'action/out-of-phase');
    // The ledger says the banker has 5.00 left: less than banking needs, so it loses the bank, told why.
    const poor = step(revealed.state, { type: 'round-settled', roundId: 'b1', players: [{ playerId: 'bank', balanceCents: 500, compPoints: 0 }], nowMs: s.nowMs });
    expect(poor.state.banker).toBeNull();
    expect(poor.effects).toContainEqual({ kind: 'notice', playerId: 'bank', notice: expect.objectContaining({ code: 'notice/left-bank' }) });
    // With a balance and the comp points banking needs (rules.md §5), it is asked to approve the next round.
    const rich = step(revealed.state, { type: 'round-settled', roundId: 'b1', players: [{ playerId: 'bank', balanceCents: 80_000, compPoints: 50 }], nowMs: s.nowMs });
    expect(rich.state.phase).toBe('approval');
    expect(rich.state.banker?.approvalDeadlineMs).not.toBeNull();
  });
});
