/**
 * Account ids and the overdraft policy.
 *
 * Accounts: one wallet per player (`'wallet:<playerId>'`) and four system accounts:
 * - `'issuance'`: play money is created here (guest grants, top-ups); its balance is minus
 *   all play money ever issued, so it is always negative or zero;
 * - `'escrow'`: stakes taken at the deal, until the round is settled or refunded;
 * - `'house'`: the house bankroll. It pays winners and collects losing stakes when the house
 *   banks. It may go negative: the money is play money and the house never runs out;
 * - `'commission'`: the house's commission (5% of wins) and the banking player's fee (1.5%).
 * Player wallets, escrow and commission never go negative (also a CHECK in the schema).
 */
import type { AccountKind } from '../storage/schema.js';

/** The id of a player's wallet account. */
export function walletAccountId(playerId: string): string {
  return `wallet:${playerId}`;
}

/** True for the accounts allowed a negative balance: the house bankroll and issuance. */
export function mayGoNegative(kind: AccountKind): boolean {
  return kind === 'house' || kind === 'issuance';
}

/** A new guest's play money, and what a broke player is topped up to: 1,000.00. */
export const STARTING_BALANCE_CENTS = 100_000;

/** A player whose balance is below this (1.00) and who has nothing in escrow is broke. */
export const BROKE_BELOW_CENTS = 100;
