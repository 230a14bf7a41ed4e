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
 * not dealt included, is below it): its balance and the minimum, and whether Top up is offered. `null`
 * when it can bet.
 */
export function brokeAt(you: YouView, main: SpotLimits): { readonly balanceCents: number; readonly minCents: number; readonly canTopUp: boolean } | null {
  if (you.role !== 'player' || you.cards !== null || you.balanceCents >= main.minCents) return null;
  return { balanceCents: you.balanceCents, minCents: main.minCents, canTopUp: canTopUp(you, main) };
}

/** Whether Top up is offered: a balance under `topUpBelowCents` and no bet held at this table. */
export function canTopUp(you: YouView, main: SpotLimits): boolean {
  return you.balanceCents < topUpBelowCents(main) && you.bets.main + you.bets.fortune === 0 && you.cards === null;
}
