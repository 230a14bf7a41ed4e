/**
 * The chip model without a browser (rules.md §5; the rules e2e/felt-clarity.test.ts plays in Chromium):
 * a refused chip, the Fortune limit, Clear, Undo, Double, Rebet, drafts below the minimum and the total.
 * A small server stands in for the table: it holds what it is sent, refusing a bet over the maximum.
 */
import { describe, expect, it } from 'vitest';
import type { Bets } from '@paigow/engine';
import { pilesCents } from './chip-plans.js';
import { applyBet, canUndo, doubleBlockOf, draftRefusal, fortuneAdds, NO_BETS, rebetBlockOf, shownPiles, type BetAction, type BetContext, type BetDraft, type BetEffect } from './bet-draft.js';

/** A table of 1.00–100.00, Fortune 1.00–25.00 (table-1 of the e2e tests), betting open. */
function context(over: Partial<BetContext> = {}, bets: Bets = { main: 0, fortune: 0 }, lastBets: Bets | null = null): BetContext {
  return {
    canBet: true,
    betPending: false,
    you: { bets, lastBets, balanceCents: 100_000 },
    table: { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 }, unitCents: 100 },
    roomCents: null,
    phase: 'betting',
    ready: false,
    roundId: null,
    ...over,
  };
}

/** The model and a server that holds the bets it is sent (refusing one over the maximum) and answers at once. */
class Felt {
  state: BetDraft = NO_BETS;
  ctx: BetContext;
  effects: BetEffect[] = [];
  sent: { spot: string; cents: number }[] = [];
  private seq = 0;

  constructor(ctx: BetContext = context()) {
    this.ctx = ctx;
    this.step({ type: 'sync' });
  }

  step(action: BetAction): this {
    const next = applyBet(this.state, action, this.ctx);
    this.state = next.state;
    this.effects.push(...next.effects);
    for (const e of next.effects) {
      if (e.kind !== 'send-bet') continue;
      const requestId = `q-${++this.seq}`;
      this.sent.push({ spot: e.spot, cents: e.cents });
      this.step({ type: 'sent', ticket: e.ticket, requestId });
      const limits = e.spot === 'main' ? this.ctx.table!.main : this.ctx.table!.fortune!;
      if (e.cents > limits.maxCents) this.step({ type: 'refused', requestId, code: 'bet/over-limit' });
      else {
        const bets = { ...this.ctx.you!.bets, [e.spot]: e.cents };
        if (e.spot === 'main' && e.cents === 0) bets.fortune = 0;
        this.ctx = { ...this.ctx, you: { ...this.ctx.you!, bets } };
        this.step({ type: 'sync' });
      }
    }
    return this;
  }

  /** The messages said since the last call (`unsay` as `null`), and forgets them. */
  said(): (string | null)[] {
    const out = this.effects.flatMap((e) =>
      e.kind === 'say' ? [`${e.message.key} ${JSON.stringify(e.message.cents)}`] : e.kind === 'tell' ? [`told ${e.message.key} ${JSON.stringify(e.message.cents)}`] : e.kind === 'unsay' ? [null] : [],
    );
    this.effects = [];
    return out;
  }

  get shown() {
    return shownPiles(this.state, this.ctx);
  }

  get held() {
    return this.ctx.you!.bets;
  }
}

describe('the chips (rules.md §5)', () => {
  // A player's finding: a refusal about the bets stayed after they were dealt (or the round went on without them).
  it('clear the refusal they said once the betting ends (a deal, Deal pressed), not at every view', () => {
    const felt = new Felt().step({ type: 'chip', value: 100 }).step({ type: 'chip', value: 1 });
    expect(felt.said()).toEqual([null, 'bets.mainOverMax {"max":10000,"amount":10100}']);
    felt.step({ type: 'sync' });
    expect(felt.said()).toEqual([]);
    felt.ctx = { ...felt.ctx, ready: true };
    felt.step({ type: 'sync' });
    expect(felt.said()).toEqual([null]);
    felt.ctx = { ...felt.ctx, phase: 'setting', roundId: 'r-1', ready: false };
    felt.step({ type: 'sync' }).step({ type: 'sync' });
    expect(felt.said()).toEqual([null]);
  });

  it('go on the main bet again after a round, the switch left on Fortune', () => {
    const felt = new Felt().step({ type: 'chip', value: 5 }).step({ type: 'target', target: 'fortune' }).step({ type: 'chip', value: 1 });
    expect(felt.held).toEqual({ main: 500, fortune: 100 });
    expect(felt.state.target).toBe('fortune');
    felt.ctx = { ...felt.ctx, phase: 'setting', roundId: 'r-1', you: { ...felt.ctx.you!, bets: { main: 0, fortune: 0 } } };
    felt.step({ type: 'sync' });
    felt.ctx = { ...felt.ctx, phase: 'betting' };
    felt.step({ type: 'sync' }).step({ type: 'chip', value: 5 });
    expect(felt.state.target).toBe('main');
    expect(felt.held).toEqual({ main: 500, fortune: 0 });
  });

  it('refuses a Fortune chip before a main bet, saying why, with nothing to undo', () => {
    const felt = new Felt().step({ type: 'target', target: 'fortune' }).step({ type: 'chip', value: 5 });
    expect(felt.said()).toEqual(['bets.fortuneNeedsMain {}']);
    expect(felt.sent).toEqual([]);
    expect(felt.state.selected).toBe(5);
    expect(canUndo(felt.state, felt.ctx)).toBe(false);
    expect(fortuneAdds(felt.state, felt.ctx)).toBeNull();
    // The Fortune spot itself says the same.
    felt.step({ type: 'fortune' });
    expect(felt.said()).toEqual(['bets.fortuneNeedsMain {}']);
  });

  // A player at 0.00 put a 1.00 chip on the felt (a draft under the 5.00 minimum, never sent) and Deal was lit.
  it('refuses a chip that would take the bets over the balance, saying the balance, with nothing placed', () => {
    const poor = new Felt(context({ you: { bets: { main: 0, fortune: 0 }, lastBets: null, balanceCents: 600 } }));
    poor.step({ type: 'chip', value: 5 }).step({ type: 'chip', value: 1 });
    expect(poor.shown.main).toEqual([5, 1]);
    poor.said();
    poor.step({ type: 'chip', value: 1 });
    expect(poor.said()).toEqual(['bets.block.balance {"amount":700,"balance":600}']);
    expect(poor.shown.main).toEqual([5, 1]);
    poor.step({ type: 'target', target: 'fortune' }).step({ type: 'chip', value: 1 });
    expect(poor.said()).toEqual(['bets.block.balance {"amount":700,"balance":600}']);
    expect(poor.shown.fortune).toEqual([]);
    const broke = new Felt(context({ you: { bets: { main: 0, fortune: 0 }, lastBets: null, balanceCents: 0 } }));
    broke.step({ type: 'chip', value: 1 });
    expect(broke.said()).toEqual(['bets.block.balance {"amount":100,"balance":0}']);
    expect(broke.shown.main).toEqual([]);
    expect(broke.sent).toEqual([]);
  });

  it('keeps the accepted pile when a chip would go over the maximum, and the next click takes the last accepted chip off', () => {
    const felt = new Felt().step({ type: 'chip', value: 1 }).step({ type: 'chip', value: 5 });
    expect(felt.sent).toEqual([{ spot: 'main', cents: 100 }, { spot: 'main', cents: 600 }]);
    felt.said();
    // 106.00 is over the maximum: said at once with the table's numbers (as at the Fortune maximum), never sent; the pile stays 1 + 5.
    felt.step({ type: 'chip', value: 100 });
    expect(felt.sent.at(-1)).toEqual({ spot: 'main', cents: 600 });
    expect(felt.said()).toEqual(['bets.mainOverMax {"max":10000,"amount":10600}']);
    expect(felt.held.main).toBe(600);
    expect(felt.shown.main).toEqual([1, 5]);
    // The clicks themselves are back to 1 + 5 (drawn so while the next chip's message waits).
    expect(shownPiles(felt.state, { ...felt.ctx, betPending: true }).main).toEqual([1, 5]);
    // The refused change is not in Undo's memory: Undo takes back the 5, not the refused 100.
    expect(felt.state.steps).toHaveLength(2);
    felt.step({ type: 'stack' });
    expect(felt.sent.at(-1)).toEqual({ spot: 'main', cents: 100 });
    expect(felt.shown.main).toEqual([1]);
  });

  it('keeps the Fortune bet within its maximum: chips that do not fit are refused, a full spot offers nothing', () => {
    const felt = new Felt().step({ type: 'chip', value: 1 }).step({ type: 'target', target: 'fortune' }).step({ type: 'chip', value: 5 });
    expect(felt.held).toEqual({ main: 100, fortune: 500 });
    felt.said();
    felt.step({ type: 'chip', value: 25 });
    expect(felt.said()).toEqual(['bets.fortuneOverMax {"max":2500,"amount":3000}']);
    expect(felt.held.fortune).toBe(500);
    // The spot offers the selected chip (5) while it fits.
    expect(fortuneAdds(felt.state, felt.ctx)).toBe(5);
    for (let i = 0; i < 3; i++) felt.step({ type: 'fortune' });
    expect(felt.held.fortune).toBe(2_000);
    // Selected 25 with 5.00 left: the offer is lowered to the 5.
    felt.step({ type: 'target', target: 'main' }).step({ type: 'chip', value: 25 }).step({ type: 'stack' });
    expect(fortuneAdds(felt.state, felt.ctx)).toBe(5);
    felt.step({ type: 'fortune' });
    expect(felt.held.fortune).toBe(2_500);
    expect(fortuneAdds(felt.state, felt.ctx)).toBeNull();
    felt.said();
    felt.step({ type: 'fortune' });
    expect(felt.said()).toEqual(['bets.fortuneAtMax {"max":2500}']);
    expect(pilesCents(felt.shown)).toBe(2_600);
  });

  it('says so when taking the last chip off the main bet takes the Fortune bet off too (a player\'s finding: it went silently)', () => {
    const felt = new Felt().step({ type: 'chip', value: 1 }).step({ type: 'target', target: 'fortune' }).step({ type: 'chip', value: 5 });
    expect(felt.held).toEqual({ main: 100, fortune: 500 });
    felt.said();
    felt.step({ type: 'stack' });
    expect(felt.held).toEqual({ main: 0, fortune: 0 });
    expect(felt.shown).toEqual({ main: [], fortune: [] });
    expect(felt.said()).toEqual([null, 'told bets.fortuneCleared {"amount":500}']); // a notice, not a refusal
    // Clear asks for both bets off: nothing to explain.
    felt.step({ type: 'target', target: 'main' }).step({ type: 'chip', value: 1 }).step({ type: 'target', target: 'fortune' }).step({ type: 'chip', value: 5 }).said();
    expect(felt.held).toEqual({ main: 100, fortune: 500 });
    felt.step({ type: 'clear' });
    expect(felt.said()).toEqual([null]);
  });

  it('Undo takes back the last change, Clear takes both bets off, and Double then has nothing to double', () => {
    const felt = new Felt().step({ type: 'chip', value: 1 }).step({ type: 'target', target: 'fortune' }).step({ type: 'chip', value: 5 }).step({ type: 'chip', value: 5 });
    expect(felt.held).toEqual({ main: 100, fortune: 1_000 });
    felt.step({ type: 'undo' });
    expect(felt.held).toEqual({ main: 100, fortune: 500 });
    expect(felt.shown).toEqual({ main: [1], fortune: [5] });
    felt.step({ type: 'clear' });
    expect(felt.sent.at(-1)).toEqual({ spot: 'main', cents: 0 });
    expect(felt.held).toEqual({ main: 0, fortune: 0 });
    expect(felt.shown).toEqual({ main: [], fortune: [] });
    expect(pilesCents(felt.shown)).toBe(0);
    expect(doubleBlockOf(felt.state, felt.ctx)).toBe('nothing');
    // Undo of the Clear puts both bets back.
    felt.step({ type: 'undo' });
    expect(felt.held).toEqual({ main: 100, fortune: 500 });
  });

  it('Double doubles both bets, and on an empty felt places the last bets twice (Rebet ×2), within the limits', () => {
    const felt = new Felt().step({ type: 'chip', value: 5 }).step({ type: 'target', target: 'fortune' }).step({ type: 'chip', value: 1 });
    expect(doubleBlockOf(felt.state, felt.ctx)).toBeNull();
    felt.step({ type: 'double' });
    expect(felt.held).toEqual({ main: 1_000, fortune: 200 });
    expect(pilesCents(felt.shown)).toBe(1_200);

    const again = new Felt(context({}, { main: 0, fortune: 0 }, { main: 2_000, fortune: 500 }));
    again.step({ type: 'double' });
    expect(again.held).toEqual({ main: 4_000, fortune: 1_000 });
    // Twice 15.00 of Fortune is over its 25.00 maximum: Double is blocked, and pressing it sends nothing.
    const over = new Felt(context({}, { main: 0, fortune: 0 }, { main: 2_000, fortune: 1_500 }));
    expect(doubleBlockOf(over.state, over.ctx)).toBe('fortune-over-max');
    over.step({ type: 'double' });
    expect(over.sent).toEqual([]);
  });

  it('Rebet sends the last bets again only on an empty felt within the balance, and forgets the drafts and Undo', () => {
    const felt = new Felt(context({}, { main: 0, fortune: 0 }, { main: 2_000, fortune: 500 }));
    expect(rebetBlockOf(felt.ctx)).toBeNull();
    felt.step({ type: 'rebet' });
    expect(felt.effects).toEqual([{ kind: 'unsay' }, { kind: 'send-rebet' }]);
    expect(rebetBlockOf(context({}, { main: 500, fortune: 0 }, { main: 2_000, fortune: 0 }))).toBe('placed');
    expect(rebetBlockOf(context({}, { main: 0, fortune: 0 }, null))).toBe('none');
    const poor = context({ you: { bets: { main: 0, fortune: 0 }, lastBets: { main: 2_000, fortune: 0 }, balanceCents: 1_000 } });
    expect(rebetBlockOf(poor)).toBe('balance');
    const blocked = new Felt(poor).step({ type: 'rebet' });
    expect(blocked.effects).toEqual([]);
  });

  it('builds a bet below the minimum as a draft, sends it once it reaches the minimum, and names the shortfall for Deal', () => {
    const five = context({ table: { main: { minCents: 500, maxCents: 50_000 }, fortune: null, unitCents: 100 } });
    const felt = new Felt(five).step({ type: 'chip', value: 1 });
    expect(felt.sent).toEqual([]);
    expect(felt.state.drafts.main).toEqual([1]);
    expect(felt.shown.main).toEqual([1]);
    expect(draftRefusal(felt.state, felt.ctx)).toEqual({ key: 'table.underMin', cents: { amount: 500 } });
    for (let i = 0; i < 4; i++) felt.step({ type: 'chip', value: 1 });
    expect(felt.sent).toEqual([{ spot: 'main', cents: 500 }]);
    expect(felt.state.drafts.main).toBeNull();
    expect(draftRefusal(felt.state, felt.ctx)).toBeNull();
    // A chip off brings it below the minimum: the held bet is taken off, the chips stay as a draft.
    felt.step({ type: 'stack' });
    expect(felt.sent.at(-1)).toEqual({ spot: 'main', cents: 0 });
    expect(felt.state.drafts.main).toEqual([1, 1, 1, 1]);
    expect(felt.shown.main).toEqual([1, 1, 1, 1]);
  });

  it('names a bet off the bet unit, and ends drafts and Undo when the betting ends', () => {
    const unit = context({ table: { main: { minCents: 500, maxCents: 50_000 }, fortune: null, unitCents: 500 } });
    const felt = new Felt(unit).step({ type: 'chip', value: 5 }).step({ type: 'chip', value: 1 });
    expect(felt.sent).toEqual([{ spot: 'main', cents: 500 }, { spot: 'main', cents: 0 }]);
    expect(draftRefusal(felt.state, felt.ctx)).toEqual({ key: 'table.offUnit', cents: { amount: 500 } });
    felt.ctx = { ...felt.ctx, phase: 'setting', roundId: 'r-1', canBet: false };
    felt.step({ type: 'sync' });
    expect(felt.state.drafts).toEqual({ main: null, fortune: null });
    expect(felt.state.steps).toEqual([]);
    // Nothing changes the bets while betting is closed.
    felt.step({ type: 'chip', value: 25 }).step({ type: 'clear' }).step({ type: 'undo' });
    expect(felt.sent).toHaveLength(2);
  });

  it('draws the clicks while a bet message waits, and the server bet as clicked once it is answered', () => {
    const felt = new Felt(context({ betPending: true }));
    const next = applyBet(felt.state, { type: 'chip', value: 25 }, felt.ctx);
    expect(shownPiles(next.state, felt.ctx).main).toEqual([25]);
    // Answered with another amount (another tab): drawn with the fewest chips.
    expect(shownPiles(next.state, context({}, { main: 3_100, fortune: 0 })).main).toEqual([25, 5, 1]);
  });
});

describe('a chip tapped off before the server answered the chip (a slow server)', () => {
  // A loaded machine's phone test: 25.00 held, a 5 chip added (30.00 sent, unanswered), the stack tapped: the model
  // compared 25.00 with the view's 25.00 and sent nothing, and the server kept 30.00 for good.
  it('sends the pile again when a bet message in flight would leave the server holding another amount', () => {
    let state = NO_BETS;
    const step = (action: BetAction, ctx: BetContext): BetEffect[] => {
      const next = applyBet(state, action, ctx);
      state = next.state;
      return [...next.effects];
    };
    const held = context({}, { main: 2_500, fortune: 0 });
    step({ type: 'sync' }, held);
    const sends = (effects: BetEffect[]) => effects.flatMap((e) => (e.kind === 'send-bet' ? [[e.spot, e.cents]] : []));
    const chip = step({ type: 'chip', value: 5 }, held);
    expect(sends(chip)).toEqual([['main', 3_000]]);
    const ticket = chip.find((e) => e.kind === 'send-bet')!;
    step({ type: 'sent', ticket: (ticket as Extract<BetEffect, { kind: 'send-bet' }>).ticket, requestId: 'q-1' }, held);
    // The view still holds 25.00; the 30.00 is on its way.
    const inFlight = context({ betPending: true, pendingBets: new Set(['q-1']) }, { main: 2_500, fortune: 0 });
    expect(sends(step({ type: 'stack' }, inFlight))).toEqual([['main', 2_500]]);
    // Answered, the view's bet is the base again.
    const answered = context({}, { main: 2_500, fortune: 0 });
    step({ type: 'sync' }, answered);
    expect(sends(step({ type: 'chip', value: 1 }, answered))).toEqual([['main', 2_600]]);
  });
});
