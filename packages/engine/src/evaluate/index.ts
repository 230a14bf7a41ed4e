export * from './value.js';
export { straightPlace, jokerFlushRank } from './reference.js';
export { evaluateHighHand, evaluateHighHand5 } from './high-hand.js';
export { evaluateLowHand, evaluateLowHand2 } from './low-hand.js';
export { bestHighHand, countBestHandCategories, bestHighValueBySweepTables, FIVE_OF_SEVEN } from './seven.js';
export { countHighHandCategories, type HighHandCounts } from './five.js';
