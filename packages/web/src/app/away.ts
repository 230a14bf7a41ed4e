/**
 * "While you were away" (rules.md §5 "Interruptions": a reconnecting player sees the results of the
 * rounds it missed), read from the player's inbox (docs/server.md "The player inbox"): the server keeps a
 * `notice/round-settled` (or `notice/round-recovered`) for each round the player took part in until a
 * client has received it, so after a dropped connection, a server restart, a crash or a reload the rounds
 * the player has not seen come at the next join. Those whose result is not on screen are the ones it
 * missed. Pure functions.
 */
import { SET_BY, type SetBy, type WagerOutcome } from '@paigow/engine';
import { outcomeOfNet } from '../table-ui/model.js';

/** A round settled (or voided) while the player was not looking. */
export interface AwayRound {
  readonly roundId: string;
  readonly tableId: string;
  /** The player's outcome; `bank` when it banked; `void` when the round was refunded. */
  readonly outcome: WagerOutcome | 'bank' | 'void';
  /** The player's net for the round, cents (0 for a void round). */
  readonly netCents: number;
  /** How the player's hand was set (`timeout`, `disconnect`, `recovery`: by the house way for it), when known. */
  readonly setBy: SetBy | null;
}

/** A notice's `setBy` when it is one of `SET_BY`, else `null`. */
function setByOf(setBy: unknown): SetBy | null {
  return SET_BY.find((k) => k === setBy) ?? null;
}

/**
 * The round of a `notice/round-settled` notice (`{roundId, outcome, netCents, setBy}`: a round the player
 * took part in was settled at table `tableId`), or `null` when the params are not readable.
 */
export function awayOfSettled(params: Readonly<Record<string, unknown>>, tableId: string): AwayRound | null {
  const { roundId, outcome, netCents, setBy } = params;
  if (typeof roundId !== 'string' || typeof netCents !== 'number') return null;
  const known = ['win', 'push', 'lose', 'bank'] as const;
  return {
    roundId,
    tableId,
    outcome: known.find((k) => k === outcome) ?? outcomeOfNet(netCents),
    netCents,
    setBy: setByOf(setBy),
  };
}

/**
 * The round of a `notice/round-recovered` notice (`{roundId, outcome, netCents, setBy}`: the server settled —
 * or, `outcome: 'refunded'`, called off — a round interrupted by its restart), or `null` when the params
 * are not readable. A hand the house set then says `recovery`, never `disconnect` (the server stopped, not the
 * player); a notice written before it carried `setBy` says nothing of the hand (`null`).
 */
export function awayOfRecovered(params: Readonly<Record<string, unknown>>, tableId: string): AwayRound | null {
  const { roundId, outcome, netCents, setBy } = params;
  if (typeof roundId !== 'string' || typeof netCents !== 'number') return null;
  // `RecoveredOutcome` (engine table/notices.ts): a wager's outcome, 'bank', or 'refunded' (void here).
  const known = ['win', 'push', 'lose', 'bank'] as const;
  const o = outcome === 'refunded' ? 'void' : (known.find((k) => k === outcome) ?? outcomeOfNet(netCents));
  return { roundId, tableId, outcome: o, netCents, setBy: o === 'void' ? null : setByOf(setBy) };
}

/**
 * The round a notice tells the away panel of, or `null`: a `notice/round-recovered` (any), or a
 * `notice/round-settled` unless its round is the one this table shows the player now (`onScreen`, at
 * `tableId`). A notice without a table is taken to be of this table.
 */
export function awayOfNotice(notice: { readonly code: string; readonly params: Readonly<Record<string, unknown>>; readonly tableId: string | null }, tableId: string, onScreen: string | null): AwayRound | null {
  const at = notice.tableId ?? tableId;
  if (notice.code === 'notice/round-recovered') return awayOfRecovered(notice.params, at);
  if (notice.code !== 'notice/round-settled' || (at === tableId && notice.params.roundId === onScreen)) return null;
  return awayOfSettled(notice.params, at);
}

/** Adds rounds to the away list, once each (a notice may come again after a reconnection). */
export function mergeAway(list: readonly AwayRound[], more: readonly AwayRound[]): readonly AwayRound[] {
  const fresh = more.filter((r) => !list.some((x) => x.roundId === r.roundId));
  return fresh.length === 0 ? list : [...list, ...fresh];
}
