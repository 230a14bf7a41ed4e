export { STARTING_BALANCE_CENTS, BROKE_BELOW_CENTS } from './accounts.js';
export type { AccountBalance } from './balances.js';
export type { HistoryItem, HistoryQuery } from './history.js';
export { createLedger, type Ledger } from './ledger.js';
export type { OpenRoundInput } from './open-round.js';
export type { LeaseCheck } from './ownership.js';
export type { Hold, RoundPlayer, RoundRecord, RoundWithSecret } from './rounds.js';
export type { AccountRef, CompPointsChange, Posting, SettleRoundInput } from './settle-round.js';
export type { TopUp } from './top-up.js';
