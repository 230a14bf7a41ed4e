/**
 * The one stored shape of a settled round: the `RoundResult` the reducer makes at the reveal is what the
 * ledger stores (`rounds.result_json`), as it is, with its `version`; every reader of a stored result goes
 * through `readRoundResult`, and players see it only through the protocol's one view of it
 * (`projectRoundResult`). A new field is added here once, and in that view.
 */

import type { RoundResult } from './state.js';

/**
 * The version of `RoundResult` written now: 2, whose results carry the house way's explanations (the banker's
 * `bankerHand.explanation`, and `houseWayExplanation` of each hand the house set; issue 12 point 3). Version 1
 * results (and those stored before the `version` field existed) have neither.
 */
export const ROUND_RESULT_VERSION = 2;

/**
 * A round result as stored (JSON parsed), checked: `null` unless it is a `RoundResult` of a version this
 * code reads (an object with a round id, the banker's hand and the players; `version` 2, or 1, or none in
 * results written before it existed, which are version 1). A version 1 result is returned as stored, without
 * explanations: its readers show none (the protocol's view has `null` there).
 */
export function readRoundResult(stored: unknown): RoundResult | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const result = stored as Partial<RoundResult> & { readonly version?: unknown };
  const version = result.version ?? 1;
  if ((version !== 1 && version !== ROUND_RESULT_VERSION) || typeof result.roundId !== 'string' || typeof result.bankerHand !== 'object' || !Array.isArray(result.players)) return null;
  return { ...(stored as RoundResult), version };
}
