/** The line above the bet spots (`message`): what to do now, or whom the viewer waits for (with a countdown). */
import { useTranslation } from 'react-i18next';
import type { TableView, YouView } from '@paigow/protocol';
import type { Stage, Waiting } from '../table-ui/model.js';
import { Countdown } from '../table-ui/Timer.js';
import { seatFree } from '../table-ui/felt.js';
import { brokeAt } from '../table-ui/broke.js';

type T = ReturnType<typeof useTranslation>['t'];

/** The phase line of `view` for its viewer; `waitDeadline` (browser clock) bounds the wait, when known. */
export function PhaseMessage({ view, you, stage, status, waiting, waitDeadline }: {
  view: TableView;
  you: YouView;
  stage: Stage;
  status: string;
  waiting: Waiting | null;
  waitDeadline: number | null;
}) {
  const { t } = useTranslation();
  if (status === 'reconnecting' || status === 'connecting') return <>{t('app.reconnecting')}</>;
  if (waiting) {
    const head = waiting.kind === 'approval' ? t('waiting.approval') : t(`waiting.${waiting.kind}`, { count: waiting.count });
    return (
      <span data-testid="waiting" data-kind={waiting.kind} data-count={waiting.count}>
        {head}
        {waitDeadline !== null ? <Countdown deadline={waitDeadline} render={(seconds) => t('waiting.within', { seconds })} /> : t('waiting.none')}
      </span>
    );
  }
  // A round played to its end whose result waits for the ledger (a database fault): the hands left the felt, and this
  // says why, until its result shows or it is refunded (docs/protocol.md `settlingRoundId`).
  if (view.settlingRoundId !== null && view.phase !== 'setting' && view.phase !== 'dealing') {
    return (
      <span data-testid="settling" data-round-id={view.settlingRoundId}>
        {t('phase.settling')}
      </span>
    );
  }
  return <>{phaseMessage(view, you, stage, t)}</>;
}

function phaseMessage(view: TableView, you: YouView, stage: Stage, t: T): string {
  if (you.role === 'banker') {
    if (view.phase === 'approval' && view.banker.kind === 'player' && !view.banker.approved) return t('phase.approve');
    return t('phase.banking');
  }
  // A full table offers no seat: the spectator watches until one is free.
  if (you.role === 'spectator') return seatFree(view) ? t('phase.spectator') : t('phase.full');
  switch (view.phase) {
    case 'approval':
      return t('phase.awaitingApproval');
    case 'dealing':
      return stage.kind === 'revealed' ? t('phase.otherRound') : t('phase.dealing');
    case 'setting':
      if (stage.kind === 'setting') return stage.submitted ? t('phase.waitingOthers') : t('phase.setting');
      // Not dealt in: the viewer's last round stays on the felt while the others play theirs.
      if (stage.kind === 'revealed') return t('phase.otherRound');
      return t('phase.waitingOthers');
    default:
      // A player who cannot cover the minimum reads the broke notice under this line (BrokeNotice.tsx), not "Rebet or build
      // a new one" above it: those four lines made a Russian result 752 px tall on a 360×740 phone (a tester's).
      if (brokeAt(you, view.config.limits.main) !== null) return '';
      // A bet down and Deal not pressed (or taken back by a change of bet): Deal is what is missing.
      return you.ready ? t('phase.waitingDeal') : stage.kind === 'revealed' && you.bets.main === 0 ? t('phase.settled') : t('phase.betting');
  }
}
