/**
 * The tools beside the chips (rules.md §5): Clear, Undo, Double (Rebet ×2 on an empty felt), the spot the
 * chips go on (the main bet or the Fortune bet, so a chip is picked for the Fortune bet without touching
 * the main bet), and the bets on the felt. A disabled Double says why in its title and, in words under the
 * tools (TableControls' `double-reason`, which a tap can read where a tooltip never shows), by `reasonId`.
 */
import { useTranslation } from 'react-i18next';
import type { TableView, YouView } from '@paigow/protocol';
import { pilesCents, type BetsBlock, type RebetBlock } from '../table-ui/chip-plans.js';
import { bankRoom } from '../table-ui/bank-status.js';
import type { BetChips } from './useBetChips.js';
import { Toolbar } from '../table-ui/Toolbar.js';

type Money = (cents: number, signed?: boolean) => string;
type T = ReturnType<typeof useTranslation>['t'];

/**
 * Why a bet tool cannot be pressed, in words with the table's numbers (`BetsBlock` / `RebetBlock`).
 * @param wantCents what the tool would place (main + Fortune), cents
 */
export function betsBlockText(t: T, money: Money, block: BetsBlock | RebetBlock | 'nothing', view: TableView, you: YouView, wantCents: number): string {
  const limits = view.config.limits;
  const room = bankRoom(view);
  // No whole unit more fits: the bank is full, as its own line says (BankStatus.tsx), and no "at most" beside it.
  if (block === 'bank-full' && (room === null || room.full)) return t('bank.full');
  return t(`bets.block.${block}`, {
    max: money(block === 'fortune-over-max' ? (limits.fortune?.maxCents ?? 0) : limits.main.maxCents),
    amount: money(wantCents),
    balance: money(you.balanceCents),
    room: money(room?.largestCents ?? 0),
    // `none` names the two buttons it stops (a fresh seat: no round to repeat).
    rebet: t('table.rebet'),
    double: t('bets.rebetDouble'),
  });
}

/**
 * Why Double (Rebet ×2 on an empty felt: the last round's bets twice over) cannot be pressed, in words with the
 * table's numbers, or `null` when it can.
 */
export function doubleBlockText(t: T, money: Money, view: TableView, you: YouView, bets: BetChips): string | null {
  if (bets.doubleBlock === null) return null;
  const asRebet = bets.shown.main.length === 0;
  // Rebet ×2 on a fresh seat: no last round to repeat (not "no bet to double").
  if (asRebet && bets.rebetBlock === 'none') return betsBlockText(t, money, 'none', view, you, 0);
  const lastCents = you.lastBets ? 2 * (you.lastBets.main + you.lastBets.fortune) : 0;
  return betsBlockText(t, money, bets.doubleBlock, view, you, asRebet ? lastCents : 2 * pilesCents(bets.shown));
}

/**
 * The player's own bets on the felt, main + Fortune (`bet-total`, `data-cents`), as drawn on its spots, said as its own ("Your
 * bets: $1": "Bets on the table" read as the felt's, with another player's $100 on it); `overResult` when the last
 * round's result is on screen above it, where an empty felt shows nothing: a new player read "Total $0" under "You lost
 * $500" as the round's total.
 */
export function BetTotal({ bets, money, overResult }: { bets: BetChips; money: Money; overResult: boolean }) {
  const { t } = useTranslation();
  const total = pilesCents(bets.shown);
  if (overResult && total === 0) return null;
  return (
    <span className="bet-total" data-testid="bet-total" data-cents={total}>
      {t('bets.total', { amount: money(total) })}
    </span>
  );
}

/**
 * Clear, Undo, Double and the chips' spot, one toolbar (one Tab stop, arrows between); `canBet` when bets may change
 * now; `reasonId` the id of the words saying why Double is disabled, while they are drawn.
 */
export function BetTools({ view, you, bets, canBet, money, reasonId }: { view: TableView; you: YouView; bets: BetChips; canBet: boolean; money: Money; reasonId?: string }) {
  const { t } = useTranslation();
  const empty = bets.shown.main.length === 0 && bets.shown.fortune.length === 0;
  const asRebet = bets.shown.main.length === 0;
  const doubleWhy = doubleBlockText(t, money, view, you, bets);
  return (
    <Toolbar className="bet-tools" label={t('a11y.betTools')}>
      {view.config.limits.fortune && (
        <span className="chip-target" role="group" aria-label={t('bets.chipsTo')} title={t('bets.chipsTo')}>
          {(['main', 'fortune'] as const).map((spot) => (
            <button
              key={spot}
              type="button"
              className={`chip-target__btn${bets.target === spot ? ' chip-target__btn--on' : ''}`}
              data-testid={`chips-to-${spot}`}
              aria-pressed={bets.target === spot}
              disabled={!canBet}
              onClick={() => bets.setTarget(spot)}
            >
              {t(spot === 'main' ? 'bets.toMain' : 'bets.toFortune')}
            </button>
          ))}
        </span>
      )}
      <span className="bet-tools__buttons">
        <button type="button" className="btn btn--small" data-testid="bet-clear" title={t('bets.clearTitle')} disabled={!canBet || empty} onClick={bets.clear}>
          {t('table.clear')}
        </button>
        <button type="button" className="btn btn--small" data-testid="bet-undo" title={t('bets.undoTitle')} disabled={!bets.canUndo} onClick={bets.undo}>
          {t('bets.undo')}
        </button>
        <button
          type="button"
          className="btn btn--small"
          data-testid="bet-double"
          data-as-rebet={asRebet}
          title={doubleWhy ?? t(asRebet ? 'bets.rebetDoubleTitle' : 'bets.doubleTitle')}
          aria-describedby={reasonId}
          disabled={!canBet || bets.doubleBlock !== null || bets.betPending}
          onClick={bets.double}
        >
          {t(asRebet ? 'bets.rebetDouble' : 'bets.double')}
        </button>
      </span>
    </Toolbar>
  );
}
