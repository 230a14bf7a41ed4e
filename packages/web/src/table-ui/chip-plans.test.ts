import { describe, expect, it } from 'vitest';
import { betChips } from './model.js';
import { betsBlock, doubled, forgetRefused, fortuneOffer, rebetBlock, remember, type UndoStep } from './chip-plans.js';
import { brokeAt, canTopUp, topUpBelowCents } from './broke.js';
import type { YouView } from '@paigow/protocol';

const limits = { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 } };

describe('chips after a refused chip (issue 10 point 10)', () => {
  it('draws the last accepted pile, so the chip taken off next is the last accepted one', () => {
    // Clicked 1 then 5 (held: 6.00), then 100 (refused: over the maximum). The held 6.00 is drawn as clicked:
    // taking a chip off removes the 5, not the 1 of the fewest-chips drawing (5, 1).
    expect(betChips(600, [1, 5, 100], [1, 5])).toEqual([1, 5]);
    expect(betChips(600, [1, 5, 100])).toEqual([5, 1]);
    expect(betChips(600, [5, 1])).toEqual([5, 1]);
  });
});

describe('the Fortune spot never offers a chip above its limit (issue 10 point 10)', () => {
  const fortune = limits.fortune;
  it('offers the selected chip when it fits, else the largest chip that keeps the bet within the maximum', () => {
    expect(fortuneOffer(5, 100, fortune, 0)).toBe(5);
    expect(fortuneOffer(100, 100, fortune, 0)).toBe(25);
    expect(fortuneOffer(25, 100, fortune, 1_000)).toBe(5);
    expect(fortuneOffer(null, 100, fortune, 0)).toBe(1);
    expect(fortuneOffer(null, 100, { minCents: 500, maxCents: 2_500 }, 0)).toBe(5);
    expect(fortuneOffer(1, 100, fortune, 2_500)).toBeNull();
    expect(fortuneOffer(5, 500, { minCents: 500, maxCents: 1_000 }, 500)).toBe(5);
  });
});

describe('Undo, Double and Rebet (issue 10 points 10, 11)', () => {
  it('remembers changes (bounded) and forgets the ones the server refused', () => {
    const a: UndoStep = { before: { main: [], fortune: [] }, tickets: ['q-1'] };
    const b: UndoStep = { before: { main: [5], fortune: [] }, tickets: ['q-2', 'q-3'] };
    const steps = remember(remember([], a), b);
    expect(forgetRefused(steps, 'q-3')).toEqual([a]);
    expect(forgetRefused(steps, 'q-9')).toBe(steps);
    let many: UndoStep[] = [];
    for (let i = 0; i < 40; i++) many = remember(many, { before: { main: [], fortune: [] }, tickets: [`q-${i}`] });
    expect(many).toHaveLength(30);
    expect(many[0].tickets).toEqual(['q-10']);
  });

  it('doubles the piles on the felt, or the last bets on an empty felt', () => {
    expect(doubled({ main: [5, 1], fortune: [1] }, null)).toEqual({ main: [5, 1, 5, 1], fortune: [1, 1] });
    expect(doubled({ main: [], fortune: [] }, { main: 1_500, fortune: 500 })).toEqual({ main: [25, 5], fortune: [5, 5] });
    expect(doubled({ main: [], fortune: [] }, null)).toBeNull();
    expect(doubled({ main: [], fortune: [] }, { main: 0, fortune: 0 })).toBeNull();
  });

  it('says why bets cannot be placed: a maximum, the balance or a full bank', () => {
    expect(betsBlock(10_000, 2_500, limits, 20_000, null)).toBeNull();
    expect(betsBlock(10_100, 0, limits, 20_000, null)).toBe('over-max');
    expect(betsBlock(1_000, 2_600, limits, 20_000, null)).toBe('fortune-over-max');
    expect(betsBlock(1_000, 500, { ...limits, fortune: null }, 20_000, null)).toBe('fortune-over-max');
    expect(betsBlock(1_000, 500, limits, 1_499, null)).toBe('balance');
    expect(betsBlock(1_000, 0, limits, 20_000, 900)).toBe('bank-full');
  });

  it('disables Rebet without a last round, with a bet placed, or when the balance cannot cover the last bets', () => {
    const none = { main: 0, fortune: 0 };
    expect(rebetBlock(none, null, limits, 10_000, null)).toBe('none');
    expect(rebetBlock({ main: 500, fortune: 0 }, { main: 500, fortune: 0 }, limits, 10_000, null)).toBe('placed');
    expect(rebetBlock(none, { main: 1_000, fortune: 500 }, limits, 1_200, null)).toBe('balance');
    expect(rebetBlock(none, { main: 1_000, fortune: 500 }, limits, 1_500, null)).toBeNull();
  });
});

describe('a player under the table minimum (issue 10 point 11)', () => {
  const you = (over: Partial<YouView>): YouView => ({ role: 'player', balanceCents: 300, heldElsewhereCents: 0, bets: { main: 0, fortune: 0 }, cards: null, ...over }) as YouView;
  const main = { minCents: 500, maxCents: 50_000 };
  it('is told so and offered a top-up below the table minimum (never below 1.00)', () => {
    expect(topUpBelowCents(main)).toBe(500);
    expect(topUpBelowCents({ minCents: 50, maxCents: 100 })).toBe(100);
    expect(brokeAt(you({}), main)).toEqual({ balanceCents: 300, minCents: 500, heldElsewhereCents: 0, canTopUp: true });
    expect(brokeAt(you({ balanceCents: 500 }), main)).toBeNull();
    expect(brokeAt(you({ role: 'spectator' }), main)).toBeNull();
    // Dealt into a round (its stakes out of the balance): not broke, no top-up.
    expect(brokeAt(you({ cards: ['As'] }), main)).toBeNull();
    expect(canTopUp(you({ balanceCents: 50, bets: { main: 0, fortune: 0 }, cards: ['As'] }), main)).toBe(false);
  });
  it('offers no top-up to a player whose money is held as its bank cover at another table (tester: Alice banking at table-3 was offered one at table-2, and refused)', () => {
    const banking = you({ balanceCents: 0, heldElsewhereCents: 38_810 });
    expect(canTopUp(banking, main)).toBe(false);
    expect(brokeAt(banking, main)).toEqual({ balanceCents: 0, minCents: 500, heldElsewhereCents: 38_810, canTopUp: false });
  });
});
