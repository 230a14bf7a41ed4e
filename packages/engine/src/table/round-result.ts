/**
 * The one stored shape of a settled round: the `RoundResult` the reducer makes at the reveal is what the
 * ledger stores (`rounds.result_json`), as it is, with its `version`; every reader of a stored result goes
 * through `readRoundResult`, and players see it only through the protocol's one view of it
 * (`projectRoundResult`). A new field is added here once, and in that view.
 */

import type { RoundResult } from './state.js';

/** The version of `RoundResult` written now. Results stored before the field existed are version 1. */
export const ROUND_RESULT_VERSION = 1;

/**
 * A round result as stored (JSON parsed), checked: `null` unless it is a `RoundResult` of a version this
 * code reads (an object with a round id, the banker's hand and the players; `version` 1, or none in results
 * written before it existed, which are version 1).
 */
export function readRoundResult(stored: unknown): RoundResult | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const result = stored as Partial<RoundResult> & { readonly version?: unknown };
  const version = result.version ?? ROUND_RESULT_VERSION;
  if (version !== ROUND_RESULT_VERSION || typeof result.roundId !== 'string' || typeof result.bankerHand !== 'object' || !Array.isArray(result.players)) return null;
  return { ...(stored as RoundResult), version };
}
