/**
 * Table play (rules.md §3, §5): the pure reducer `apply(state, action)`, its notices (codes and
 * facts), the timers (`nextDeadline`) and the settlement of a dealt round as ledger postings
 * (`settleRoundState`, also used to recover rounds after a restart). The per-viewer projection
 * `viewFor(state, playerId)` is the wire protocol's (`@paigow/protocol`).
 */
export * from './config.js';
export * from './state.js';
export * from './actions.js';
export { apply, bankRefusal, betDeadline, bettingWindowEnd, hintHand, nextDeadline, type HintHand } from './apply.js';
export * from './settlement.js';
export * from './round-result.js';
export * from './terms.js';
export * from './notices.js';
export { bankRoomCents } from './bank-room.js';
