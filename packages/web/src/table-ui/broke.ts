/**
 * A player who cannot cover the table minimum (rules.md §5: play money; a broke player may top up).
 * Pure; cents.
 */
import type { SpotLimits } from '@paigow/engine';
import type { YouView } from '@paigow/protocol';

/**
 * A player may top up below this balance, cents, with nothing in a round: the server's `BROKE_BELOW_CENTS`
 * (packages/server/src/ledger/accounts.ts); a `top-up` sent at a table is granted below that table's
 * minimum too, where it is higher (docs/protocol.md).
 */
export const BROKE_BELOW_CENTS = 100;

/** The balance under which a player at a table with main limits `main` may top up, cents. */
export function topUpBelowCents(main: SpotLimits): number {
  return Math.max(BROKE_BELOW_CENTS, main.minCents);
}

/**
 * Whether the viewer, a seated player between rounds, cannot cover the table minimum (its balance, bets
 * not dealt included, is below it): its balance, the minimum, what it holds as bank cover at other tables, and
 * whether Top up is offered. `null` when it can bet.
 */
export function brokeAt(
  you: YouView,
  main: SpotLimits,
): { readonly balanceCents: number; readonly minCents: number; readonly heldElsewhereCents: number; readonly canTopUp: boolean } | null {
  if (you.role !== 'player' || you.cards !== null || you.balanceCents >= main.minCents) return null;
  return { balanceCents: you.balanceCents, minCents: main.minCents, heldElsewhereCents: you.heldElsewhereCents, canTopUp: canTopUp(you, main) };
}

/**
 * Whether Top up is offered: a balance under `topUpBelowCents`, no bet held at this table, and no money held as
 * the player's bank cover at another table (that money is not lost: the server refuses a top-up then, and a
 * tester banking at table-3 was offered one at table-2).
 */
export function canTopUp(you: YouView, main: SpotLimits): boolean {
  return you.balanceCents < topUpBelowCents(main) && you.bets.main + you.bets.fortune === 0 && you.cards === null && you.heldElsewhereCents === 0;
}
