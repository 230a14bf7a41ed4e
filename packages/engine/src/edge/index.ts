/**
 * The exact edge of the main wager over every deal (issue 16), by inclusion–exclusion over the cards the
 * two hands share (`count.ts`), with any house way.
 */

export { binomial, colexRank, edgeDeck, FULL_DECK, type EdgeDeck } from './deck.js';
export { fillOutcomes, LOW_BITS, LOW_MASK } from './outcomes.js';
export { forEachCommonSet } from './common-sets.js';
export { countEdgeShare, edgeWork, mergeEdgeShares, type EdgeCounts, type EdgeShare } from './count.js';
export { summarizeEdge, type EdgeSummary, type ExactFraction } from './summary.js';
