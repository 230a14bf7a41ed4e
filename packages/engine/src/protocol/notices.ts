/**
 * The `notice` message (server → client): something the table did to a player without a request of
 * its own — a timer ran out, a disconnection was handled, a round was void or recovered (rules.md §5
 * "Timers", "Interruptions"). Sent to the affected player only. A refused request is never a notice: it
 * is answered with `error` (`ErrorMessage`, with the request's `requestId`).
 *
 * Shape: `{ code, params, message }`: `code` is one of `NOTICE_CODES` (a closed union, always starting
 * with `'notice/'`), `params` the facts for a translated text (per code, below; money in integer cents),
 * `message` the same in English. Pure: no I/O.
 */

import type { ErrorCode } from '../errors/index.js';
import type { WagerOutcome } from '../settle/index.js';

/** Every notice code, in docs/protocol.md order. */
export const NOTICE_CODES = [
  'notice/bet-returned',
  'notice/house-way-set',
  'notice/left-table',
  'notice/left-bank',
  'notice/round-void',
  'notice/round-recovered',
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
  /** The player lost its seat after the round: its decision timer ran out (rules.md §5 "Timers"). */
  readonly 'notice/left-table': { readonly reason: 'timeout' };
  /**
   * The banking player left the bank; the house banks (rules.md §5): it did not approve a round within
   * the approval timer, or its balance fell below what banking needs after a round.
   */
  readonly 'notice/left-bank': { readonly reason: 'approval-timeout' | 'balance' };
  /**
   * Round `roundId` could not be dealt (the ledger refused the deal, `reason` its error code): nothing
   * was taken, and the bets are back on the table, not ready.
   */
  readonly 'notice/round-void': { readonly roundId: string; readonly reason: ErrorCode };
  /**
   * Round `roundId` was interrupted by a server stop and settled (or refunded) by recovery (rules.md §5:
   * unset hands by the house way); `netCents` is the player's change of balance in it.
   */
  readonly 'notice/round-recovered': { readonly roundId: string; readonly outcome: RecoveredOutcome; readonly netCents: number };
}

/** A notice of one code. */
export interface NoticeOf<C extends NoticeCode> {
  readonly code: C;
  readonly params: NoticeParams[C];
  /** The notice in English, for clients without a translation. */
  readonly message: string;
}

/** The `notice` message: `{ code, params, message }`, discriminated by `code`. */
export type Notice = { [C in NoticeCode]: NoticeOf<C> }[NoticeCode];

/** Cents as units with two decimals and thousands separators, e.g. `150000` → `1,500.00`, `-250` → `-2.50`. */
function units(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

function englishOf(code: NoticeCode, params: NoticeParams[NoticeCode]): string {
  switch (code) {
    case 'notice/bet-returned': {
      const p = params as NoticeParams['notice/bet-returned'];
      const what = `Your bets (${units(p.amountCents)}) went back to your balance`;
      switch (p.reason) {
        case 'timeout':
          return `${what}: Deal was not pressed in time.`;
        case 'round-dealt-without-you':
          return `${what}: Deal was not pressed in time, and the round was dealt without you.`;
        case 'disconnect':
          return `${what}: you disconnected before the deal.`;
        case 'balance':
          return `${what}: your balance no longer covers them after a round or a bank at another table.`;
        case 'bank-changed':
          return `${what}: the banker lost the bank, and a bet is never played on other terms than those it was placed under.`;
      }
      break;
    }
    case 'notice/house-way-set': {
      const p = params as NoticeParams['notice/house-way-set'];
      return p.reason === 'timeout'
        ? 'Your time ran out: the house way set your hand.'
        : 'You were disconnected: the house way set your hand.';
    }
    case 'notice/left-table':
      return 'You left the table because your time to set the hand ran out.';
    case 'notice/left-bank': {
      const p = params as NoticeParams['notice/left-bank'];
      return p.reason === 'approval-timeout'
        ? 'You left the bank: the round was not approved in time. The house banks now.'
        : 'You left the bank: your balance is below what banking needs. The house banks now.';
    }
    case 'notice/round-void':
      return 'The round could not be dealt. Nothing was taken; your bets are back on the table.';
    case 'notice/round-recovered': {
      const p = params as NoticeParams['notice/round-recovered'];
      if (p.outcome === 'refunded') return 'A round interrupted by a server stop was called off; your stakes were returned.';
      const net = p.netCents > 0 ? `you won ${units(p.netCents)}` : p.netCents < 0 ? `you lost ${units(-p.netCents)}` : 'your balance did not change';
      return `A round interrupted by a server stop was settled (unset hands by the house way): ${net}.`;
    }
  }
  return code;
}

/**
 * Builds a notice with its English `message` (docs/protocol.md "Server → client messages").
 * @param code what happened (`NOTICE_CODES`)
 * @param params its facts (`NoticeParams[code]`; money in integer cents)
 */
export function makeNotice<C extends NoticeCode>(code: C, params: NoticeParams[C]): NoticeOf<C> & Notice {
  return { code, params, message: englishOf(code, params) } as NoticeOf<C> & Notice;
}
