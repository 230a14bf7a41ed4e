/**
 * Settling a wager (rules.md §3, §3.1): hand comparison, the scoring table, commission in
 * integer cents rounded half up, and conservation of money.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cards } from '../notation/index.js';
import { evaluateHighHand5 } from '../evaluate/high-hand.js';
import { LOW_HAND_PAIRS, isFoulValues, settingAt, settingValues } from '../setting/index.js';
import {
  HOUSE_COMMISSION,
  PLAYER_BANKER_FEE,
  applyRateHalfUp,
  bankerFee,
  compareHands,
  scoreHands,
  settleWager,
  type CommissionModel,
  type WagerOutcome,
} from './index.js';

/** Five distinct cards of the 53-card deck. */
const fiveCards = fc.uniqueArray(fc.integer({ min: 0, max: 52 }), { minLength: 5, maxLength: 5 });
const value = (h: number[]): number => evaluateHighHand5(h[0], h[1], h[2], h[3], h[4]);
/** Relabels the suits of natural cards by a permutation (suits never break ties, rules.md §2.1). */
const relabel = (h: number[], perm: number[]): number[] => h.map((c) => (c === 52 ? c : (c & ~3) | perm[c & 3]));

describe('compareHands (rules.md §3): a total order consistent with the hand values', () => {
  it('the higher hand wins, a copy goes to the banker', () => {
    const kingsThrees = value(cards('Jk Kh Kd 3c 3s'));
    const kingsEights = value(cards('Kc Ks 8h 8d 2c'));
    expect(compareHands(kingsEights, kingsThrees)).toBe('win');
    expect(compareHands(kingsThrees, kingsEights)).toBe('lose');
    expect(compareHands(kingsThrees, value(cards('As Kc Ks 3h 3d')))).toBe('copy');
  });

  it('is antisymmetric, and a copy exactly when the values are equal', () => {
    fc.assert(
      fc.property(fiveCards, fiveCards, (a, b) => {
        const [va, vb] = [value(a), value(b)];
        const ab = compareHands(va, vb);
        const ba = compareHands(vb, va);
        expect(ab === 'copy').toBe(va === vb);
        expect(ba).toBe(ab === 'win' ? 'lose' : ab === 'lose' ? 'win' : 'copy');
      }),
      { numRuns: 5000 },
    );
  });

  it('is transitive', () => {
    fc.assert(
      fc.property(fiveCards, fiveCards, fiveCards, (a, b, c) => {
        const [va, vb, vc] = [value(a), value(b), value(c)];
        if (compareHands(va, vb) !== 'lose' && compareHands(vb, vc) !== 'lose') expect(compareHands(va, vc)).not.toBe('lose');
        if (compareHands(va, vb) === 'win' && compareHands(vb, vc) === 'win') expect(compareHands(va, vc)).toBe('win');
      }),
      { numRuns: 5000 },
    );
  });

  it('the same ranks in other suits are a copy', () => {
    fc.assert(
      fc.property(fiveCards, fc.shuffledSubarray([0, 1, 2, 3], { minLength: 4, maxLength: 4 }), (hand, perm) => {
        expect(compareHands(value(hand), value(relabel(hand, perm)))).toBe('copy');
      }),
      { numRuns: 5000 },
    );
  });
});

describe('scoreHands (the rules.md §3 table)', () => {
  // Values stand for hands: the player's low hand 10 beats the banker's 5; a high hand of 100 beats 50.
  const banker = { high: 1000, low: 100 };
  const player = (high: 'win' | 'lose' | 'copy', low: 'win' | 'lose' | 'copy') => ({
    high: high === 'win' ? 2000 : high === 'lose' ? 500 : 1000,
    low: low === 'win' ? 200 : low === 'lose' ? 50 : 100,
  });
  const rows: [string, 'win' | 'lose' | 'copy', 'win' | 'lose' | 'copy', WagerOutcome][] = [
    ['high wins, low wins: player wins', 'win', 'win', 'win'],
    ['high wins, low loses: push', 'win', 'lose', 'push'],
    ['high wins, low is a copy: push', 'win', 'copy', 'push'],
    ['high loses, low wins: push', 'lose', 'win', 'push'],
    ['high is a copy, low wins: push', 'copy', 'win', 'push'],
    ['high loses, low loses: player loses', 'lose', 'lose', 'lose'],
    ['high loses, low is a copy: player loses', 'lose', 'copy', 'lose'],
    ['high is a copy, low loses: player loses', 'copy', 'lose', 'lose'],
    ['both hands are copies: player loses (000)', 'copy', 'copy', 'lose'],
  ];
  for (const [name, high, low, outcome] of rows) {
    it(name, () => {
      expect(scoreHands(player(high, low), banker)).toEqual({ high, low, outcome, foul: false });
    });
  }

  it('a fouled setting loses both hands, even when both would win (rules.md §2.4)', () => {
    // Queen high behind a pair of aces fouls; the banker's nine high and four-three are weaker still.
    const fouled = settingValues({ high: cards('Qs Jh 9d 5c 3s'), low: cards('As Ad') });
    const weaker = settingValues({ high: cards('9c 7h 5d 4c 2h'), low: cards('4d 3h') });
    expect(scoreHands(fouled, weaker)).toEqual({ high: 'lose', low: 'lose', outcome: 'lose', foul: true });
  });

  it('the checker’s foul: 5c 6s 9c 4h 6d / 8s 8c against 7d 2s 2h 5h Jc / Qd 5d loses both hands', () => {
    const fouled = settingValues({ high: cards('5c 6s 9c 4h 6d'), low: cards('8s 8c') });
    const banker = settingValues({ high: cards('7d 2s 2h 5h Jc'), low: cards('Qd 5d') });
    expect(scoreHands(fouled, banker)).toEqual({ high: 'lose', low: 'lose', outcome: 'lose', foul: true });
  });

  /** Two hands of seven distinct cards (14 cards of the 53), each set at a random pair of positions. */
  const twoSettings = fc
    .tuple(fc.uniqueArray(fc.integer({ min: 0, max: 52 }), { minLength: 14, maxLength: 14 }), fc.nat(20), fc.nat(20))
    .map(([deck, p, b]) => ({ player: settingAt(deck.slice(0, 7), ...LOW_HAND_PAIRS[p]), banker: settingAt(deck.slice(7), ...LOW_HAND_PAIRS[b]) }));

  it('for any player foul against a legal banker setting, both hand marks are lose (rules.md §2.4)', () => {
    let fouls = 0;
    fc.assert(
      fc.property(twoSettings, ({ player, banker }) => {
        const p = settingValues(player);
        const b = settingValues(banker);
        fc.pre(isFoulValues(p) && !isFoulValues(b));
        fouls++;
        expect(scoreHands(p, b)).toEqual({ high: 'lose', low: 'lose', outcome: 'lose', foul: true });
      }),
      { numRuns: 2000 },
    );
    expect(fouls).toBeGreaterThan(100);
  });

  it('two legal settings are scored hand by hand, as before (rules.md §3)', () => {
    fc.assert(
      fc.property(twoSettings, ({ player, banker }) => {
        const p = settingValues(player);
        const b = settingValues(banker);
        fc.pre(!isFoulValues(p) && !isFoulValues(b));
        const high = compareHands(p.high, b.high);
        const low = compareHands(p.low, b.low);
        const wins = (high === 'win' ? 1 : 0) + (low === 'win' ? 1 : 0);
        expect(scoreHands(p, b)).toEqual({ high, low, outcome: (['lose', 'push', 'win'] as const)[wins], foul: false });
      }),
      { numRuns: 2000 },
    );
  });

  it('a fouled banker setting loses both of the banker’s hands: the player wins both (rules.md §2.4)', () => {
    // The banker's setting is the house way, which never fouls (enumerate house-way: fouls 0); scored anyway.
    // King high beats the queen high; four-two would lose to the banker's aces, but a fouled setting loses both.
    const legal = settingValues({ high: cards('Kc Qh 9c 7h 5d'), low: cards('4c 2h') });
    const fouled = settingValues({ high: cards('Qs Jh 9d 5c 3s'), low: cards('As Ad') });
    expect(scoreHands(legal, fouled)).toEqual({ high: 'win', low: 'win', outcome: 'win', foul: false });
  });

  it('refuses two fouled settings: rules.md §2.4 does not say who wins then', () => {
    const fouled = settingValues({ high: cards('Qs Jh 9d 5c 3s'), low: cards('As Ad') });
    const alsoFouled = settingValues({ high: cards('9c 7h 5d 4c 2h'), low: cards('Kc Kh') });
    expect(() => scoreHands(fouled, alsoFouled)).toThrow(RangeError);
  });
});

describe('commission and fees (rules.md §3.1): integer cents, basis points, rounded half up', () => {
  it('rounds half up to the cent', () => {
    expect(applyRateHalfUp(10, 500)).toBe(1); // 0.5 cent → 1
    expect(applyRateHalfUp(9, 500)).toBe(0); // 0.45 cent → 0
    expect(applyRateHalfUp(101, 500)).toBe(5); // 5.05 cents → 5
    expect(applyRateHalfUp(110, 500)).toBe(6); // 5.5 cents → 6
    expect(applyRateHalfUp(10_000, 500)).toBe(500);
    expect(applyRateHalfUp(0, 500)).toBe(0);
  });

  it('a winning 100.00 bet with the house banking is paid 95.00 profit', () => {
    expect(settleWager(10_000, 'win', HOUSE_COMMISSION)).toEqual({ outcome: 'win', playerCents: 9500, bankerCents: -10_000, houseCents: 500 });
  });

  it('commission of a 0.10 win at 500 bps is 1 cent, of a 1.01 win 5 cents', () => {
    expect(settleWager(10, 'win', HOUSE_COMMISSION).houseCents).toBe(1);
    expect(settleWager(101, 'win', HOUSE_COMMISSION).houseCents).toBe(5);
  });

  it('the banking player pays 1.5% of the action: 0.75 on 50.00, so it gains 49.25 when it wins a 50.00 bet (002)', () => {
    expect(bankerFee(5000, 150)).toBe(75);
    const wager = settleWager(5000, 'lose', PLAYER_BANKER_FEE);
    expect(wager.bankerCents - bankerFee(5000, 150)).toBe(4925);
  });

  it('players pay no commission when a player banks', () => {
    expect(settleWager(5000, 'win', PLAYER_BANKER_FEE)).toEqual({ outcome: 'win', playerCents: 5000, bankerCents: -5000, houseCents: 0 });
  });

  it('a push moves nothing, a loss moves the stake to the banker', () => {
    expect(settleWager(2500, 'push', HOUSE_COMMISSION)).toEqual({ outcome: 'push', playerCents: 0, bankerCents: 0, houseCents: 0 });
    expect(settleWager(2500, 'lose', HOUSE_COMMISSION)).toEqual({ outcome: 'lose', playerCents: -2500, bankerCents: 2500, houseCents: 0 });
  });

  it('refuses stakes and rates that are not whole non-negative cents and basis points', () => {
    expect(() => settleWager(0, 'win', HOUSE_COMMISSION)).toThrow(RangeError);
    expect(() => settleWager(10.5, 'win', HOUSE_COMMISSION)).toThrow(RangeError);
    expect(() => applyRateHalfUp(-1, 500)).toThrow(RangeError);
    expect(() => applyRateHalfUp(100, 1.5)).toThrow(RangeError);
    expect(() => applyRateHalfUp(Number.MAX_SAFE_INTEGER, 500)).toThrow(RangeError);
  });
});

describe('settlement conserves money', () => {
  const model: fc.Arbitrary<CommissionModel> = fc.oneof(
    fc.integer({ min: 0, max: 10_000 }).map((commissionBps) => ({ kind: 'house' as const, commissionBps })),
    fc.integer({ min: 0, max: 10_000 }).map((bankerFeeBps) => ({ kind: 'player' as const, bankerFeeBps })),
  );
  const outcome = fc.constantFrom<WagerOutcome>('win', 'push', 'lose');
  const stake = fc.integer({ min: 1, max: 1_000_000_000 });

  it('playerCents + bankerCents + houseCents === 0, for both commission models', () => {
    fc.assert(
      fc.property(stake, outcome, model, (s, o, m) => {
        const w = settleWager(s, o, m);
        expect(w.playerCents + w.bankerCents + w.houseCents).toBe(0);
        for (const cents of [w.playerCents, w.bankerCents, w.houseCents]) expect(Number.isSafeInteger(cents)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('what the player gains the banker and the house lose, and the reverse; the house never pays', () => {
    fc.assert(
      fc.property(stake, outcome, model, (s, o, m) => {
        const w = settleWager(s, o, m);
        expect(w.playerCents + (w.bankerCents + w.houseCents)).toBe(0);
        expect(w.houseCents).toBeGreaterThanOrEqual(0);
        if (o === 'win') expect(w.playerCents).toBeGreaterThanOrEqual(0);
        if (o === 'lose') expect(w.playerCents).toBe(-s);
        if (m.kind === 'player') expect(w.houseCents).toBe(0);
      }),
      { numRuns: 5000 },
    );
  });

  it('a round against a banking player: the stakes, settlements and the fee sum to zero', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(stake, outcome), { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 1000 }), (wagers, feeBps) => {
        const m: CommissionModel = { kind: 'player', bankerFeeBps: feeBps };
        let players = 0;
        let banker = 0;
        let house = 0;
        for (const [s, o] of wagers) {
          const w = settleWager(s, o, m);
          players += w.playerCents;
          banker += w.bankerCents;
          house += w.houseCents;
        }
        const fee = bankerFee(wagers.reduce((a, [s]) => a + s, 0), feeBps);
        banker -= fee;
        house += fee;
        expect(players + banker + house).toBe(0);
      }),
    );
  });
});
