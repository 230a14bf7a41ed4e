/**
 * The result banner's lines (rules.md §3.1, §4): the main bet, the commission (or the banker's fee), the
 * Fortune bet and the envy bonus each on a line of its own, then the round's net when there is more than
 * the main bet — so that "You win $15" beside "Fortune lost" cannot be read as the round's total. Pure; cents.
 */
import type { WagerOutcome } from '@paigow/engine';
import type { EnvyView } from '@paigow/protocol';
import type { ResultModel } from './model.js';

/** One line of the result banner. */
export type ResultLine =
  /**
   * The main bet: its outcome and the money it made or lost, cents (a player's: commission already taken;
   * a banking player's: the bank's result on every main bet, before its fee).
   */
  | { readonly kind: 'main'; readonly outcome: WagerOutcome; readonly cents: number; readonly asBanker: boolean }
  /** The commission paid on a win (house banks), or the banking player's fee; cents, positive. */
  | { readonly kind: 'commission'; readonly cents: number; readonly asBanker: boolean }
  /** The Fortune bet: the paying line (or `null`: lost) and its net, cents. */
  | { readonly kind: 'fortune'; readonly line: string | null; readonly cents: number }
  | { readonly kind: 'envy'; readonly envy: EnvyView }
  /** The round's net over every bet, cents. */
  | { readonly kind: 'net'; readonly cents: number };

/**
 * The lines of a result, in reading order: main, commission (or the banker's fee), Fortune, envy, net
 * (the net only when a Fortune bet, an envy bonus or the banker's fee makes it differ from the main line).
 */
export function resultLines(result: ResultModel): ResultLine[] {
  if (result.asBanker) {
    // The bank's result on the main bets before its fee, the fee, then the net (rules.md §3.1).
    const bankCents = result.netCents + result.commissionCents;
    const lines: ResultLine[] = [{ kind: 'main', outcome: bankCents > 0 ? 'win' : bankCents < 0 ? 'lose' : 'push', cents: bankCents, asBanker: true }];
    if (result.commissionCents > 0) lines.push({ kind: 'commission', cents: result.commissionCents, asBanker: true }, { kind: 'net', cents: result.netCents });
    return lines;
  }
  const fortuneCents = result.fortune?.netCents ?? 0;
  const envyCents = result.envy?.amountCents ?? 0;
  const mainCents = result.netCents - fortuneCents - envyCents;
  // A player's main bet: its outcome and its money, the commission already taken.
  const lines: ResultLine[] = [{ kind: 'main', outcome: result.outcome, cents: mainCents, asBanker: false }];
  if (result.commissionCents > 0) lines.push({ kind: 'commission', cents: result.commissionCents, asBanker: false });
  if (result.fortune) lines.push({ kind: 'fortune', line: result.fortune.line, cents: fortuneCents });
  if (result.envy) lines.push({ kind: 'envy', envy: result.envy });
  if (result.fortune || result.envy) lines.push({ kind: 'net', cents: result.netCents });
  return lines;
}
