/**
 * Table play (rules.md §3, §5): the pure reducer `apply(state, action)`, the per-viewer
 * projection `viewFor(state, playerId)`, the timers (`nextDeadline`) and the settlement of a
 * dealt round as ledger postings (`settleRoundState`, also used to recover rounds after a restart).
 */
export * from './config.js';
export * from './state.js';
export * from './actions.js';
export { apply, bankRefusal, betDeadline, hintHand, nextDeadline, type HintHand } from './apply.js';
export * from './settlement.js';
export * from './view.js';
