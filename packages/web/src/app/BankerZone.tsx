/**
 * The banker's area of the felt (rules.md §3, §5): seven backs while a round is dealt; after the reveal,
 * the viewer's last round tagged "Last round", with the banker of that round (it may have changed since),
 * its set hands marked from the viewer's side (the mirror of its own marks) or, for the banking player,
 * from the banker's side, and the house-way explanation. A round the viewer did not play is not drawn
 * here (the side panel names its players).
 */
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { RoundResultView, TableView } from '@paigow/protocol';
import { HandBox, Zone } from '../table-ui/parts.js';
import { bankerMark, sortForDisplay, type Stage } from '../table-ui/model.js';
import { bankerHandMarks } from '../table-ui/banker-side.js';
import { captionOf, SetHands } from './PlayerZone.js';
import { Explanation } from './HouseWayExplanation.js';

/** The banker's zone of `view` at this stage. */
export function BankerZone({ view, stage }: { view: TableView; stage: Stage }) {
  const { t } = useTranslation();
  if (stage.kind === 'revealed') {
    const round = stage.round;
    const name = round.banker.kind === 'house' ? t('table.theHouse') : round.banker.nickname;
    // The bank changed hands since (a player took it after the round): the seat names today's banker, never the
    // round's ("You: BANKER" in the top bar beside "BANKER The house" on the felt, a tester's), and the round's own
    // banker is named with the last round's tag.
    const current = bankerNameOf(view, t);
    const changed = !sameBanker(round.banker, view.banker);
    const mine = stage.mine;
    const setting = round.bankerHand.setting;
    const cards = { low: sortForDisplay(setting.low), high: sortForDisplay(setting.high) };
    // The marks over the banker's hands: from the viewer's side (its own hands' mirror), or as the banker.
    const marks = (stage.asBanker ? bankerHandMarks(round) : null) ?? (mine ? { low: bankerMark(mine.low), high: bankerMark(mine.high) } : null);
    const lastTag = (
      <>
        <span data-testid="banker-name">{changed ? current : name}</span>{' '}
        <span className="last-round-tag" data-testid="last-round-tag" data-round-id={round.roundId}>
          {/* "Last round" while it is the table's latest; "Your last round" once the table has moved on (another round in play, or played). */}
          {t(view.phase === 'betting' && view.lastRound?.roundId === round.roundId ? 'table.lastRoundTag' : 'table.yourLastRoundTag')}
        </span>
        {changed && (
          <>
            {' '}
            <span className="muted" data-testid="last-round-banker">
              {t('table.lastRoundBankerThen', { name: round.banker.kind === 'house' ? t('table.theHouseInline') : name })}
            </span>
          </>
        )}
      </>
    );
    return (
      <Zone title={t('table.banker')} name={lastTag} className="zone--banker">
        <div className="hands hands--banker">
          <SetHands
            who="dealer"
            small
            labels={{ low: t('table.bankerLow'), high: t('table.bankerHigh') }}
            cards={cards}
            captions={{ low: captionOf(cards.low, t), high: captionOf(cards.high, t) }}
            marks={marks}
          />
        </div>
        <Explanation view={view} stage={stage} who="banker" />
      </Zone>
    );
  }
  const name = bankerNameOf(view, t);
  const dealt = stage.kind === 'setting' || stage.kind === 'watching';
  return (
    <Zone title={t('table.banker')} name={<span data-testid="banker-name">{name}</span>} className="zone--banker">
      <div className="hands hands--banker">
        <HandBox kind="high" small label={t('table.bankerCards')} cards={dealt ? Array<null>(7).fill(null) : []} slots={7} cardTestid="dealer-card" testid="dealer-hand" />
      </div>
    </Zone>
  );
}

/** Today's banker of `view` as the felt names it: the house, or the banking player's nickname. */
function bankerNameOf(view: TableView, t: TFunction): string {
  return view.banker.kind === 'house' ? t('table.theHouse') : view.banker.nickname;
}

/** Whether a round's banker is the table's banker now (the house both times, or the same player in the same seat). */
export function sameBanker(then: RoundResultView['banker'], now: TableView['banker']): boolean {
  if (then.kind === 'house' || now.kind === 'house') return then.kind === now.kind;
  return then.seat === now.seat && then.nickname === now.nickname;
}
