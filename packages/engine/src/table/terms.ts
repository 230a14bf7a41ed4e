/**
 * The table's own terms (rules.md §3, §5): bet spots, bets, spot limits, the phase and who set a hand.
 * The reducer, the settlement and the fairness proof speak in these; the wire protocol
 * (`@paigow/protocol`) maps them to messages. Pure types and constants.
 */

/** The bet spots of a seat: the main wager (rules.md §3) and the Fortune side bet (rules.md §4). */
export const BET_SPOTS = ['main', 'fortune'] as const;
/** A bet spot: `'main'` or `'fortune'`. */
export type BetSpot = (typeof BET_SPOTS)[number];

/** Bets per spot in cents. */
export type Bets = { readonly [spot in BetSpot]: number };

/** A bet spot's limits in cents. */
export interface SpotLimits {
  readonly minCents: number;
  readonly maxCents: number;
}

/**
 * The table's phase:
 * - `'approval'`: a player banks and has not approved the next round yet (35 s, rules.md §5);
 * - `'betting'`: bets are placed and Deal pressed; the previous round's result is in `lastRound`;
 * - `'dealing'`: the deal is being recorded in the ledger (a moment; no action is accepted);
 * - `'setting'`: cards are dealt; players set their hands (45 s).
 * The reveal and settlement end `'setting'`: the table goes straight back to `'betting'` (or
 * `'approval'`) with the revealed round in `lastRound`.
 */
export type TablePhase = 'approval' | 'betting' | 'dealing' | 'setting';

/**
 * How a player's hand got set (rules.md §5): by the player (`'player'`), by its House Way button (`'house-way'`), or
 * by the house way because its decision timer ran out (`'timeout'`), because it disconnected (`'disconnect'`), or
 * because the server could not finish the round and recovery settled it (`'recovery'`: the server stopped, or lost
 * the round, while the hand was unset; docs/server.md "Recovery"). Rounds recovered before `'recovery'` existed
 * say `'disconnect'`.
 */
export const SET_BY = ['player', 'house-way', 'timeout', 'disconnect', 'recovery'] as const;
/** How a player's hand got set: one of `SET_BY`. */
export type SetBy = (typeof SET_BY)[number];
