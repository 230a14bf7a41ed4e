/**
 * Test support (not used by the server): turns per-hold outcomes into settlement postings the
 * way the table logic will (rules.md §3), so that the concurrency and property tests drive the
 * ledger with realistic money movements.
 *
 * - `'main'` win: stake back, 1:1 from the banker (or the house), then 5% commission
 *   (rounded half up) to `commission` when the house banks; push: stake back; lose: stake to
 *   the banker (or the house).
 * - `'fortune'` win: stake back and 2:1 from the house; lose: stake to the house.
 * - A banking player first gets its `'bank'` cover back, pays 1.5% (half up) of the main stakes
 *   against it as `'banker-fee'`, gains 1 comp point less per unit; players gain 1 per unit.
 */
import type { SettlementKind } from '../storage/schema.js';
import type { AccountRef, Hold, Posting } from '@paigow/engine';
import type { RoundRecord } from '../ledger/rounds.js';
import type { CompPointsChange } from '../ledger/settle-round.js';

export type Outcome = 'win' | 'push' | 'lose';

/** `amount × bps / 10000`, rounded half up. */
function feeOf(amountCents: number, bps: number): number {
  return Math.floor((amountCents * bps + 5_000) / 10_000);
}

export function settlementFor(
  round: RoundRecord,
  outcomeOf: (hold: Hold, index: number) => Outcome,
): { postings: Posting[]; compPoints: CompPointsChange[] } {
  const banker: AccountRef = round.bankerPlayerId === null ? 'house' : { player: round.bankerPlayerId };
  const postings: Posting[] = [];
  const post = (from: AccountRef, to: AccountRef, amountCents: number, kind: SettlementKind): void => {
    if (amountCents > 0) postings.push({ from, to, amountCents, kind });
  };
  const points = new Map<string, number>();
  const addPoints = (playerId: string, delta: number): void => {
    points.set(playerId, (points.get(playerId) ?? 0) + delta);
  };

  for (const hold of round.holds) if (hold.kind === 'bank') post('escrow', banker, hold.amountCents, 'stake-return');
  let stakedAgainstBanker = 0;
  round.holds.forEach((hold, index) => {
    if (hold.kind === 'bank') return;
    const player: AccountRef = { player: hold.playerId };
    const payer: AccountRef = hold.kind === 'fortune' ? 'house' : banker;
    const outcome = outcomeOf(hold, index);
    if (outcome === 'lose') post('escrow', payer, hold.amountCents, 'stake-lost');
    else post('escrow', player, hold.amountCents, 'stake-return');
    if (outcome === 'win') {
      post(payer, player, hold.kind === 'fortune' ? 2 * hold.amountCents : hold.amountCents, 'payout');
      if (hold.kind === 'main' && payer === 'house') {
        post(player, 'commission', feeOf(hold.amountCents, 500), 'commission');
      }
    }
    if (hold.kind === 'main') stakedAgainstBanker += hold.amountCents;
    addPoints(hold.playerId, Math.floor(hold.amountCents / 100));
  });
  if (round.bankerPlayerId !== null) {
    post(banker, 'commission', feeOf(stakedAgainstBanker, 150), 'banker-fee');
    addPoints(round.bankerPlayerId, -Math.floor(stakedAgainstBanker / 100));
  }
  return { postings, compPoints: [...points].map(([playerId, delta]) => ({ playerId, delta })) };
}
