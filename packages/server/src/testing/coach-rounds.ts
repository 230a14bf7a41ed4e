/**
 * What the coach's tests feed it: a settled round of made-up seats and made-up scores (the batching and the log
 * lines are under test, not the analysis).
 */
import { settings, toHand, unwrap, type Card, type RoundResult, type SettingAnalysis } from '@paigow/engine';

/** How a seat's hand was set (`SeatResult.setBy`). */
type SetBy = RoundResult['players'][number]['setBy'];

/** Every seat's seven cards in `settledRound`. */
export const COACH_CARDS = ['AS', 'KD', 'QH', '9C', '7S', '4D', '2H'];

/** Made-up analyses of the settings of `hand`, in `settings` order: setting k has EV −k/100 (win 0.4, push 0.2, loss 0.4). */
export function madeUpAnalyses(hand: readonly Card[]): Promise<SettingAnalysis[]> {
  return Promise.resolve(settings(unwrap(toHand(hand))).map((s, k): SettingAnalysis => ({ high: s.high, low: s.low, legal: true, win: 0.4, push: 0.2, loss: 0.4, ev: -k / 100 })));
}

/** A settled round of `players` seats at table `small`, each holding `COACH_CARDS` set by `setBy` (only what the coach reads is filled in). */
export function settledRound(roundId: string, players: number, setBy: SetBy): RoundResult {
  return {
    roundId,
    tableId: 'small',
    banker: { kind: 'house' },
    players: Array.from({ length: players }, (_, seat) => ({
      playerId: `p${seat}`,
      seat,
      cards: COACH_CARDS,
      setting: { high: COACH_CARDS.slice(2), low: COACH_CARDS.slice(0, 2) },
      setBy,
      bets: { main: 100, fortune: 0 },
    })),
  } as unknown as RoundResult;
}
