/**
 * Reveal and settlement of a dealt round (rules.md §3, §3.1, §4, §5): every player's setting
 * against the banker's house-way setting, the money as ledger postings, and the comp points.
 * Pure; used by the reducer at the reveal and by the server to recover rounds after a restart.
 */

import { DEFAULT_ENVY_BONUS, envyBonus, fortuneLine, settleFortune, type EnvySeat } from '../fortune/index.js';
import { DEFAULT_HOUSE_WAY, houseWays, type HouseWayId } from '../house-way/index.js';
import { cardTexts, settingText } from '../notation/index.js';
import { settingValues, type Setting } from '../setting/index.js';
import { bankerFee, scoreHands, settleWager, type CommissionModel } from '../settle/index.js';
import type { SetBy } from './terms.js';
import { ROUND_RESULT_VERSION } from './round-result.js';
import type { AccountRef, Hold, Posting, RoundHand, RoundResult, RoundState, SeatEnvy, SeatResult } from './state.js';

/** Comp points for a stake (rules.md §5): 1 per whole unit (100 cents). */
export function compPointsFor(amountCents: number): number {
  return Math.floor(amountCents / 100);
}

/** The cover a banking player puts in escrow at the deal: every main stake (paid 1:1 at most) plus its fee on their total (rules.md §3.1). */
export function bankCoverCents(totalMainCents: number, bankerFeeBps: number): number {
  return totalMainCents + bankerFee(totalMainCents, bankerFeeBps);
}

/**
 * The stakes a round takes into escrow at the deal (ledger `openRound` holds): each player's main
 * and Fortune bets, and the banking player's cover (`bankCoverCents`).
 */
export function roundHolds(round: RoundState): Hold[] {
  const holds: Hold[] = [];
  let totalMain = 0;
  for (const hand of round.hands) {
    holds.push({ playerId: hand.playerId, kind: 'main', amountCents: hand.bets.main });
    if (hand.bets.fortune > 0) holds.push({ playerId: hand.playerId, kind: 'fortune', amountCents: hand.bets.fortune });
    totalMain += hand.bets.main;
  }
  if (round.banker !== null) {
    holds.push({ playerId: round.banker.playerId, kind: 'bank', amountCents: bankCoverCents(totalMain, round.rules.bankerFeeBps) });
  }
  return holds;
}

/** What settling a round produces: ledger postings, comp point deltas and the result. */
export interface RoundSettlement {
  /** In posting order (the banker's cover is returned first, so that its payments never fail). */
  readonly postings: Posting[];
  readonly compPoints: { readonly playerId: string; readonly delta: number }[];
  readonly result: RoundResult;
}

/** Each player's wallet credit in `postings` (received less paid, escrow releases included), cents: what a settlement adds to its wallet. */
export function walletCredits(postings: readonly Posting[]): Map<string, number> {
  const credits = new Map<string, number>();
  for (const posting of postings) {
    if (typeof posting.to !== 'string') credits.set(posting.to.player, (credits.get(posting.to.player) ?? 0) + posting.amountCents);
    if (typeof posting.from !== 'string') credits.set(posting.from.player, (credits.get(posting.from.player) ?? 0) - posting.amountCents);
  }
  return credits;
}

/**
 * Sets a hand by the house way (rules.md §5): the House Way button, a timeout, a disconnection or recovery (`SetBy`).
 * Mutates `hand`.
 * @param wayId the round's house way (`round.rules.houseWay`; absent in older records = the seeds')
 */
export function setByHouseWay(hand: RoundHand, setBy: SetBy, wayId: HouseWayId = DEFAULT_HOUSE_WAY): void {
  const way = houseWays[wayId].set(hand.cards);
  hand.setting = { high: way.high, low: way.low };
  hand.houseWay = way;
  hand.setBy = setBy;
}

/**
 * Reveals and settles `round` (rules.md §3, §3.1, §4, §5). Hands still unset are first set by the
 * house way of the round (`round.rules.houseWay`) with `unsetBy` (rules.md §5 "Interruptions": `'disconnect'` at
 * the table; `'recovery'` when recovery settles a round its server could not finish); `round` is not modified.
 *
 * Money: the banker's hand is set by the round's house way; each main wager is settled by `settleWager`
 * (house banks: 5% commission on a win, half up; a player banks: no commission). The Fortune bet
 * is settled against the house by `settleFortune`, whatever the setting and whoever banks. When the
 * round's rules have the envy bonus on (rules.md §4), each player whose Fortune bet reaches the
 * threshold earns the fixed amount of every OTHER player's hand of four of a kind or better
 * (`envyBonus`; never its own hand, never the banker's), paid by the house. A banking player pays
 * `bankerFee` on the total main stakes against it, whatever the result.
 * Postings (ledger kinds): the banker's cover `escrow → banker 'stake-return'`; per wager a losing
 * stake `escrow → banker|house 'stake-lost'`, else `escrow → player 'stake-return'` and on a win
 * `banker|house → player 'payout'`, then `player → commission 'commission'`; the Fortune stake
 * `escrow → house 'stake-lost'` or `escrow → player 'stake-return'` plus `house → player 'payout'`;
 * an envy bonus `house → player 'payout'`; finally `banker → commission 'banker-fee'`. They release
 * exactly the round's holds (`roundHolds`) and sum to zero over all accounts.
 * Comp points: +1 per whole unit each player wagered (main + Fortune), −1 per whole unit of main
 * stakes against a banking player.
 * @throws Error when a stored setting is not one of the hand's settings (an invariant)
 */
export function settleRoundState(round: RoundState, nowMs: number, unsetBy: SetBy = 'disconnect'): RoundSettlement {
  const hands = round.hands.map((hand) => ({ ...hand }));
  for (const hand of hands) if (hand.setting === null) setByHouseWay(hand, unsetBy, round.rules.houseWay);

  const bankerWay = houseWays[round.rules.houseWay ?? DEFAULT_HOUSE_WAY].set(round.bankerCards);
  const bankerValues = settingValues(bankerWay);
  const bankerRef: AccountRef = round.banker === null ? 'house' : { player: round.banker.playerId };
  const model: CommissionModel =
    round.banker === null
      ? { kind: 'house', commissionBps: round.rules.commissionBps }
      : { kind: 'player', bankerFeeBps: round.rules.bankerFeeBps };

  const postings: Posting[] = [];
  const post = (from: AccountRef, to: AccountRef, amountCents: number, kind: Posting['kind']): void => {
    if (amountCents > 0) postings.push({ from, to, amountCents, kind });
  };

  // The envy bonus (rules.md §4): the players' hands, then the banker's (which earns nobody anything).
  const envySeats: EnvySeat[] = hands.map((hand) => ({ fortuneBetCents: hand.bets.fortune, cards: hand.cards, isBanker: false }));
  envySeats.push({ fortuneBetCents: 0, cards: round.bankerCards, isBanker: true });
  const envyRules = round.rules.envyBonus ?? DEFAULT_ENVY_BONUS;
  const envy = envyBonus(envySeats, envyRules);

  const totalMain = hands.reduce((sum, hand) => sum + hand.bets.main, 0);
  if (round.banker !== null) post('escrow', bankerRef, bankCoverCents(totalMain, round.rules.bankerFeeBps), 'stake-return');

  let bankerNet = 0;
  const players: SeatResult[] = [];
  hands.forEach((hand, index) => {
    const setting = hand.setting as Setting;
    const all = [...setting.high, ...setting.low];
    if (all.length !== 7 || !all.every((c) => hand.cards.includes(c))) {
      throw new Error(`round ${round.roundId}: the setting of ${hand.playerId} is not made of its cards`);
    }
    const player: AccountRef = { player: hand.playerId };
    const score = scoreHands(settingValues(setting), bankerValues);
    const wager = settleWager(hand.bets.main, score.outcome, model);
    if (wager.outcome === 'lose') post('escrow', bankerRef, hand.bets.main, 'stake-lost');
    else post('escrow', player, hand.bets.main, 'stake-return');
    if (wager.outcome === 'win') {
      post(bankerRef, player, hand.bets.main, 'payout');
      post(player, 'commission', wager.houseCents, 'commission');
    }
    bankerNet += wager.bankerCents;

    let fortune: SeatResult['fortune'] = null;
    if (hand.bets.fortune > 0) {
      const line = fortuneLine(hand.cards, round.rules.fortunePayTable).line;
      const net = settleFortune(hand.bets.fortune, hand.cards, round.rules.fortunePayTable);
      if (net < 0) post('escrow', 'house', hand.bets.fortune, 'stake-lost');
      else {
        post('escrow', player, hand.bets.fortune, 'stake-return');
        post('house', player, net, 'payout');
      }
      fortune = { line, netCents: net };
    }
    let seatEnvy: SeatEnvy | null = null;
    const earned = envy[index];
    if (earned.amountCents > 0) {
      post('house', player, earned.amountCents, 'payout');
      seatEnvy = {
        amountCents: earned.amountCents,
        hands: earned.sources.map((source) => ({
          seat: hands[source.seat].seat,
          nickname: hands[source.seat].nickname,
          line: source.line,
          amountCents: envyRules.amountsCents[source.line],
        })),
      };
    }
    players.push({
      playerId: hand.playerId,
      seat: hand.seat,
      nickname: hand.nickname,
      cards: cardTexts(hand.cards),
      setting: settingText(setting),
      setBy: hand.setBy ?? unsetBy,
      houseWayRule: hand.houseWay?.rule ?? null,
      houseWayExplanation: hand.houseWay?.explanation ?? null,
      bets: { ...hand.bets },
      high: score.high,
      low: score.low,
      outcome: score.outcome,
      commissionCents: wager.houseCents,
      fortune,
      envy: seatEnvy,
      netCents: wager.playerCents + (fortune?.netCents ?? 0) + (seatEnvy?.amountCents ?? 0),
      compPointsDelta: compPointsFor(hand.bets.main + hand.bets.fortune),
    });
  });

  let feeCents = 0;
  let bankerCompPoints = 0;
  if (round.banker !== null) {
    feeCents = bankerFee(totalMain, round.rules.bankerFeeBps);
    post(bankerRef, 'commission', feeCents, 'banker-fee');
    bankerNet -= feeCents;
    bankerCompPoints = -compPointsFor(totalMain);
  }

  const compPoints = players.map((p) => ({ playerId: p.playerId, delta: p.compPointsDelta }));
  if (round.banker !== null) compPoints.push({ playerId: round.banker.playerId, delta: bankerCompPoints });

  return {
    postings,
    compPoints,
    result: {
      version: ROUND_RESULT_VERSION,
      roundId: round.roundId,
      tableId: round.tableId,
      banker:
        round.banker === null
          ? { kind: 'house' }
          : { kind: 'player', playerId: round.banker.playerId, seat: round.banker.seat, nickname: round.banker.nickname },
      bankerHand: {
        cards: cardTexts(round.bankerCards),
        setting: settingText(bankerWay),
        rule: bankerWay.rule,
        explanation: bankerWay.explanation,
      },
      players,
      bankerNetCents: bankerNet,
      bankerFeeCents: feeCents,
      bankerCompPointsDelta: bankerCompPoints,
      settledAtMs: nowMs,
    },
  };
}
