/**
 * The bank as a player sees it (rules.md §5 "Play as the banker", §3.1): why "Be the banker" is disabled,
 * with the table's own numbers, and how much a banking player can still take. Pure, from the `TableView`.
 */
import { bankCoverCents } from '@paigow/engine';
import type { TableView } from '@paigow/protocol';
import { betUnitOf } from './model.js';

/**
 * The cents of a banking viewer's wallet held for the round dealt, or `null` when it banks no round now: from the deal
 * to the reveal its cover (every main bet it faces plus its fee, `bankCoverCents`, as the server's escrow) is out of its
 * balance, which dropped by it with nothing saying the money was only held (a player-banker tester's). The cover is
 * rules.md §5 (the banker pays the winners) and §3.1 (its fee on the total of the main bets).
 */
export function bankHeldCents(view: TableView): number | null {
  if (view.you?.role !== 'banker' || (view.phase !== 'dealing' && view.phase !== 'setting')) return null;
  const faced = view.seats.reduce((sum, s) => (s.inRound && s.role === 'player' ? sum + s.bets.main : sum), 0);
  return bankCoverCents(faced, view.config.bankerFeeBps);
}

/**
 * One reason the viewer cannot take the bank now:
 * - `occupied`: `nickname` banks;
 * - `bets-down`: bets are on the table (the bank changes hands only without bets);
 * - `between-rounds`: a round is being played;
 * - `house-banks-next`: the last bank ended before a round was dealt under it (however it ended), or its approval timed out: the house
 *   banks the next round (`BankerView.houseBanksNext`, `bank/house-banks-next`);
 * - `comp-points`: `needed` comp points (the table's `bankMinCompPoints`), the viewer has `have`;
 * - `balance`: a balance of `neededCents` (the table maximum plus the banker fee), the viewer has `haveCents`;
 * - `not-seated`: the viewer has no seat;
 * - `unknown`: the server refuses for a reason the view does not show.
 */
export type BankBlock =
  | { readonly kind: 'occupied'; readonly nickname: string }
  | { readonly kind: 'bets-down' }
  | { readonly kind: 'between-rounds' }
  | { readonly kind: 'house-banks-next' }
  | { readonly kind: 'comp-points'; readonly needed: number; readonly have: number }
  | { readonly kind: 'balance'; readonly neededCents: number; readonly haveCents: number }
  | { readonly kind: 'not-seated' }
  | { readonly kind: 'unknown' };

/**
 * Why the viewer cannot take the bank (every missing requirement, in the order the server checks them: the
 * viewer has no seat, or another player banks; else the reason of the moment, if any, then the comp points and
 * the balance the viewer lacks), or `[]` when it can (`you.canTakeBank`, the server's word), when the viewer banks, or at a table where
 * only the house banks.
 */
export function bankBlocks(view: TableView): BankBlock[] {
  const you = view.you;
  if (!you || !view.config.playerBanking || you.canTakeBank || you.role === 'banker') return [];
  if (you.seat === null) return [{ kind: 'not-seated' }];
  if (view.banker.kind === 'player') return [{ kind: 'occupied', nickname: view.banker.nickname }];
  const out: BankBlock[] = [];
  // A reason of the moment, then what the player lacks itself, said with it (a new player read only "Bets are
  // down" and learnt of the 50 comp points after the round).
  if (view.phase !== 'betting' || view.roundId !== null) out.push({ kind: 'between-rounds' });
  else if (view.seats.some((s) => s.bets.main + s.bets.fortune > 0)) out.push({ kind: 'bets-down' });
  else if (view.banker.houseBanksNext === true) out.push({ kind: 'house-banks-next' });
  const { bankMinCompPoints, bankMinBalanceCents } = view.config;
  if (you.compPoints < bankMinCompPoints) out.push({ kind: 'comp-points', needed: bankMinCompPoints, have: you.compPoints });
  if (you.balanceCents < bankMinBalanceCents) out.push({ kind: 'balance', neededCents: bankMinBalanceCents, haveCents: you.balanceCents });
  return out.length > 0 ? out : [{ kind: 'unknown' }];
}

/** `roomCents` (`BankerView.roomCents`, exact to the cent) rounded down to the table's bet unit: what bets can use of it, cents. */
function roomInUnits(roomCents: number, view: TableView): number {
  const unit = betUnitOf(view.config);
  return Math.floor(roomCents / unit) * unit;
}

/**
 * What a player banks against: the room left in the bank in whole bet units (cents: `BankerView.roomCents` rounded down
 * to `betUnitCents`, what a bet can use of it: a banker was shown "$49.09 more" that no bet could take); the largest main bet the
 * viewer can have against it (`largestCents`): its main bet on the table plus the whole bet units (`betUnitCents`,
 * docs/server.md "Bets and chips") the room takes, with no bet on the table yet none under the table minimum; and
 * whether the bank is full for the viewer (no whole unit more fits: `largestCents` is its bet on the table). A bank
 * with $0.45 left took no more of a $1 bet, which read "Your bet can be $1.45 at most" beside "The bank is full".
 * `null` when the house banks or the viewer is the banker.
 */
export function bankRoom(view: TableView): { readonly roomCents: number; readonly largestCents: number; readonly full: boolean } | null {
  if (view.banker.kind !== 'player' || view.you?.role === 'banker') return null;
  const roomCents = view.banker.roomCents;
  if (typeof roomCents !== 'number') return null;
  const mainCents = view.you?.bets.main ?? 0;
  const moreCents = roomInUnits(roomCents, view);
  const full = mainCents > 0 ? moreCents === 0 : moreCents < view.config.limits.main.minCents;
  return { roomCents: moreCents, largestCents: full ? mainCents : mainCents + moreCents, full };
}

/**
 * Whether the banking viewer's Stop banking would be refused now (`bank/bets-down`; docs/server.md "Changing
 * the bank"): bets are on the table and no round holds them yet. While a round is played Stop banking is
 * taken, and the bank goes after that round.
 */
export function leaveBankRefused(view: TableView): boolean {
  return view.you?.role === 'banker' && view.roundId === null && view.seats.some((s) => s.bets.main + s.bets.fortune > 0);
}

/**
 * The banking player who pressed Stop banking while a round holds its bank (`BankerView.leaving`): its bank
 * ends after this round. `null` when the house banks or the banker stays.
 */
export function bankLeaving(view: TableView): { readonly nickname: string } | null {
  return view.banker.kind === 'player' && view.banker.leaving ? { nickname: view.banker.nickname } : null;
}

/**
 * The banking viewer's own bank once its cover is committed (at its approval, or Auto-approve's; docs/server.md
 * "The banker's cover"): `coverCents`, the main bets that cover pays (those on the table plus the room left),
 * `roomCents`, the room left in whole bet units (`BankerView.roomCents` rounded down to `betUnitCents`: a banker's
 * cover of 151.33 read "pays up to $149.09, the bank can take $49.09 more" where no bet could be 49.09), and `full`
 * (no room for the table minimum). `null` for a player, when the house banks, or before the approval (no cover held yet).
 */
export function bankerCover(view: TableView): { readonly coverCents: number; readonly roomCents: number; readonly full: boolean } | null {
  const banker = view.banker;
  if (banker.kind !== 'player' || view.you?.role !== 'banker' || typeof banker.roomCents !== 'number') return null;
  if (!banker.approved && view.roundId === null) return null;
  const onTable = view.seats.reduce((sum, seat) => sum + (seat.role === 'banker' ? 0 : seat.bets.main), 0);
  const roomCents = roomInUnits(banker.roomCents, view);
  return { coverCents: roomCents + onTable, roomCents, full: roomCents < view.config.limits.main.minCents };
}

/**
 * How a player bank ended, as the other players are told (`local/bank-changed`), from the view's
 * `BankerView.ended`: `approval-timeout`, its banker let the approval time run out; `house-banks-next`, its
 * banker left before a round was dealt under it; `balance`, its balance no longer covered a bank; `comp-points`,
 * its comp points fell below what banking needs (rules.md §5); `away`, its
 * banker stayed away past its seat hold; `stopped`, it stopped banking (the house banks now). Seen from `before`
 * to `after`; `null` when no player bank ended.
 */
export type BankChange = { readonly kind: 'approval-timeout' | 'house-banks-next' | 'balance' | 'comp-points' | 'away' | 'stopped'; readonly nickname: string };

/** The player bank that ended from `before` to `after` and how (`BankChange`), or `null`. */
export function bankChange(before: TableView, after: TableView): BankChange | null {
  const was = before.banker;
  const now = after.banker;
  if (was.kind !== 'player' || now.kind !== 'house') return null;
  const nickname = was.nickname;
  switch (now.ended) {
    case 'approval-timeout':
      return { kind: 'approval-timeout', nickname };
    case 'balance':
      return { kind: 'balance', nickname };
    case 'comp-points':
      return { kind: 'comp-points', nickname };
    case 'disconnected':
      return { kind: 'away', nickname };
    default:
      return { kind: now.houseBanksNext === true ? 'house-banks-next' : 'stopped', nickname };
  }
}

/**
 * Whom a banking viewer plays against, by nickname: the seated players who are at the table (connected), have
 * bets down, or play the current round. A player away with nothing on the felt plays no one (the banker's
 * "Opponent" listed it).
 */
export function bankerOpponents(view: TableView): string[] {
  return view.seats.flatMap((s) =>
    s.nickname !== null && !s.you && s.role === 'player' && (s.connected || s.inRound || s.bets.main + s.bets.fortune > 0) ? [s.nickname] : [],
  );
}
