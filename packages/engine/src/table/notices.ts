/**
 * What the table did to a player without a request of its own — a timer ran out, a disconnection was
 * handled, a round was void or recovered (rules.md §5 "Timers", "Interruptions"): a code and its
 * facts, never text. The server sends each as a `notice` message (`@paigow/protocol`, which adds the
 * English and the translations render it). Pure: no I/O.
 */

import type { ErrorCode } from '../errors/index.js';
import type { WagerOutcome } from '../settle/index.js';
import type { SetBy } from './terms.js';

/** Every notice code, in docs/protocol.md order. */
export const NOTICE_CODES = [
  'notice/bet-returned',
  'notice/house-way-set',
  'notice/left-table',
  'notice/left-bank',
  'notice/round-void',
  'notice/round-recovered',
  'notice/round-settled',
] as const;
/** A notice code: what happened. */
export type NoticeCode = (typeof NOTICE_CODES)[number];

/**
 * Why bets not dealt went back to the balance (rules.md §5): `'timeout'` Deal was not pressed within the
 * bet timer; `'round-dealt-without-you'` the same, and the others' round was dealt without these bets;
 * `'disconnect'` the player disconnected before the deal; `'balance'` the balance no longer covers them
 * (a round or a bank at another table took the money); `'bank-changed'` the banking player lost the bank
 * (its seat hold ran out, or its cover could not be held), and a bet is never settled on other terms than
 * those it was placed under.
 */
export type BetReturnedReason = 'timeout' | 'round-dealt-without-you' | 'disconnect' | 'balance' | 'bank-changed';

/** What a recovered round came to for the player: its wager's outcome, `'bank'` as the banker, or `'refunded'`. */
export type RecoveredOutcome = WagerOutcome | 'bank' | 'refunded';

/** The `params` of each notice code. */
export interface NoticeParams {
  /** The bets on the table were returned; `amountCents` is their total (main + Fortune), > 0. */
  readonly 'notice/bet-returned': { readonly amountCents: number; readonly reason: BetReturnedReason };
  /** The house way set the player's hand in round `roundId` (rules.md §5): the decision timer ran out, or it disconnected. */
  readonly 'notice/house-way-set': { readonly roundId: string; readonly reason: 'timeout' | 'disconnect' };
  /**
   * The player lost its seat: after the round, its decision timer ran out (`timeout`, rules.md §5 "Timers"); or it
   * played no round for the table's `idleSeatMs` (`idle`), and may sit at this table again `waitSeconds` from now
   * (`idleSeatMs`: a sit before is refused `action/idle-wait`).
   */
  readonly 'notice/left-table': { readonly reason: 'timeout' } | { readonly reason: 'idle'; readonly waitSeconds: number };
  /**
   * The banking player left the bank; the house banks (rules.md §5): it did not approve a round within
   * the approval timer (`approval-timeout`), or its balance (`balance`) or its comp points (`comp-points`: below the
   * table's `bankMinCompPoints`; `balance` when both fell short) are below what banking needs, after a round here or
   * at once when a round at another table took them there (`sync`, while no round is dealt under it here); or (`table-moved`, a server's, never the reducer's) the table moved to another server process, and a
   * bank does not move with it; or (`server-stopped`, a server's too) the server process that ran the table stopped
   * (a crash, or a stop without the table moving on; the bank is released when its next run or another process
   * recovers the table); or (`disconnected`) it stayed disconnected past its seat hold and lost its seat with the bank.
   */
  readonly 'notice/left-bank': { readonly reason: 'approval-timeout' | 'balance' | 'comp-points' | 'table-moved' | 'server-stopped' | 'disconnected' };
  /**
   * Round `roundId` could not be dealt (the ledger refused the deal, `reason` its error code): nothing
   * was taken, and the bets are back on the table, not ready.
   */
  readonly 'notice/round-void': { readonly roundId: string; readonly reason: ErrorCode };
  /**
   * Round `roundId`, which its server could not finish (it stopped, lost its lease or its table, or could not
   * record the result in time), was settled (or refunded) by recovery (rules.md §5:
   * unset hands by the house way, `setBy: 'recovery'`); `netCents` is the player's change of balance in it, and
   * `setBy` how its hand was set (`null` for the banker and in a refunded round).
   */
  readonly 'notice/round-recovered': { readonly roundId: string; readonly outcome: RecoveredOutcome; readonly netCents: number; readonly setBy: SetBy | null };
  /**
   * Round `roundId` was settled at the table (rules.md §5: a player who was away sees the results of the
   * rounds it missed): the player's `outcome` (`'bank'` as the banker), its `netCents` change of balance,
   * and how its hand was set (`setBy`; `null` for the banker).
   */
  readonly 'notice/round-settled': { readonly roundId: string; readonly outcome: WagerOutcome | 'bank'; readonly netCents: number; readonly setBy: SetBy | null };
}

/** A table notice of one code: what happened and its facts, never text. */
export interface TableNoticeOf<C extends NoticeCode> {
  readonly code: C;
  readonly params: NoticeParams[C];
}

/** A table notice: `{ code, params }`, discriminated by `code`. */
export type TableNotice = { [C in NoticeCode]: TableNoticeOf<C> }[NoticeCode];

/**
 * A table notice of `code` with its facts (`NoticeParams[code]`; money in integer cents).
 * @param code what happened (`NOTICE_CODES`)
 * @param params its facts
 */
export function tableNotice<C extends NoticeCode>(code: C, params: NoticeParams[C]): TableNoticeOf<C> & TableNotice {
  return { code, params } as TableNoticeOf<C> & TableNotice;
}
