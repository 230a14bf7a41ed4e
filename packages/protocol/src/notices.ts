/**
 * The `notice` message (server → client): something the table did to a player without a request of
 * its own — a timer ran out, a disconnection was handled, a round was void or recovered (rules.md §5
 * "Timers", "Interruptions"). Sent to the affected player only. A refused request is never a notice: it
 * is answered with `error` (`ErrorMessage`, with the request's `requestId`).
 *
 * Shape: `{ code, params, message }`: `code` and `params` are the table's notice (engine `TableNotice`:
 * `code` one of `NOTICE_CODES`, always starting with `'notice/'`; `params` the facts for a translated text,
 * money in integer cents), `message` the same in English, added here. Pure: no I/O.
 */

import type { NoticeCode, NoticeParams, TableNotice, TableNoticeOf } from '@paigow/engine';

/** A notice of one code, as sent: the table's notice and its English. */
export type NoticeOf<C extends NoticeCode> = TableNoticeOf<C> & {
  /** The notice in English, for clients without a translation. */
  readonly message: string;
};

/** The `notice` message: `{ code, params, message }`, discriminated by `code`. */
export type Notice = { [C in NoticeCode]: NoticeOf<C> }[NoticeCode];

/**
 * A notice as the `notice` message carries it: from the player's inbox (docs/server.md "The player
 * inbox"), with its number `seq` (1, 2, ... per player, in the order written; the client acknowledges it
 * with `ack-notice`, and a notice not acknowledged is sent again at the next join) and the table it
 * happened at (`null` when no table is known, e.g. a round recovered by another process). `seq` is
 * `null` for a notice the database could not store: sent once, to the clients connected now.
 */
export type InboxNotice = Notice & { readonly seq: number | null; readonly tableId: string | null };

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
    case 'notice/left-table': {
      const p = params as NoticeParams['notice/left-table'];
      return p.reason === 'idle'
        ? `You left the table: you had not played a round for a while, and the seat is free for others. You can sit at this table again in ${Math.ceil(p.waitSeconds / 60)} min.`
        : 'You left the table because your time to set the hand ran out.';
    }
    case 'notice/left-bank': {
      const p = params as NoticeParams['notice/left-bank'];
      if (p.reason === 'server-stopped') return 'The server that ran the table stopped, and the bank ended with it: the house banks now. You may take the bank again.';
      if (p.reason === 'table-moved') return 'The table moved to another server, and the bank does not move with it: the house banks now. You may take the bank again.';
      if (p.reason === 'disconnected') return 'You left the bank: you were away longer than your seat is held, and lost the seat with the bank. The house banks now.';
      if (p.reason === 'comp-points') return 'You left the bank: your comp points are below what banking needs. The house banks now.';
      return p.reason === 'approval-timeout'
        ? 'You left the bank: the round was not approved in time. The house banks now.'
        : 'You left the bank: your balance is below what banking needs. The house banks now.';
    }
    case 'notice/round-void':
      return 'The round could not be dealt. Nothing was taken; your bets are back on the table.';
    case 'notice/round-recovered': {
      const p = params as NoticeParams['notice/round-recovered'];
      if (p.outcome === 'refunded') return 'A round the server could not finish (it stopped, or could not record the result) was called off; your stakes were returned.';
      const net = p.netCents > 0 ? `you won ${units(p.netCents)}` : p.netCents < 0 ? `you lost ${units(-p.netCents)}` : 'your balance did not change';
      return `A round the server could not finish normally was settled (unset hands by the house way): ${net}.`;
    }
    case 'notice/round-settled': {
      const p = params as NoticeParams['notice/round-settled'];
      const net = p.netCents > 0 ? `you won ${units(p.netCents)}` : p.netCents < 0 ? `you lost ${units(-p.netCents)}` : 'your balance did not change';
      return `A round was settled: ${net}.`;
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

/**
 * The `notice` message of a table notice: its code and facts with their English.
 * @param notice what the table did (`TableNotice`, from the reducer's `notice` effect)
 */
export function noticeMessage(notice: TableNotice): Notice {
  return makeNotice(notice.code, notice.params as never);
}
