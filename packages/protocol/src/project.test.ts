import { describe, expect, it } from 'vitest';
import { cards, DEFAULT_ENVY_BONUS, ENVY_BONUS_TABLE, FORTUNE_LINES, FORTUNE_PAY_TABLE, handOf, houseWays, readRoundResult, type RoundResult, type TableState } from '@paigow/engine';
import { bettingWindowTick, dealWith, must, seatPlayers, testTable } from '@paigow/engine/testing';
import { projectRoundResult, viewFor } from './project.js';

const A = 'As Ah Ks Kh Qs Qh 2c';
const B = '5c 5d 8h 8s Tc 3s 4h';
const BANKER = '3c 4d 7h 9s Jd 6c 2d';

function dealtTwo(): TableState {
  let s = seatPlayers(testTable(), ['a', 'b']);
  s = must(s, { type: 'join', playerId: 'w', nickname: 'watcher', balanceCents: 0, compPoints: 0, nowMs: s.nowMs });
  for (const id of ['a', 'b']) s = must(s, { type: 'bet', playerId: id, spot: 'main', amountCents: 200, nowMs: s.nowMs });
  s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs });
  s = must(s, { type: 'ready', playerId: 'b', nowMs: s.nowMs }, dealWith('r', A, B, BANKER));
  return must(s, { type: 'round-opened', roundId: 'r', nowMs: s.nowMs });
}

describe('viewFor (rules.md §5: who sees which cards)', () => {
  it('shows a player its own seven cards and only counts of the others', () => {
    const s = dealtTwo();
    const a = viewFor(s, 'a');
    expect(a.you?.cards).toEqual(A.split(' '));
    expect(a.seats[1]).toMatchObject({ nickname: 'nick-b', cardCount: 7, hasSet: false, inRound: true, you: false });
    const text = JSON.stringify(a);
    for (const card of [...B.split(' '), ...BANKER.split(' ')]) expect(text).not.toContain(`"${card}"`);
    expect(text).not.toMatch(/deck/);
    expect(a.lastRound).toBeNull();
  });

  it('shows a spectator no card at all, and no seat of its own', () => {
    const view = viewFor(dealtTwo(), 'w');
    expect(view.you).toMatchObject({ role: 'spectator', seat: null, cards: null });
    expect(JSON.stringify(view)).not.toMatch(/"[2-9TJQKA][shdc]"|"Jk"/);
    expect(viewFor(dealtTwo(), null).you).toBeNull();
  });

  it('reveals every hand and the banker\'s in lastRound to everyone after the reveal', () => {
    let s = dealtTwo();
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'a', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'b', nowMs: s.nowMs });
    for (const viewer of ['a', 'b', 'w']) {
      const view = viewFor(s, viewer);
      expect(view.lastRound?.players.map((p) => p.cards)).toEqual([A.split(' '), B.split(' ')]);
      expect(view.lastRound?.bankerHand.cards).toEqual(BANKER.split(' '));
      expect(view.lastRound?.players.map((p) => p.you)).toEqual([viewer === 'a', viewer === 'b']);
      expect(view.you?.cards).toBeNull();
    }
  });

  it('makes the last round\'s view and the configuration\'s once: later views of the table share them until they change', () => {
    let s = dealtTwo();
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'a', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'b', nowMs: s.nowMs });
    const later = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: s.nowMs });
    expect(later.lastRound).toBe(s.lastRound);
    expect(viewFor(later, 'a').lastRound).toBe(viewFor(s, 'a').lastRound);
    expect(viewFor(later, 'a').config).toBe(viewFor(s, 'b').config);
    expect(viewFor(s, 'b').lastRound).not.toBe(viewFor(s, 'a').lastRound);
    expect(viewFor(s, 'b').lastRound).toEqual(projectRoundResult(s.lastRound!, 'b'));
  });

  it('describes the table: limits, rates, timers and the bank requirement', () => {
    const view = viewFor(testTable({ playerBanking: true }), null);
    expect(view.config).toEqual({
      tableId: 'test',
      name: 'test',
      seats: 6,
      limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 } },
      betUnitCents: 100,
      commissionBps: 500,
      bankerFeeBps: 150,
      playerBanking: true,
      bankMinCompPoints: 50,
      bankMinBalanceCents: 10_150,
      houseWay: 'seeds',
      fortunePayTable: { ...FORTUNE_PAY_TABLE },
      envyBonus: null,
      timers: { betMs: 45_000, decisionMs: 45_000, approvalMs: 35_000, reconnectMs: 60_000, reconnectGraceMs: 15_000, idleSeatMs: 300_000, bettingWindowMs: 10_000 },
    });
    expect(view).toMatchObject({ protocolVersion: 1, phase: 'betting', roundId: null, banker: { kind: 'house' }, ack: null });
  });

  it('shows the Fortune pay table highest line first, and the envy bonus only when it is on (rules.md §4)', () => {
    const on = viewFor(testTable({ envyBonus: { ...DEFAULT_ENVY_BONUS, enabled: true } }), null).config;
    expect(Object.keys(on.fortunePayTable!)).toEqual([...FORTUNE_LINES]);
    expect(on.fortunePayTable!.straight).toBe(2);
    expect(on.envyBonus).toEqual({ minFortuneBetCents: 500, amountsCents: { ...ENVY_BONUS_TABLE } });
    const noFortune = viewFor(testTable({ limits: { main: { minCents: 100, maxCents: 10_000 } } }), null).config;
    expect(noFortune.fortunePayTable).toBeNull();
    expect(noFortune.envyBonus).toBeNull();
  });
});

describe('the house-way explanation travels in the round result (issue 12 point 3)', () => {
  /** Player a takes the house way, b splits its own hand (a pair of fives in the low hand). */
  function revealed(): TableState {
    let s = dealtTwo();
    s = must(s, { type: 'house-way', roundId: 'r', playerId: 'a', nowMs: s.nowMs });
    const [first, second] = cards('5c 5d', 2);
    return must(s, { type: 'set', roundId: 'r', playerId: 'b', low: [first, second], nowMs: s.nowMs });
  }

  it('carries the engine\'s explanation (key, params, text) of the banker\'s hand and of each hand the house set, to every viewer', () => {
    const banker = houseWays.seeds.set(handOf(BANKER));
    const a = houseWays.seeds.set(handOf(A));
    for (const viewer of ['a', 'b', 'w', null]) {
      const round = viewFor(revealed(), viewer).lastRound;
      expect(round?.version).toBe(2);
      expect(round?.bankerHand).toMatchObject({ rule: banker.rule, explanation: { key: banker.explanation.key, params: banker.explanation.params, text: banker.explanation.text } });
      expect(round?.players[0]).toMatchObject({ setBy: 'house-way', houseWayRule: a.rule, houseWayExplanation: { key: `houseWay.${a.rule}`, params: a.explanation.params, text: a.explanation.text } });
      expect(round?.players[1]).toMatchObject({ setBy: 'player', houseWayRule: null, houseWayExplanation: null });
    }
  });

  it('shows no explanation for a stored result of version 1, which has none', () => {
    const result = revealed().lastRound as RoundResult;
    const { explanation: _explanation, ...bankerHand } = result.bankerHand;
    const v1 = readRoundResult(JSON.parse(JSON.stringify({ ...result, version: 1, bankerHand, players: result.players.map(({ houseWayExplanation: _e, ...p }) => p) })));
    expect(v1).not.toBeNull();
    const view = projectRoundResult(v1 as RoundResult, 'a');
    expect(view).toMatchObject({ version: 1, bankerHand: { rule: result.bankerHand.rule, explanation: null } });
    expect(view.players.map((p) => [p.houseWayRule, p.houseWayExplanation])).toEqual([[result.players[0].houseWayRule, null], [null, null]]);
  });
});

describe('the house banking the next round (tester at table-3: "Be the banker" gave no reason after an approval timeout)', () => {
  it('says so in banker.houseBanksNext until a round the house banked is settled', () => {
    let s = seatPlayers(testTable({ playerBanking: true }), ['bob', 'ada'], 100_000, 60);
    expect(viewFor(s, 'ada').banker).toEqual({ kind: 'house' });
    s = must(s, { type: 'take-bank', playerId: 'bob', nowMs: s.nowMs });
    s = must(s, { type: 'tick', nowMs: s.nowMs + s.config.timers.approvalMs });
    expect(s.banker).toBeNull();
    expect(viewFor(s, 'ada').banker).toEqual({ kind: 'house', houseBanksNext: true, ended: 'approval-timeout' });
    expect(viewFor(s, 'ada').you?.canTakeBank).toBe(false);
    s = must(s, { type: 'bet', playerId: 'ada', spot: 'main', amountCents: 200, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'ada', nowMs: s.nowMs });
    s = must(s, bettingWindowTick(s), dealWith('r', A, BANKER)); // bob, seated, has no bet
    s = must(s, { type: 'round-opened', roundId: 'r', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: 'r', playerId: 'ada', nowMs: s.nowMs });
    expect(viewFor(s, 'ada').banker).toEqual({ kind: 'house', ended: 'approval-timeout' });
    expect(viewFor(s, 'ada').you?.canTakeBank).toBe(true);
  });
});

// A tester stood up for idling waited most of the 5 min, pressed Sit down and was told "5 min after you left your seat":
// the view says when the wait ends, so that the page can say how long is left.
describe("the viewer's idle-seat wait (you.idleWaitUntilMs)", () => {
  it('is the time the player left its seat plus idleSeatMs while it stands with its clock kept, and null once seated', () => {
    let s = seatPlayers(testTable(), ['squat', 'other']);
    const t0 = s.nowMs;
    const idleMs = s.config.timers.idleSeatMs;
    expect(viewFor(s, 'squat').you?.idleWaitUntilMs).toBeNull();
    s = must(s, { type: 'tick', nowMs: t0 + idleMs });
    expect(s.players.squat.seat).toBeNull();
    expect(viewFor(s, 'squat').you?.idleWaitUntilMs).toBe(t0 + 2 * idleMs);
    // Someone who never sat here has no wait.
    s = must(s, { type: 'join', playerId: 'new', nickname: 'nick-new', balanceCents: 100_000, compPoints: 0, nowMs: t0 + idleMs });
    expect(viewFor(s, 'new').you?.idleWaitUntilMs).toBeNull();
    s = must(s, { type: 'tick', nowMs: t0 + 2 * idleMs });
    s = must(s, { type: 'sit', playerId: 'squat', seat: 0, nowMs: t0 + 2 * idleMs });
    expect(viewFor(s, 'squat').you?.idleWaitUntilMs).toBeNull();
  });
});
