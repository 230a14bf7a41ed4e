export * from './value.js';
export { straightPlace, jokerFlushRank } from './reference.js';
export { evaluateHighHand, evaluateHighHand5, highHandEvaluator, type HighHandEvaluator } from './high-hand.js';
export { handRanking, STANDARD_RANKING, WHEEL_LOW_RANKING, WHEEL_RANKS, type HandRanking, type WheelRank } from './ranking.js';
export { evaluateLowHand, evaluateLowHand2 } from './low-hand.js';
export { bestHighHand, countBestHandCategories, bestHighValueBySweepTables, FIVE_OF_SEVEN } from './seven.js';
export { countHighHandCategories, type HighHandCounts } from './five.js';
