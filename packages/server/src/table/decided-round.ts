/**
 * A round as its table decided it, every hand set: the private record (`RoundSecret`) a settlement retried saves
 * (table/settlement-retry.ts), which the table does not save when the settlement follows the last setting at once.
 */
import { setByHouseWay, type RoundResult, type RoundState, type TableEffect } from '@paigow/engine';

/**
 * The round revealed by one reducer action, every hand set as it was settled.
 * @param before the round before that action (`TableState.round`)
 * @param effects that action's effects: when it set the last hand (a player's setting, or House Way), its `save-round`
 *   of the round holds every hand set
 * @param result the settled round (`settle-round`'s): the hands set at that action by a timeout or a disconnection
 *   (`SeatResult.setBy`) are set by the round's house way again, which sets a hand one way only (house-way.md)
 * @returns the round with every hand set; `before` and the effects are not changed
 */
export function decidedRound(before: RoundState, effects: readonly TableEffect[], result: RoundResult): RoundState {
  const saved = effects.find((effect) => effect.kind === 'save-round' && effect.roundId === before.roundId);
  const round = saved?.kind === 'save-round' ? saved.secret : before;
  const setBy = new Map(result.players.map((seat) => [seat.playerId, seat.setBy]));
  const hands = round.hands.map((hand) => {
    if (hand.setting !== null) return hand;
    const decided = { ...hand };
    setByHouseWay(decided, setBy.get(hand.playerId) ?? 'disconnect', round.rules.houseWay);
    return decided;
  });
  return { ...round, hands };
}
