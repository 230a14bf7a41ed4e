/**
 * The bet spots on the felt (rules.md §5): the main bet and the Fortune bet with their chip towers (a
 * click on the main stack takes a chip off, on the Fortune spot adds the chip it offers, its × takes one
 * off), a bet still being built drawn as such with the minimum or the unit it needs, and the chips
 * settling after the reveal. A banking viewer sees the main bets against it instead.
 */
import { useTranslation } from 'react-i18next';
import type { TableView, YouView } from '@paigow/protocol';
import { BetSpot } from '../table-ui/parts.js';
import { SettleChips } from '../table-ui/SettleChips.js';
import { betUnitOf, chipsCents, type ResultModel, type Stage } from '../table-ui/model.js';
import type { BetChips } from './useBetChips.js';

type Money = (cents: number, signed?: boolean) => string;

/** The spots of the viewer at `view`; `canBet` when bets may change now; `result` the viewer's last result. */
export function BetSpots({ view, you, stage, result, bets, canBet, money }: {
  view: TableView;
  you: YouView;
  stage: Stage;
  result: ResultModel | null;
  bets: BetChips;
  canBet: boolean;
  money: Money;
}) {
  const { t } = useTranslation();
  if (you.role === 'spectator') return null;
  if (you.role === 'banker') {
    return (
      <div className="bets-against" data-testid="bets-against">
        <span className="stat__label">{t('table.betsAgainst')}</span>
        <span className="bets-against__amount">{money(betsAgainst(view))}</span>
      </div>
    );
  }
  const unit = betUnitOf(view.config);
  const mainLimits = view.config.limits.main;
  const fortuneLimits = view.config.limits.fortune;
  const { main: shownMain, fortune: shownFortune } = bets.shown;
  const { main: mainDraft, fortune: fortuneDraft } = bets.drafts;
  const mainTotal = chipsCents(shownMain);
  const fortuneTotal = chipsCents(shownFortune);
  const adds = bets.fortuneAdds;
  // What a click does, as the click itself would say it: no chip is offered before a main bet (fortuneAdds is
  // `null` then too, which is not the maximum: a tester read "at its maximum of $25" over an empty felt).
  const fortuneTitle =
    shownMain.length === 0
      ? t('bets.fortuneNeedsMain')
      : adds === null
        ? t('bets.fortuneAtMax', { max: money(fortuneLimits?.maxCents ?? 0) })
        : t('table.addFortune', { chip: money(adds * 100) });
  const mainNote =
    view.phase === 'betting' && mainLimits.minCents > unit && mainTotal < mainLimits.minCents
      ? t('table.minBet', { amount: money(mainLimits.minCents) })
      : mainDraft !== null && mainTotal % unit !== 0
        ? t('table.unitBet', { amount: money(unit) })
        : null;
  return (
    <>
      {result && stage.kind === 'revealed' && !stage.asBanker && (
        <SettleChips key={result.roundId} outcome={result.outcome} cents={result.outcome === 'push' ? (you.lastBets?.main ?? 0) : result.netCents} />
      )}
      <BetSpot
        kind="main"
        testid="bet-stack"
        label={t('table.bet')}
        cents={you.bets.main}
        draftCents={mainDraft ? mainTotal : null}
        amount={mainTotal > 0 ? money(mainTotal) : null}
        empty={t('table.noBet')}
        chips={shownMain}
        title={t('table.removeChip')}
        onClick={bets.onBetStack}
        disabled={!canBet}
        note={mainNote}
        warn={mainDraft !== null}
      />
      {fortuneLimits && (
        <BetSpot
          kind="fortune"
          testid="fortune-stack"
          label={t('table.fortune')}
          cents={you.bets.fortune}
          draftCents={fortuneDraft ? chipsCents(fortuneDraft) : null}
          amount={fortuneTotal > 0 ? money(fortuneTotal) : null}
        empty={t('table.noBet')}
          chips={shownFortune}
          title={fortuneTitle}
          onClick={bets.onFortune}
          disabled={!canBet}
          warn={fortuneDraft !== null}
          note={fortuneDraft !== null ? t('table.minBet', { amount: money(fortuneLimits.minCents) }) : null}
          onClear={canBet && shownFortune.length > 0 ? bets.onFortuneRemove : null}
          clearTitle={t('table.fortuneRemove')}
          clearTestid="fortune-clear"
        />
      )}
    </>
  );
}

/** The main bets of the seated players: what a banking player has against it this round. */
function betsAgainst(view: TableView): number {
  return view.seats.reduce((total, seat) => total + (seat.role === 'player' ? seat.bets.main : 0), 0);
}
