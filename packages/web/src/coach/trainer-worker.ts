/**
 * The trainer's Web Worker (issue 17 §4): the engine's exact analysis of one hand (`analyzeHand`, every setting
 * against the banker's house way over the 53,524,680 banker hands from the 46 other cards, what `paigow analyze`
 * computes), off the page's main thread. Message in: `{ id, cards, houseWay }`; out: `{ id, settings }`, the 21
 * scored settings in `settings(cards)` order, or `{ id, error }`.
 */
import { analyzeHand, houseWays, toHand, unwrap, type HouseWayId } from '@paigow/engine';

/** The worker's global scope (the page's DOM typings describe a window). */
const scope = self as unknown as { onmessage: ((event: MessageEvent<{ id: number; cards: number[]; houseWay: HouseWayId }>) => void) | null; postMessage(message: unknown): void };

scope.onmessage = (event) => {
  const { id, cards, houseWay } = event.data;
  try {
    const { settings } = analyzeHand(unwrap(toHand(cards)), 500, houseWays[houseWay]);
    scope.postMessage({ id, settings });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
