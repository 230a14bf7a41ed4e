/**
 * The result banner's lines (rules.md §3.1, §4): first what the round did to the viewer's money in words, its net
 * over every bet ("You lost $2.15"), then the parts that make it up when there is more than one: the main bet with
 * the commission taken from it, the Fortune bet, the envy bonus; for a banking player the bank's result and its fee.
 * A player read "Main bet: you win $2.85 · … · Net −$2.15" over a red banner and took the round for a win. Pure; cents.
 */
import type { WagerOutcome } from '@paigow/engine';
import type { EnvyView } from '@paigow/protocol';
import { outcomeOfNet, type ResultModel } from './model.js';

/** One line of the result banner. */
export type ResultLine =
  /**
   * The round's net over every bet, cents: the banner's headline. `push` when a player's main bet pushed and nothing
   * else was played (its bet back); a net of nothing otherwise (a win and a loss that cancel out) is broken even.
   */
  | { readonly kind: 'net'; readonly cents: number; readonly push: boolean; readonly asBanker: boolean }
  /**
   * The main bet: its outcome and the money it made or lost, cents (a player's: after the commission, `commissionCents`;
   * a banking player's: the bank's result on every main bet, before its fee).
   */
  | { readonly kind: 'main'; readonly outcome: WagerOutcome; readonly cents: number; readonly commissionCents: number; readonly asBanker: boolean }
  /** The commission a player paid on a main bet it won, when that bet is its only part; or the banking player's fee. Cents, positive. */
  | { readonly kind: 'commission'; readonly cents: number; readonly asBanker: boolean }
  /** The Fortune bet: the paying line (or `null`: lost) and its net, cents. */
  | { readonly kind: 'fortune'; readonly line: string | null; readonly cents: number }
  | { readonly kind: 'envy'; readonly envy: EnvyView };

/**
 * The lines of a result, in reading order: the net, then its parts. The main bet is a part of its own only beside a
 * Fortune bet or an envy bonus (alone, it is the net), its commission said with it; alone, a main bet won says its
 * commission on a line of its own. A banking player's bank result and fee follow its net when it paid a fee.
 */
export function resultLines(result: ResultModel): ResultLine[] {
  if (result.asBanker) {
    // rules.md §3.1: the bank's result on the main bets before its fee, the fee.
    const bankCents = result.netCents + result.commissionCents;
    const net: ResultLine = { kind: 'net', cents: result.netCents, push: false, asBanker: true };
    if (result.commissionCents === 0) return [net];
    return [
      net,
      { kind: 'main', outcome: outcomeOfNet(bankCents), cents: bankCents, commissionCents: 0, asBanker: true },
      { kind: 'commission', cents: result.commissionCents, asBanker: true },
    ];
  }
  const fortuneCents = result.fortune?.netCents ?? 0;
  const envyCents = result.envy?.amountCents ?? 0;
  const mainCents = result.netCents - fortuneCents - envyCents;
  const others = result.fortune !== null || result.envy !== null;
  const lines: ResultLine[] = [{ kind: 'net', cents: result.netCents, push: !others && result.outcome === 'push', asBanker: false }];
  if (others) lines.push({ kind: 'main', outcome: result.outcome, cents: mainCents, commissionCents: result.commissionCents, asBanker: false });
  else if (result.commissionCents > 0) lines.push({ kind: 'commission', cents: result.commissionCents, asBanker: false });
  if (result.fortune) lines.push({ kind: 'fortune', line: result.fortune.line, cents: fortuneCents });
  if (result.envy) lines.push({ kind: 'envy', envy: result.envy });
  return lines;
}

/**
 * How a round's net is said, in one word: money won or lost, the main bet pushed with nothing else played (its bet
 * back), or a net of nothing otherwise (a win and a loss that cancel out: broken even). The result banner's headline
 * (`result.*`) and the history row's heading (`history.outcome.*`) both say this one: a round whose $10 main bet lost
 * beside a Fortune bet that paid $10 read "You broke even" on the banner and "Push" in the history (a tester's).
 */
export type NetWord = 'win' | 'lose' | 'push' | 'even';

/** The word of a net line (`resultLines`' first): its `cents`, and whether it is a main bet pushed alone (`push`). */
export function netLineWord(line: Pick<Extract<ResultLine, { kind: 'net' }>, 'push' | 'cents'>): NetWord {
  if (line.push) return 'push';
  const outcome = outcomeOfNet(line.cents);
  return outcome === 'push' ? 'even' : outcome;
}
